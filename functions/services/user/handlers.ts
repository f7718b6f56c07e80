import { type Invitation, type Organization, type OrganizationUser, permissionsOf, type User, type UserRole } from '../../../shared/entities';
import { untenantedStore } from '../../api/untenanted';
import { AppError, type ErrorCode } from '../../../shared/errors';
import { MAIL_TEXTS, REQUEST_TEXTS, textIn } from '../../../shared/i18n';
import { INVITE_REFUSALS, type PendingInvitationView, type UserView, usernameSchema } from '../../../shared/services';
import { CONDITIONS, type TransactItem } from '../../store/store';
import { type AreaHandlers, type AuthedContext, type Handler, prefetching } from '../../api/context';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import {
  assertUnderLimits,
  countAttempt,
  escapeHtml,
  expiryText,
  hasNoAddress,
  issueLink,
  mailAddressConfirmation,
  revokeUserSessions,
  sendPasswordLink,
  signInLinks,
  spendLink,
  switchSessionOrg,
} from '../auth';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { assertMayGrant, assertNotOwnRole, assertWithinRights, directoryKey } from '../userRole';
import { assertMaySend, countSend, invitationIdOf, joinInvitationView } from './invitations';
import { changeWrites, joinWrites, leaveWrites, memberPage } from './memberListing';
import { buildUser, emailGuard, emailKeyOf, findUserBy, linksOf, newSecurityStamp, snapshotOf, snapshotWrites, toUserView, usernameGuard } from './users';

/** Accounts and memberships: the user directory, its unique guards and invitations answered from any organization: the untenanted store's door. */
const accounts = (ctx: object) => untenantedStore(ctx, 'accounts and memberships: the user directory, its unique guards and invitations answered from any organization');

const SHARED_ACCOUNT = 'This account also belongs to another organization: only its owner can change its username, e-mail, password or status.';

/** The organization's members with their users and role names. */
async function members(ctx: AuthedContext) {
  const [links, roles] = await Promise.all([ctx.tenant.list('organizationUser'), ctx.tenant.list('userRole')]);
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  return links.map((link) => toUserView(link, roleName.get(link.roleId) ?? ''));
}

async function requireRole(ctx: AuthedContext, roleId: string): Promise<UserRole> {
  return ctx.tenant.require('userRole', roleId);
}

/** A member of the caller's organization; anyone else answers exactly like an id that does not exist. */
async function requireMember(ctx: AuthedContext, userId: string): Promise<{ user: User; link: OrganizationUser }> {
  const link = await ctx.tenant.get('organizationUser', userId);
  const user = link ? await ctx.users.get(userId) : undefined;
  if (!link || !user) throw new AppError('720003');
  return { user, link };
}

/** A member whose role is above the caller's rights is out of reach (edit and delete alike). */
async function assertMayManageMember(ctx: AuthedContext, link: OrganizationUser): Promise<void> {
  const role = await ctx.tenant.get('userRole', link.roleId);
  if (role) assertWithinRights(ctx, role, 'member');
}

/** An address already used by another account answers 720001 with a plain reason (the guard catches races). */
async function assertEmailFree(ctx: AuthedContext, email: string): Promise<void> {
  if (await ctx.users.findBy('emailKey', emailKeyOf(email))) {
    throw new AppError('720001', 'This e-mail address belongs to another account.');
  }
}

/** A new account made by an administrator, in the organization's default language until its owner chooses one. */
function newUser(ctx: AuthedContext, fields: { username: string; email: string; firstName: string; lastName: string }, status: User['status'], language: User['language']): User {
  return buildUser({ ...fields, status, orgId: ctx.identity.orgId, actor: ctx.identity.userId, now: ctx.rt.clock.now(), language });
}

function newLink(ctx: AuthedContext, user: User, roleId: string): OrganizationUser {
  return ctx.tenant.own({ userId: user.id, roleId, member: snapshotOf(user), ...auditNew(ctx.rt.clock.now(), ctx.identity.userId) });
}

