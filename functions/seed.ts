// First-start seeding, idempotent: organization 1, its administrator role, the admin user and the portal app. Runs at
// local start and on a Lambda cold start; conditional writes make concurrent runs safe.
import { randomBytes } from 'node:crypto';
import type { App, Organization, OrganizationUser, User } from '../shared/entities';
import { AppError } from '../shared/errors';
import { isValidPassword, MESSAGES } from '../shared/validation';
import { seal, unseal } from './platform/keys';
import type { Runtime } from './platform/runtime';
import { auditNew } from './store/audit';
import { zoneBackfillDone } from './store/migrations/accountZones';
import { claimKeyMigrationJob, keyMigrationDone } from './store/migrations/orgFirstKeys';
import { roleMessageTypesDone } from './store/migrations/roleMessageTypes';
import { scheduleMonthlyReports } from './services/report';
import { CONDITIONS, Store } from './store/store';
import { hashPassword } from './platform/passwords';
import { orgCodeGuard } from './services/organization';
import { buildUser, emailGuard, ensureMemberListing, joinWrites, MEMBER_LISTING_READY, snapshotOf, usernameGuard } from './services/user';
import { administratorRole, approverRole, directoryName, newDirectory, roleCodeGuard } from './services/userRole';

export const DEFAULT_ORG_ID = 1;
/** Set once organization 1 was given the Approver role, so a role deleted later is not brought back. */
const APPROVER_ROLE_SEEDED = 'seed#approverRole#1';

/** A deployment seeded before the Approver role existed gets it once; a role someone already coded APPROVER wins. */
async function ensureApproverRole(store: Store, now: number): Promise<void> {
  if (await store.get('uniqueKey', { id: APPROVER_ROLE_SEEDED })) return;
  const marker = store.putNew('uniqueKey', { id: APPROVER_ROLE_SEEDED, owner: 'system' });
  const role = approverRole(DEFAULT_ORG_ID, now, 'system');
  try {
    await store.transact([
      marker,
      store.putNew('uniqueKey', { id: roleCodeGuard(DEFAULT_ORG_ID, role.code), owner: role.id }),
      store.putNew('userRole', role),
      directoryName(store, role),
    ]);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    await store.transact([marker]).catch((again: unknown) => {
      if (!(again instanceof AppError)) throw again;
    });
  }
}

export interface SeedResult {
  seeded: boolean;
  generatedAdminPassword?: string;
  portalAppSecret: string;
}

export function generatePassword(): string {
  const pick = (set: string, n: number) => Array.from(randomBytes(n), (b) => set[b % set.length]).join('');
  const chars = pick('ABCDEFGHJKLMNPQRSTUVWXYZ', 3) + pick('abcdefghijkmnpqrstuvwxyz', 6) + pick('23456789', 3) + pick('@#$%&', 2);
  const shuffled = [...chars].sort(() => randomBytes(1)[0] - 128).join('');
  return isValidPassword(shuffled) ? shuffled : generatePassword();
}

async function ensurePortalApp(store: Store, rt: Runtime): Promise<string> {
  const existing = await store.get('app', { appKey: rt.config.portalAppKey });
  if (existing) {
    return unseal(rt.keys, existing.secretSealed);
  }
  const secret = rt.config.portalAppSecret ?? randomBytes(32).toString('base64url');
  const app: App = {
    appKey: rt.config.portalAppKey,
    name: 'Herald portal',
    description: 'The browser portal itself.',
    status: 'ACTIVE',
    appType: 'PORTAL',
    secretSealed: seal(rt.keys, secret),
    ...auditNew(rt.clock.now(), 'system'),
  };
  try {
    await store.put('app', app, CONDITIONS.isNew('appKey'));
    return secret;
  } catch (e) {
    if (e instanceof AppError) return ensurePortalApp(store, rt);
    throw e;
  }
}

