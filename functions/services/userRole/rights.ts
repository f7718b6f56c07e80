// No one grants more than they hold: a caller manages a role or member only when all its permissions are the
// caller's own, grants only what it holds, and never changes its own role.
import { permissionsOf, type UserRole } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { notHeld } from '../../../shared/permissions';
import type { AuthedContext } from '../../contract/context';
import { say } from '../../../shared/i18n/say';

function refuse(detail: string): never {
  throw new AppError('730001', detail);
}

export function assertMayGrant(ctx: AuthedContext, permissions: readonly string[]): void {
  const beyond = notHeld(ctx.identity.permissions, permissions);
  if (beyond.length > 0) refuse(say('request.grantBeyond', { codes: `${beyond.slice(0, 5).join(', ')}${beyond.length > 5 ? ', …' : ''}` }));
}

export function assertWithinRights(ctx: AuthedContext, role: UserRole, what: 'role' | 'member'): void {
  if (notHeld(ctx.identity.permissions, permissionsOf(role)).length > 0) {
    refuse(what === 'role' ? 'This role holds permissions you do not hold.' : "This user's role holds permissions you do not hold.");
  }
}

export function assertNotOwnRole(ctx: AuthedContext, roleId: string): void {
  if (roleId === ctx.identity.roleId) refuse(say('request.ownRole'));
}