/** The writes that create an account with its unique guards, and its first membership when it has one. */
function accountWrites(ctx: AuthedContext, user: User, link?: OrganizationUser) {
  const store = accounts(ctx);
  return [
    store.putNew('uniqueKey', { id: usernameGuard(user.usernameKey), owner: user.id }, '720001'),
    store.putNew('uniqueKey', { id: emailGuard(user.emailKey), owner: user.id }, '720001'),
    store.putNew('user', user),
    ...(link ? joinWrites(store, link) : []),
  ];
}

/** Asks an existing account by mail, in its language, to join the caller's organization as `role`. */
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

/** An invitation nobody answered in time is gone, even before DynamoDB's TTL removes it. */
const unanswered = (nowMs: number) => ({
  ConditionExpression: 'attribute_not_exists(#k) OR #e <= :now',
  ExpressionAttributeNames: { '#k': 'userId', '#e': 'expiresAt' },
  ExpressionAttributeValues: { ':now': Math.floor(nowMs / 1000) },
});

/** An account that has never set a password is sent a link to set one; any other is asked to join. */
async function mailInvitation(ctx: AuthedContext, account: User, role: UserRole, language?: User['language']): Promise<void> {
  // a person who has never signed in has chosen no language: the organization's is the best guess
  if (account.status === 'INVITED') await sendPasswordLink(signInLinks(ctx), account, 'invite', language ?? (await organizationSettingOf(ctx.tenant)).defaultLanguage);
  else await mailJoinInvitation(ctx, account, role);
}

type Typed = { username: string; email: string; firstName: string; lastName: string };

/**
 * Invites `found`, or a new account for the typed details when there is none. Either way it is an invitation
 * record and no member until its owner accepts (a new account: sets its password), and the answer is built from
 * what was typed alone, so the organization cannot tell whether the address had an account elsewhere.
 */
