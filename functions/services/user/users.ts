/** User records: look-ups, views and the writes other areas share (password changes). */
import { untenantedStore } from '../../contract/untenanted';
import type { MemberSnapshot, OrganizationUser, User } from '../../../shared/entities';
import type { UserView } from '../../../shared/services';
import type { RequestContext } from '../../contract/context';
import { AppError, type ErrorCode } from '../../../shared/errors';
import { auditNew, auditNext, newId } from '../../store/audit';
import { CONDITIONS, type Store, type TransactItem } from '../../store/store';
import { hashPassword } from '../../platform/passwords';
import { joinWrites, refreshedRow } from './memberListing';
import { randomToken } from '../../platform/randomTokens';
import { say } from '../../../shared/i18n/say';

const accounts = (ctx: object) => untenantedStore(ctx, 'a password change: the account and its snapshot in every organization of its owner');

export function newSecurityStamp(): string {
  return randomToken(12);
}

export async function findUserBy(store: Store, field: 'usernameKey' | 'emailKey', value: string): Promise<User | undefined> {
  const index = field === 'usernameKey' ? 'byUsername' : 'byEmail';
  const found = await store.queryAll('user', { name: field, value }, index);
  return found[0];
}

export interface NewUserFields {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  status: User['status'];
  orgId: number;
  actor: string;
  now: number;
  language?: User['language'];
}

export function buildUser(f: NewUserFields): User {
  return {
    id: newId(),
    username: f.username,
    usernameKey: f.username.toLowerCase(),
    firstName: f.firstName,
    lastName: f.lastName,
    email: f.email,
    emailKey: emailKeyOf(f.email),
    status: f.status,
    securityStamp: newSecurityStamp(),
    defaultLandingPage: '/dashboard',
    // none chosen: the organization's default zone, else the browser's
    timeZone: '',
    language: f.language ?? 'en',
    alertEmails: [],
    alertTypes: [],
    usageGuide: {},
    loginType: 'NATIVE',
    lastOrgId: f.orgId,
    ...auditNew(f.now, f.actor),
  };
}

export function snapshotOf(user: User): MemberSnapshot {
  const { username, firstName, lastName, email, status, language, timeZone, defaultLandingPage, version, dateCreated, dateUpdated } = user;
  return { username, firstName, lastName, email, status, language, timeZone, defaultLandingPage, version, dateCreated, dateUpdated };
}

export function toUserView(link: OrganizationUser, roleName: string): UserView {
  return { id: link.userId, ...link.member, roleId: link.roleId, roleName };
}

export function linksOf(store: Store, userId: string): Promise<OrganizationUser[]> {
  return store.queryAll('organizationUser', { name: 'userId', value: userId }, 'byUser');
}

/** Writes that refresh the user's snapshot on every membership and listing row, in the user write's transaction. */
export async function snapshotWrites(store: Store, user: User, skipOrg?: number): Promise<TransactItem[]> {
  const links = await linksOf(store, user.id);
  return links
    .filter((l) => l.orgId !== skipOrg)
    .flatMap((l) => [
      {
        Update: {
          TableName: store.table('organizationUser'),
          Key: { orgId: l.orgId, userId: l.userId },
          UpdateExpression: 'SET #m = :m',
          ConditionExpression: 'attribute_exists(#u)',
          ExpressionAttributeNames: { '#m': 'member', '#u': 'userId' },
          ExpressionAttributeValues: { ':m': snapshotOf(user) },
        },
      },
      refreshedRow(store, { ...l, member: snapshotOf(user) }),
    ]);
}

async function invitationAnswers(store: Store, user: User, now: number): Promise<{ writes: (TransactItem & { failCode?: ErrorCode })[]; orgId?: number }> {
  const nowS = Math.floor(now / 1000);
  const waiting = (await store.queryAll('invitation', { name: 'userId', value: user.id }, 'byUser')).filter((i) => i.expiresAt > nowS);
  const roles = await store.getMany(waiting.map((i) => ({ entity: 'userRole' as const, key: { orgId: i.orgId, id: i.roleId }, attributes: ['id'] })));
  const answered = waiting.filter((_i, k) => roles[k]).sort((a, b) => b.dateUpdated - a.dateUpdated);
  const writes = answered.flatMap((i) => [
    { Delete: { TableName: store.table('invitation'), Key: { orgId: i.orgId, userId: i.userId }, ...CONDITIONS.exists('userId') }, failCode: '400017' as const },
    ...joinWrites(store, { orgId: i.orgId, userId: user.id, roleId: i.roleId, member: snapshotOf(user), ...auditNew(now, user.id) }),
  ]);
  return { writes, orgId: answered[0]?.orgId };
}

/** Sets a new password; the new security stamp ends every older session of the user (600005). */
export async function setPassword(ctx: RequestContext, user: User, password: string, actor: string, byMailedLink = false): Promise<void> {
  const store = accounts(ctx);
  const now = ctx.rt.clock.now();
  const next: User = {
    ...user,
    ...auditNext(user, now, actor),
    passwordHash: await hashPassword(password),
    securityStamp: newSecurityStamp(),
    status: user.status === 'INVITED' ? 'ACTIVE' : user.status,
    ...(byMailedLink ? { emailVerified: true } : {}),
  };
  const links = await snapshotWrites(store, next);
  const joins = user.status === 'INVITED' ? await invitationAnswers(store, next, now) : { writes: [] };
  // an account made by invitations before they were records is already a member (its listing row is refreshed)
  if (user.status === 'INVITED' && joins.writes.length === 0 && links.length === 0) {
    throw new AppError('400017', say('request.invitationLapsed'));
  }
  if (joins.orgId !== undefined && links.length === 0) next.lastOrgId = joins.orgId;
  await store.transact([store.putVersioned('user', next, user.version), ...links, ...joins.writes]);
}

export const usernameGuard = (usernameKey: string) => `username#${usernameKey}`;
/** One account per sign-in address: a reset link must reach exactly one account. */
export const emailGuard = (emailKey: string) => `email#${emailKey}`;
export const emailKeyOf = (email: string) => email.trim().toLowerCase();
