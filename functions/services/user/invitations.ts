/** What an organization sees of its invitations: only what the inviter typed. */
import { createHmac } from 'node:crypto';
import type { Invitation, User, UserRole } from '../../../shared/entities';
import type { UserView } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import type { Limit } from '../auth';
import { buildUser, emailKeyOf, snapshotOf } from './users';

export const RESENDS_PER_HOUR = 3;
export const RESEND_GAP_SECONDS = 60;
/** Invitation mails of one organization to one address per hour (invites and resends alike, withdrawn or not). */
export const INVITE_MAILS_PER_HOUR = 5;

/** The id an organization knows an existing account's invitation by: shaped like any user id, naming no account. */
export function invitationIdOf(ctx: AuthedContext, invitation: Pick<Invitation, 'orgId' | 'userId'>): string {
  const h = createHmac('sha256', ctx.rt.keys.sealKey).update(`invitation:${invitation.orgId}:${invitation.userId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The answer to an invitation of an existing account, field for field what a new account's invitation answers. */
export function joinInvitationView(
  ctx: AuthedContext,
  invitation: Invitation,
  typed: { username: string; email: string; firstName: string; lastName: string },
  role: UserRole,
  language: User['language'],
): UserView {
  const like = buildUser({ ...typed, status: 'INVITED', orgId: ctx.tenant.orgId, actor: ctx.identity.userId, now: invitation.dateCreated, language });
  return { id: invitationIdOf(ctx, invitation), ...snapshotOf(like), roleId: role.id, roleName: role.name };
}

function limitsOf(orgId: number, subject: string, address: string) {
  return {
    gap: { key: `invite-gap:${orgId}:${subject}`, max: 1, windowSeconds: RESEND_GAP_SECONDS },
    mailbox: { key: `invite-mail:${orgId}:${emailKeyOf(address)}`, max: INVITE_MAILS_PER_HOUR, windowSeconds: 3600 },
    resends: { key: `invite-resend:${orgId}:${subject}`, max: RESENDS_PER_HOUR, windowSeconds: 3600 },
  } satisfies Record<string, Limit>;
}

/** Refuses with 400014 (and its wait) while a limit of this send is reached; the gap runs from the last send. */
export async function assertMaySend(ctx: AuthedContext, subject: string, address: string, resend: boolean): Promise<void> {
  const l = limitsOf(ctx.tenant.orgId, subject, address);
  await ctx.rateLimits.assertUnder(ctx.rt.clock.now(), resend ? [l.gap, l.resends, l.mailbox] : [l.mailbox]);
}

export async function countSend(ctx: AuthedContext, subject: string, address: string, resend: boolean): Promise<void> {
  const l = limitsOf(ctx.tenant.orgId, subject, address);
  await ctx.rateLimits.count(ctx.rt.clock.now(), resend ? [l.gap, l.resends, l.mailbox] : [l.gap, l.mailbox]);
}
