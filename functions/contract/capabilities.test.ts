/** A signed-in handler holds no untenanted store: the one-line cross-organization mistakes do not compile. Checked by `npm run typecheck`. */
import { expect, it } from 'vitest';
import type { AuthedContext } from './context';

function mistakes(ctx: AuthedContext, foreign: number) {
  // @ts-expect-error the untenanted store is not on a signed-in handler's context
  void ctx.platform.forOrg(foreign).get('segment', 's1');
  // @ts-expect-error the tenant store cannot be rebound to another organization
  void ctx.tenant.forOrg(foreign);
  // @ts-expect-error a capability writes no tenant entity: a session is all `sessions.put` takes
  void ctx.sessions.put({ orgId: foreign, id: 's1', name: 'segment', version: 1 });
  // @ts-expect-error a global entity is not readable through the tenant store
  void ctx.tenant.get('session', 's1');
  // @ts-expect-error the own-organization capability takes no id: it answers no other organization's record
  void ctx.organization.get(foreign);
  // What they may do instead: the caller's own organization, and the tenant store's records.
  void ctx.organization.get().then((org) => org?.name);
  void ctx.tenant.get('segment', 's1');
}

it('is checked by the type checker', () => {
  expect(mistakes).toBeTypeOf('function');
});
