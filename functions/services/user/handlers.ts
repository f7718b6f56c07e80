/** The user area's operations: the organization's members, invitations and their answers, a member's own account. */
import { type Organization, type OrganizationUser, permissionsOf, type User, type UserRole } from '../../../shared/entities';
import { AppError, type ErrorCode } from '../../../shared/errors';
import { MAIL_TEXTS, REQUEST_TEXTS, textIn } from '../../../shared/i18n';
import { type PendingInvitationView, usernameSchema } from '../../../shared/services';
import { CONDITIONS, type TransactItem } from '../../store/store';
import { type AreaHandlers, type Handler, prefetching } from '../../contract/context';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { assertUnderLimits, countAttempt, hasNoAddress, mailAddressConfirmation, signInLinks, spendLink, switchSessionOrg } from '../auth';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { assertMayGrant, assertNotOwnRole, assertWithinRights, directoryKey } from '../userRole';
import { assertMaySend, countSend, invitationIdOf } from './invitations';
import { changeWrites, joinWrites, memberPage } from './memberListing';
import { emailGuard, emailKeyOf, findUserBy, linksOf, newSecurityStamp, snapshotOf, snapshotWrites, toUserView, usernameGuard } from './users';
import { accounts, accountWrites, newLink, newUser, assertEmailFree, requireMember, requireRole, members, assertMayManageMember, removeMember, masked } from './membership';
import { mailInvitation, invite, PENDING_MAX, findPending, unclaimedAccountWrites } from './inviting';
import { say } from '../../../shared/i18n/say';

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
      if (!p.password) throw new AppError('720006', `payload.password: ${say('request.newUserPassword')}`);
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
      if (status === 'INACTIVE') throw new AppError('720009', say('request.ownDeactivate'));
      if (emailChanged || p.password) {
        throw new AppError('730001', say('request.ownCredentials'));
      }
    } else {
      await assertMayManageMember(ctx, link);
      if (roleChanged) assertMayGrant(ctx, permissionsOf(role));
    }
    const links = await linksOf(store, user.id);
    if (identityChanged && !self && links.some((l) => l.orgId !== ctx.identity.orgId)) throw new AppError('730001', say('request.sharedAccount'));
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
    if (id === ctx.identity.userId) throw new AppError('720009', say('request.ownDelete'));
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
    if (!role) throw new AppError('720003', say('request.invitationRoleCancel'));
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
      throw new AppError('400016', `payload.username: ${say('request.usernameEmail')}`);
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
    if (emailKeyOf(email) === user.emailKey) throw new AppError('720009', say('request.ownEmail'));
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
    if (!role) throw new AppError('720003', say('request.invitationRoleGone'));
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

export { userDelegateHandlers } from './delegations';
