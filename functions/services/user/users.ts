/** User records: look-ups, views and the writes other areas share (password changes). */
import type { OrganizationUser, User } from '../../../shared/entities';
import type { UserView } from '../../../shared/services';
import type { RequestContext } from '../../api/context';
import { auditNew, auditNext, newId } from '../../store/audit';
import type { Store } from '../../store/store';
import { hashPassword } from '../auth/passwords';
import { randomToken } from '../auth/tokens';

export function newSecurityStamp(): string {
  return randomToken(12);
}

export async function findUserBy(store: Store, field: 'usernameKey' | 'emailKey', value: string): Promise<User | undefined> {
  const index = field === 'usernameKey' ? 'byUsername' : 'byEmail';
  const found = await store.queryAll<User>('user', { name: field, value }, index);
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
}

/** A new user record with the default preferences. */
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
    timeZone: 'UTC',
    language: 'en',
    alertEmails: [],
    alertTypes: [],
    usageGuide: {},
    loginType: 'NATIVE',
    lastOrgId: f.orgId,
    ...auditNew(f.now, f.actor),
  };
}

export function toUserView(user: User, link: OrganizationUser, roleName: string): UserView {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    status: user.status,
    roleId: link.roleId,
    roleName,
    language: user.language,
    timeZone: user.timeZone,
    defaultLandingPage: user.defaultLandingPage,
    version: user.version,
    dateCreated: user.dateCreated,
    dateUpdated: user.dateUpdated,
  };
}

/** Sets a new password; the new security stamp ends every older session of the user (600005). */
export async function setPassword(ctx: RequestContext, user: User, password: string, actor: string): Promise<void> {
  const now = ctx.rt.clock.now();
  const next: User = {
    ...user,
    ...auditNext(user, now, actor),
    passwordHash: await hashPassword(password),
    securityStamp: newSecurityStamp(),
    status: user.status === 'INVITED' ? 'ACTIVE' : user.status,
  };
  await ctx.store.transact([ctx.store.putVersioned('user', next, user.version)]);
}

export const usernameGuard = (usernameKey: string) => `username#${usernameKey}`;
export const emailKeyOf = (email: string) => email.trim().toLowerCase();
