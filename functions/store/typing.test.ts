/** The store is typed by entity name: the caller cannot choose what a read answers. Checked by `npm run typecheck`. */
import { expect, it } from 'vitest';
import type { User } from '../../shared/entities';
import type { Store, TenantStore } from './store';

export function reads(store: Store, tenant: TenantStore) {
  // @ts-expect-error a result type chosen by the caller does not compile
  void store.get<User>('userRole', { orgId: 1, id: 'r1' });
  // The entity decides: a role answers its permissions...
  void store.get('userRole', { orgId: 1, id: 'r1' }).then((role) => role?.permissions.length);
  // @ts-expect-error ...and has no password hash
  void store.get('userRole', { orgId: 1, id: 'r1' }).then((role) => role?.passwordHash);
  // @ts-expect-error a global entity is not reachable through the tenant store
  void tenant.get('user', 'u1');
  // @ts-expect-error a sharded entity is not reachable with an orgId-only key
  void tenant.get('account', 'a1');
  void tenant.list('planTag').then((tags) => tags.map((t) => t.name));
}

it('is checked by the type checker', () => expect(reads).toBeTypeOf('function'));