/** Moved tables are copied in a job (it may outlast a request), then the zone index and roles' message types follow. */
async function ensureKeyMigration(store: Store, rt: Runtime): Promise<void> {
  if ((await keyMigrationDone(store)) && (await zoneBackfillDone(store)) && (await roleMessageTypesDone(store))) return;
  if (await claimKeyMigrationJob(store, rt.clock.now())) await rt.jobs.post({ kind: 'keyMigration' });
}

export async function ensureSeed(rt: Runtime): Promise<SeedResult> {
  const store = new Store(rt);
  await ensureKeyMigration(store, rt);
  await scheduleMonthlyReports(rt);
  const portalAppSecret = await ensurePortalApp(store, rt);
  if (await store.get('organization', { id: DEFAULT_ORG_ID })) {
    await ensureMemberListing(store);
    await ensureApproverRole(store, rt.clock.now());
    return { seeded: false, portalAppSecret };
  }

  const now = rt.clock.now();
  const given = rt.config.adminPassword ?? rt.keys.adminPassword;
  if (given && !isValidPassword(given)) {
    throw new Error(`HERALD_ADMIN_PASSWORD does not meet the password rule: ${MESSAGES.passwordRule}`);
  }
  const generated = given ? undefined : generatePassword();
  const password = given ?? generated!;
  const org: Organization = {
    id: DEFAULT_ORG_ID,
    name: 'Default organization',
    code: 'DEFAULT',
    shortCode: 'DEF',
    intro: '',
    icon: '',
    status: 'ACTIVE',
    supportSendMultiDevicesPerUser: false,
    appFeatureJson: '',
    ...auditNew(now, 'system'),
  };
  const role = administratorRole(DEFAULT_ORG_ID, now, 'system');
  const approver = approverRole(DEFAULT_ORG_ID, now, 'system');
  const username = rt.config.adminUser;
  const email = `${username.replace(/[^A-Za-z0-9._-]/g, '') || 'admin'}@herald.local`;
  const user: User = {
    ...buildUser({ username, email, firstName: 'Herald', lastName: 'Administrator', status: 'ACTIVE', orgId: DEFAULT_ORG_ID, actor: 'system', now }),
    passwordHash: await hashPassword(password),
  };
  const link: OrganizationUser = { orgId: DEFAULT_ORG_ID, userId: user.id, roleId: role.id, member: snapshotOf(user), ...auditNew(now, 'system') };
  try {
    await store.transact([
      store.putNew('organization', org),
      { Put: { TableName: store.table('uniqueKey'), Item: { id: 'counter#organization', count: DEFAULT_ORG_ID } } },
      store.putNew('uniqueKey', { id: orgCodeGuard(org.code), owner: String(org.id) }),
      store.putNew('uniqueKey', { id: roleCodeGuard(DEFAULT_ORG_ID, role.code), owner: role.id }),
      store.putNew('uniqueKey', { id: usernameGuard(user.usernameKey), owner: user.id }),
      store.putNew('uniqueKey', { id: emailGuard(user.emailKey), owner: user.id }),
      store.putNew('userRole', role),
      store.putNew('uniqueKey', { id: roleCodeGuard(DEFAULT_ORG_ID, approver.code), owner: approver.id }),
      store.putNew('userRole', approver),
      store.putNew('roleDirectory', newDirectory(role, 1, approver)),
      store.putNew('uniqueKey', { id: APPROVER_ROLE_SEEDED, owner: 'system' }),
      store.putNew('user', user),
      ...joinWrites(store, link, { roleCounted: true }),
      // A new deployment's listing is complete from the start: nothing to backfill.
      { Put: { TableName: store.table('uniqueKey'), Item: { id: MEMBER_LISTING_READY, owner: 'system' } } },
    ]);
  } catch (e) {
    // Another instance seeded first.
    if (e instanceof AppError) return { seeded: false, portalAppSecret };
    throw e;
  }
  rt.log.info('seeded organization 1 and the admin user', { username });
  return { seeded: true, generatedAdminPassword: generated, portalAppSecret };
}
