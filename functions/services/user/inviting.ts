/** Inviting to an organization: the invitation mails, a new or existing account invited, a pending invitation found. */
import type { Invitation, User, UserRole } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { MAIL_TEXTS, textIn } from '../../../shared/i18n';
import { INVITE_REFUSALS, type UserView } from '../../../shared/services';
import { CONDITIONS, type TransactItem } from '../../store/store';
import type { AuthedContext } from '../../contract/context';
import { auditNew } from '../../store/audit';
import { escapeHtml, expiryText, issueLink, sendPasswordLink, signInLinks } from '../auth';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { assertMaySend, countSend, invitationIdOf, joinInvitationView } from './invitations';
import { emailGuard, linksOf, usernameGuard } from './users';
import { accounts, accountWrites, newUser } from './membership';
import { say } from '../../../shared/i18n/say';

async function mailJoinInvitation(ctx: AuthedContext, account: User, role: UserRole): Promise<void> {
  const org = await ctx.organization.get();
  const lang = account.language ?? 'en';
  const text = textIn(MAIL_TEXTS.joinIntro, lang, { inviter: ctx.identity.username, username: account.username, organization: org?.name ?? ctx.tenant.orgId, role: role.name });
  const nothing = MAIL_TEXTS.joinNothing[lang];
  const url = `${ctx.rt.config.publicUrl.replace(/\/$/, '')}/portalui/#/dashboard`;
  // an account whose address is not shown to be its owner's accepts only once this mail's link is opened
  const confirm = account.emailVerified ? undefined : await issueLink(signInLinks(ctx), account, 'address', account.email);
  const confirmText = textIn(MAIL_TEXTS.joinConfirmFirst, lang, { email: account.email });
  const confirmLines = confirm ? `\n\n${confirmText}\n\n${confirm.url}\n\n${expiryText(lang, confirm.hours)}` : '';
  const confirmHtml = confirm ? `<p>${escapeHtml(confirmText)}</p><p><a href="${confirm.url}">${confirm.url}</a></p><p>${expiryText(lang, confirm.hours)}</p>` : '';
  await ctx.rt.mailer.send({
    to: account.email,
    subject: MAIL_TEXTS.joinSubject[lang],
    text: `${text}\n\n${url}${confirmLines}\n\n${nothing}`,
    html: `<p>${escapeHtml(text)}</p><p><a href="${url}">${url}</a></p>${confirmHtml}<p>${escapeHtml(nothing)}</p>`,
  });
}

const unanswered = (nowMs: number) => ({
  ConditionExpression: 'attribute_not_exists(#k) OR #e <= :now',
  ExpressionAttributeNames: { '#k': 'userId', '#e': 'expiresAt' },
  ExpressionAttributeValues: { ':now': Math.floor(nowMs / 1000) },
});

/** An account that has never set a password is sent a link to set one; any other is asked to join. */
export async function mailInvitation(ctx: AuthedContext, account: User, role: UserRole, language?: User['language']): Promise<void> {
  // a person who has never signed in has chosen no language: the organization's is the best guess
  if (account.status === 'INVITED') await sendPasswordLink(signInLinks(ctx), account, 'invite', language ?? (await organizationSettingOf(ctx.tenant)).defaultLanguage);
  else await mailJoinInvitation(ctx, account, role);
}

type Typed = { username: string; email: string; firstName: string; lastName: string };

export async function invite(ctx: AuthedContext, role: UserRole, typed: Typed, found: User | undefined): Promise<UserView> {
  const { tenant } = ctx;
  const store = accounts(ctx);
  const now = ctx.rt.clock.now();
  if (found) {
    const link = await tenant.get('organizationUser', found.id);
    // a new address invited before invitations were records is a member whose status is INVITED
    if (link) throw new AppError('720001', link.member.status === 'INVITED' ? INVITE_REFUSALS.invited : INVITE_REFUSALS.member);
    const earlier = await tenant.get('invitation', found.id);
    if (earlier && earlier.expiresAt * 1000 > now) throw new AppError('720001', INVITE_REFUSALS.invited);
  }
  // the organization's language: a new account's until its owner chooses, its invitation mail's, and the answer's
  const { defaultLanguage: language } = await organizationSettingOf(tenant);
  const account = found ?? newUser(ctx, typed, 'INVITED', language);
  await assertMaySend(ctx, account.id, account.email, false);
  const invitation: Invitation = tenant.own({
    userId: account.id,
    roleId: role.id,
    email: typed.email,
    username: typed.username,
    expiresAt: Math.floor(now / 1000) + ctx.rt.config.inviteSeconds,
    ...auditNew(now, ctx.identity.userId),
  });
  if (found) await store.put('invitation', invitation, unanswered(now), '720001');
  else await store.transact([...accountWrites(ctx, account), store.putNew('invitation', invitation, '720001')]);
  await mailInvitation(ctx, account, role, language);
  await countSend(ctx, account.id, account.email, false);
  return joinInvitationView(ctx, invitation, typed, role, language);
}

export const PENDING_MAX = 200;

export async function findPending(ctx: AuthedContext, id: string): Promise<Invitation> {
  const now = ctx.rt.clock.now();
  const invitation = (await ctx.tenant.list('invitation')).find((i) => i.expiresAt * 1000 > now && invitationIdOf(ctx, i) === id);
  if (invitation) return invitation;
  if (await ctx.tenant.get('organizationUser', id)) throw new AppError('720003', say('request.invitationAnswered'));
  throw new AppError('720003');
}

/**
 * A withdrawn invitation's account goes too when it never set a password and nothing else waits for it (no
 * membership, no other organization's invitation): its link dies with it.
 */
export async function unclaimedAccountWrites(ctx: AuthedContext, invitation: Invitation): Promise<TransactItem[]> {
  const store = accounts(ctx);
  const account = await store.get('user', { id: invitation.userId });
  if (account?.status !== 'INVITED') return [];
  const nowS = Math.floor(ctx.rt.clock.now() / 1000);
  const [links, others] = await Promise.all([linksOf(store, account.id), store.queryAll('invitation', { name: 'userId', value: account.id }, 'byUser')]);
  if (links.length > 0 || others.some((i) => i.orgId !== invitation.orgId && i.expiresAt > nowS)) return [];
  return [
    // a password set meanwhile wins: the account stays
    { Delete: { TableName: store.table('user'), Key: { id: account.id }, ...CONDITIONS.versionIs(account.version) } },
    store.deleteItem('uniqueKey', { id: usernameGuard(account.usernameKey) }),
    store.deleteItem('uniqueKey', { id: emailGuard(account.emailKey) }),
  ];
}