async function invite(ctx: AuthedContext, role: UserRole, typed: Typed, found: User | undefined): Promise<UserView> {
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

/** The most pending invitations one answer lists (newest sent first); `more` says when there are others. */
const PENDING_MAX = 200;

/** A member's leaving; an account that belongs nowhere else goes with it (its sessions end). */
async function removeMember(ctx: AuthedContext, user: User, link: OrganizationUser): Promise<void> {
  const store = accounts(ctx);
  const others = (await linksOf(store, user.id)).filter((l) => l.orgId !== ctx.identity.orgId);
  const writes = leaveWrites(store, link);
  if (others.length === 0) {
    writes.push(
      store.deleteItem('user', { id: user.id }),
      store.deleteItem('uniqueKey', { id: usernameGuard(user.usernameKey) }),
      store.deleteItem('uniqueKey', { id: emailGuard(user.emailKey) }),
    );
  }
  await store.transact(writes);
  if (others.length === 0) await revokeUserSessions(store, user.id, 'deleted');
}

/**
 * An unanswered invitation of the caller's organization, by the id its list shows. Anything else (an answered or
 * lapsed one, another organization's) answers 720003.
 */
async function findPending(ctx: AuthedContext, id: string): Promise<Invitation> {
  const now = ctx.rt.clock.now();
  const invitation = (await ctx.tenant.list('invitation')).find((i) => i.expiresAt * 1000 > now && invitationIdOf(ctx, i) === id);
  if (invitation) return invitation;
  if (await ctx.tenant.get('organizationUser', id)) throw new AppError('720003', 'This invitation has been answered already.');
  throw new AppError('720003');
}

/**
 * A withdrawn invitation's account goes too when it never set a password and nothing else waits for it (no
 * membership, no other organization's invitation): its link dies with it.
 */
async function unclaimedAccountWrites(ctx: AuthedContext, invitation: Invitation): Promise<TransactItem[]> {
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

/** Shows a new address to its old owner without spelling it out: j***@example.com. */
function masked(email: string): string {
  const [local, domain] = [email.slice(0, email.lastIndexOf('@')), email.slice(email.lastIndexOf('@') + 1)];
  return `${local.slice(0, 1)}***@${domain}`;
}

export const userHandlers: AreaHandlers<'user'> = {
  // The organization's role directory (names, member counts) is read with the caller's own records.
  getListByPage: prefetching<Handler<'user.getListByPage'>>(
    (q, ctx) => memberPage(ctx, q),
    (orgId) => [directoryKey(orgId)],
  ),

  async save(p, ctx) {
    const store = accounts(ctx);
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const role = await requireRole(ctx, p.roleId);
    if (!p.id) {
      if (!p.password) throw new AppError('720006', 'payload.password: a new user needs a password (or invite them instead).');
      assertMayGrant(ctx, permissionsOf(role));
      // An account of other organizations is asked to join (its password stays its owner's), as an invitation
      // answers; a member here is refused below.
      const taken = await findUserBy(store, 'emailKey', emailKeyOf(p.email));
      if (taken && !(await ctx.tenant.get('organizationUser', taken.id))) {
        return invite(ctx, role, { username: p.username, email: p.email, firstName: p.firstName, lastName: p.lastName }, taken);
      }
      await assertEmailFree(ctx, p.email);
      const { defaultLanguage } = await organizationSettingOf(ctx.tenant);
      const user: User = { ...newUser(ctx, p, p.status, defaultLanguage), passwordHash: await hashPassword(p.password) };
      const link = newLink(ctx, user, role.id);
      await store.transact(accountWrites(ctx, user, link));
      return toUserView(link, role.name);
    }
    const { user, link } = await requireMember(ctx, p.id);
    checkVersion(user, p.version);
    const self = p.id === actor;
    const usernameKey = p.username.toLowerCase();
    const emailChanged = emailKeyOf(p.email) !== user.emailKey;
    const roleChanged = link.roleId !== role.id;
    const status = user.status === 'INVITED' ? 'INVITED' : p.status;
    const identityChanged = p.username !== user.username || emailChanged || Boolean(p.password) || status !== user.status;
    if (self) {
      if (roleChanged) assertNotOwnRole(ctx, link.roleId);
      if (status === 'INACTIVE') throw new AppError('720009', 'You cannot deactivate your own account.');
      if (emailChanged || p.password) {
        throw new AppError('730001', 'Change your own e-mail address and password in Settings, where they are confirmed.');
      }
    } else {
      await assertMayManageMember(ctx, link);
      if (roleChanged) assertMayGrant(ctx, permissionsOf(role));
    }
    const links = await linksOf(store, user.id);
    if (identityChanged && !self && links.some((l) => l.orgId !== ctx.identity.orgId)) throw new AppError('730001', SHARED_ACCOUNT);
    if (emailChanged) await assertEmailFree(ctx, p.email);
    const next: User = {
      ...user,
      ...auditNext(user, now, actor),
      username: p.username,
      usernameKey,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
      emailKey: emailKeyOf(p.email),
      status,
      ...(p.password ? { passwordHash: await hashPassword(p.password) } : {}),
    };
    // Password, role or email changed: the user's sessions end (600005).
    if (emailChanged || roleChanged || p.password) next.securityStamp = newSecurityStamp();
    const nextLink: OrganizationUser = { ...link, ...auditNext(link, now, actor), roleId: role.id, member: snapshotOf(next) };
    const writes: (TransactItem & { failCode?: ErrorCode })[] = [store.putVersioned('user', next, user.version), ...changeWrites(store, link, nextLink)];
    writes.push(...(await snapshotWrites(store, next, ctx.identity.orgId)));
    if (usernameKey !== user.usernameKey) {
      writes.push(store.putNew('uniqueKey', { id: usernameGuard(usernameKey), owner: user.id }, '720001'));
      writes.push({ ...store.deleteItem('uniqueKey', { id: usernameGuard(user.usernameKey) }), failCode: '720007' });
    }
    if (emailChanged) {
      writes.push(store.putNew('uniqueKey', { id: emailGuard(next.emailKey), owner: user.id }, '720001'));
      writes.push(store.deleteItem('uniqueKey', { id: emailGuard(user.emailKey) }));
    }
    await store.transact(writes);
    return toUserView(nextLink, role.name);
  },

  async delete({ id }, ctx) {
    if (id === ctx.identity.userId) throw new AppError('720009', 'You cannot delete your own account.');
    const { user, link } = await requireMember(ctx, id);
    await assertMayManageMember(ctx, link);
    await removeMember(ctx, user, link);
    return { ok: true };
  },

  async pendingInvitations(_p, ctx) {
    const { tenant } = ctx;
    const store = accounts(ctx);
    const nowS = Math.floor(ctx.rt.clock.now() / 1000);
    const [invitations, directory] = await Promise.all([tenant.list('invitation'), store.get(directoryKey(tenant.orgId).entity, directoryKey(tenant.orgId).key)]);
    const roleName = (id: string) => directory?.names[id] ?? '';
    // only what the inviter typed, whether or not the address had an account
    const rows: PendingInvitationView[] = invitations
      .filter((i) => i.expiresAt > nowS)
      .map((i) => ({
        userId: invitationIdOf(ctx, i),
        username: i.username ?? '',
        email: i.email ?? '',
        roleId: i.roleId,
        roleName: roleName(i.roleId),
        dateCreated: i.dateCreated,
        dateSent: i.dateUpdated,
        expiresAt: i.expiresAt * 1000,
      }));
    rows.sort((a, b) => b.dateSent - a.dateSent);
    return { rows: rows.slice(0, PENDING_MAX), more: rows.length > PENDING_MAX };
  },

  async resendInvitation({ userId }, ctx) {
    const now = ctx.rt.clock.now();
    const invitation = await findPending(ctx, userId);
    const [account, role] = (await accounts(ctx).getMany([
      { entity: 'user', key: { id: invitation.userId } },
      { entity: 'userRole', key: { orgId: ctx.tenant.orgId, id: invitation.roleId } },
    ])) as [User | undefined, UserRole | undefined];
    if (!account) throw new AppError('720003');
    if (!role) throw new AppError('720003', 'The role of this invitation no longer exists; cancel it and invite again.');
    assertWithinRights(ctx, role, 'member');
    await assertMaySend(ctx, account.id, account.email, true);
    // a new answering period from now, for the invitation as it was read (a concurrent answer wins)
    await accounts(ctx).put(
      'invitation',
      { ...invitation, ...auditNext(invitation, now, ctx.identity.userId), expiresAt: Math.floor(now / 1000) + ctx.rt.config.inviteSeconds },
      CONDITIONS.versionIs(invitation.version),
      '720003',
    );
    await mailInvitation(ctx, account, role);
    await countSend(ctx, account.id, account.email, true);
    return { ok: true };
  },

  async cancelInvitation({ userId }, ctx) {
    const invitation = await findPending(ctx, userId);
    const role = await ctx.tenant.get('userRole', invitation.roleId);
    if (role) assertWithinRights(ctx, role, 'member');
    const gone = await unclaimedAccountWrites(ctx, invitation);
    const key = { orgId: invitation.orgId, userId: invitation.userId };
    // answered meanwhile: the answer wins
    await accounts(ctx).transact([
      { Delete: { TableName: accounts(ctx).table('invitation'), Key: key, ...CONDITIONS.versionIs(invitation.version) }, failCode: '720003' },
      ...gone,
    ]);
    return { ok: true };
  },

  async invited(p, ctx) {
    const store = accounts(ctx);
    const role = await requireRole(ctx, p.roleId);
    assertMayGrant(ctx, permissionsOf(role));
    const username = p.username ?? p.email;
    if (!usernameSchema.safeParse(username).success) {
      throw new AppError('400016', 'payload.username: this e-mail address cannot be a username; give a username of letters, digits and . _ @ - only.');
    }
    const typed = { username, email: p.email, firstName: p.firstName, lastName: p.lastName };
    const byName = await findUserBy(store, 'usernameKey', username.toLowerCase());
    // an address with an account elsewhere is asked to join, whatever username was typed: the answer is the same
    const existing = byName ?? (await findUserBy(store, 'emailKey', emailKeyOf(p.email)));
    return invite(ctx, role, typed, existing);
  },

  async getAll(_p, ctx) {
    return (await members(ctx)).map(({ id, username, firstName, lastName }) => ({ id, username, firstName, lastName })).sort((a, b) => a.username.localeCompare(b.username));
  },

  async switchOrganization({ orgId }, ctx) {
    return switchSessionOrg(ctx, ctx.identity, orgId);
  },

  async updateUsageGuide({ key, done }, ctx) {
    const user = await ctx.users.get(ctx.identity.userId);
    if (!user) throw new AppError('710001');
    const usageGuide = Object.fromEntries([...Object.entries(user.usageGuide ?? {}), [key, done]]);
    await ctx.users.setUsageGuide(user.id, usageGuide);
    return { usageGuide };
  },

  async profile(_p, ctx) {
    const { user, link } = await requireMember(ctx, ctx.identity.userId);
    const role = await ctx.tenant.get('userRole', link.roleId);
    return { ...toUserView(link, role?.name ?? ''), alertEmails: user.alertEmails, alertTypes: user.alertTypes };
  },

  async saveProfile(p, ctx) {
    const { user, link } = await requireMember(ctx, ctx.identity.userId);
    const next: User = { ...user, ...auditNext(user, ctx.rt.clock.now(), user.id) };
    for (const key of ['firstName', 'lastName', 'language', 'timeZone', 'defaultLandingPage', 'alertEmails', 'alertTypes'] as const) {
      if (p[key] !== undefined) Object.assign(next, { [key]: p[key] });
    }
    await accounts(ctx).transact([accounts(ctx).putVersioned('user', next, user.version), ...(await snapshotWrites(accounts(ctx), next))]);
    const role = await ctx.tenant.get('userRole', link.roleId);
    return { ...toUserView({ ...link, member: snapshotOf(next) }, role?.name ?? ''), alertEmails: next.alertEmails, alertTypes: next.alertTypes };
  },

  async changeEmail({ email, password }, ctx) {
    const { rt } = ctx;
    const store = accounts(ctx);
    const now = rt.clock.now();
    const limit = { key: `email:user:${ctx.identity.userId}`, max: 5, windowSeconds: 3600 };
    await assertUnderLimits(store, now, [limit]);
    const user = await store.get('user', { id: ctx.identity.userId });
    if (!user) throw new AppError('710001');
    await countAttempt(store, now, [limit]);
    if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('710007');
    if (emailKeyOf(email) === user.emailKey) throw new AppError('720009', 'This is already your e-mail address.');
    await assertEmailFree(ctx, email);
    await mailAddressConfirmation(signInLinks(ctx), user, email, 'email');
    const lang = user.language ?? 'en';
    await rt.mailer.send({
      to: user.email,
      subject: MAIL_TEXTS.emailRequestedSubject[lang],
      text: textIn(MAIL_TEXTS.emailRequested, lang, { username: user.username, email: masked(email) }),
    });
    return { ok: true, pendingEmail: email };
  },

  async confirmEmail({ token }, ctx) {
    const { rt } = ctx;
    const store = accounts(ctx);
    // an address the account did not ask for with its password is its own only for the person signed in as it
    const { link, user } = await spendLink(signInLinks(ctx), token, ['email', 'address'], (l, u) => {
      if (l.purpose === 'address' && ctx.identity?.userId !== u.id) throw new AppError('400017', REQUEST_TEXTS.confirmSignedIn);
    });
    const email = link.newEmail ?? '';
    if (emailKeyOf(email) === user.emailKey) {
      // the account's own address, shown to be its owner's (an invitation to join asks for that)
      const shown: User = { ...user, ...auditNext(user, rt.clock.now(), user.id), emailVerified: true };
      await store.transact([store.putVersioned('user', shown, user.version), ...(await snapshotWrites(store, shown))]);
      return { ok: true, email: user.email };
    }
    const next: User = {
      ...user,
      ...auditNext(user, rt.clock.now(), user.id),
      email,
      emailKey: emailKeyOf(email),
      emailVerified: true,
      securityStamp: newSecurityStamp(),
    };
    await store.transact([
      store.putVersioned('user', next, user.version),
      store.putNew('uniqueKey', { id: emailGuard(next.emailKey), owner: user.id }, '720001'),
      store.deleteItem('uniqueKey', { id: emailGuard(user.emailKey) }),
      ...(await snapshotWrites(store, next)),
    ]);
    // an account made by single sign-on without a verified address had none to tell
    if (!hasNoAddress(user))
      await rt.mailer.send({
        to: user.email,
        subject: MAIL_TEXTS.emailChangedSubject[user.language ?? 'en'],
        text: textIn(MAIL_TEXTS.emailChanged, user.language ?? 'en', { username: user.username, email: masked(email) }),
      });
    return { ok: true, email };
  },

  async myInvitations(_p, ctx) {
    const { rt } = ctx;
    const store = accounts(ctx);
    const nowS = Math.floor(rt.clock.now() / 1000);
    const pending = (await store.queryAll('invitation', { name: 'userId', value: ctx.identity.userId }, 'byUser')).filter((i) => i.expiresAt > nowS);
    const found = await store.getMany([
      ...pending.map((i) => ({ entity: 'organization' as const, key: { id: i.orgId } })),
      ...pending.map((i) => ({ entity: 'userRole' as const, key: { orgId: i.orgId, id: i.roleId } })),
      ...pending.map((i) => ({ entity: 'user' as const, key: { id: i.createdBy } })),
    ]);
    const n = pending.length;
    return pending.map((i, k) => ({
      orgId: i.orgId,
      orgName: (found[k] as Organization | undefined)?.name ?? String(i.orgId),
      roleName: (found[n + k] as UserRole | undefined)?.name ?? '',
      invitedBy: (found[2 * n + k] as User | undefined)?.username ?? '',
      dateCreated: i.dateCreated,
      expiresAt: i.expiresAt * 1000,
    }));
  },

  async acceptInvitation({ orgId }, ctx) {
    const { rt } = ctx;
    const store = accounts(ctx);
    const userId = ctx.identity.userId;
    const invitation = await store.get('invitation', { orgId, userId });
    if (!invitation || invitation.expiresAt * 1000 <= rt.clock.now()) throw new AppError('720003');
    const [org, role, user] = (await store.getMany([
      { entity: 'organization', key: { id: orgId } },
      { entity: 'userRole', key: { orgId, id: invitation.roleId } },
      { entity: 'user', key: { id: userId } },
    ])) as [Organization | undefined, UserRole | undefined, User | undefined];
    if (org?.status !== 'ACTIVE' || !user) throw new AppError('720003');
    if (!role) throw new AppError('720003', 'The role of this invitation no longer exists; ask for a new invitation.');
    // the invitation went to an address: only an account that Herald's mailed link showed to own it may take it up
    if (!user.emailVerified) throw new AppError('400017', REQUEST_TEXTS.joinUnverified);
    const link: OrganizationUser = { orgId, userId, roleId: role.id, member: snapshotOf(user), ...auditNew(rt.clock.now(), userId) };
    await store.transact([
      { Delete: { TableName: store.table('invitation'), Key: { orgId, userId }, ...CONDITIONS.exists('userId') }, failCode: '720003' },
      ...joinWrites(store, link),
    ]);
    return { ok: true };
  },

  async declineInvitation({ orgId }, ctx) {
    await accounts(ctx).transact([
      {
        Delete: { TableName: accounts(ctx).table('invitation'), Key: { orgId, userId: ctx.identity.userId }, ...CONDITIONS.exists('userId') },
        failCode: '720003',
      },
    ]);
    return { ok: true };
  },
};

/** Role delegation: the user area's own, as it lives on the memberships. */
export { userDelegateHandlers } from './delegations';
