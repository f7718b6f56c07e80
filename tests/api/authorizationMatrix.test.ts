/**
 * Generated over the catalogue: every operation that changes users, roles, memberships or organizations is
 * tried with payloads beyond the caller's rights, by a user holding each single permission and by an
 * administrator of another organization. Each attempt must be refused, and the stored users, memberships,
 * roles, organizations, invitations and unique keys must be exactly as before.
 */
import { GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { EntityName } from '../../shared/entities';
import { ALL_PERMISSIONS } from '../../shared/permissions';
import { CATALOGUE } from '../../shared/services';
import { ApiClient, startHerald } from '../support/herald';
import { sessionOf } from '../support/sessions';

/** Operations of these areas that only read. */
const READS = new Set([
  'user.getListByPage',
  'user.getAll',
  'user.profile',
  'user.myInvitations',
  'user.pendingInvitations',
  'userRole.getAll',
  'userRole.getRolePermissions',
  'userRole.getListByPage',
  'userRole.detail',
  'organization.list',
  'organization.detail',
  'organization.whiteList',
  'organization.actionList',
]);
const WRITES = [...CATALOGUE.keys()].filter((s) => /^(user|userRole|organization)\./.test(s) && !READS.has(s));

interface World {
  /** organization 1's administrator role and a member holding it */
  adminRoleId: string;
  victim: { id: string; username: string; email: string; roleId: string };
  /** an empty role of organization 1 holding every permission */
  bigRoleId: string;
  /** an organization the attacker is not a member of, with a pending invitation for the victim */
  foreignOrgId: number;
  /** a new account invited to organization 1 as an administrator, that has not set its password */
  newcomerId: string;
}
interface Attacker {
  client: ApiClient;
  id: string;
  roleId: string;
  /** the organization it acts in */
  orgId: number;
}

/** Payloads beyond any single-permission member's rights, and beyond a foreign administrator's. */
const ATTACKS: Record<string, (w: World, a: Attacker) => unknown[]> = {
  'user.save': (w, a) => [
    { username: `crony-${a.id.slice(0, 8)}`, email: `crony-${a.id.slice(0, 8)}@example.com`, roleId: w.adminRoleId, password: 'Crony@123' },
    { id: a.id, username: 'self', email: 'self@example.com', roleId: w.adminRoleId },
    { ...w.victim, password: 'Taken@123' },
    { ...w.victim, email: 'taken@example.com' },
    { ...w.victim, status: 'INACTIVE' },
  ],
  'user.delete': (w) => [{ id: w.victim.id }],
  'user.invited': (w) => [
    { email: 'newcomer@example.com', roleId: w.adminRoleId },
    { email: w.victim.email, roleId: w.adminRoleId },
  ],
  // Resending or withdrawing an invitation to a role beyond the caller's rights, or of another organization.
  'user.resendInvitation': (w) => [{ userId: w.newcomerId }, { userId: w.victim.id }],
  'user.cancelInvitation': (w) => [{ userId: w.newcomerId }, { userId: w.victim.id }],
  'user.switchOrganization': (w) => [{ orgId: w.foreignOrgId }],
  'user.updateUsageGuide': () => [{ key: '__proto__', done: true }],
  // Only the caller's own record can change; the e-mail is not among its fields.
  'user.saveProfile': () => [{ email: 'taken@example.com' }],
  'user.changeEmail': () => [{ email: 'taken@example.com', password: 'Wrong@123' }],
  'user.confirmEmail': () => [{ token: 'x'.repeat(43) }],
  'user.acceptInvitation': (w) => [{ orgId: w.foreignOrgId }],
  'user.declineInvitation': (w) => [{ orgId: w.foreignOrgId }],
  'userRole.save': (w, a) => [
    { name: 'Everything', code: 'EVERYTHING', permissions: [...ALL_PERMISSIONS] },
    { id: a.roleId, name: 'Mine', code: `MINE-${a.id.slice(0, 8)}`, permissions: [...ALL_PERMISSIONS] },
    { id: w.adminRoleId, name: 'Renamed', code: 'ADMIN', permissions: [...ALL_PERMISSIONS] },
    { id: w.bigRoleId, name: 'Big', code: 'BIG', permissions: [] },
  ],
  'userRole.delete': (w) => [{ id: w.adminRoleId }, { id: w.bigRoleId }],
  'organization.save': (w, a) => [
    { name: 'Mine', code: `MINE${a.id.slice(0, 6)}` },
    { id: w.foreignOrgId, name: 'Hijacked', code: 'HIJACKED', status: 'INACTIVE' },
    { id: a.orgId, name: 'Off', code: `OFF${a.orgId}`, status: 'INACTIVE' },
  ],
  // Claiming organization 1 (owned by nobody yet) or another one; the white list of another organization.
  'organization.transfer': (w, a) => [
    { id: 1, userId: a.id },
    { id: w.foreignOrgId, userId: a.id },
  ],
  'organization.saveWhiteList': (w) => [{ id: w.foreignOrgId, content: 'attacker@example.com' }],
  // finishing the onboarding of an organization the caller is not signed in to (the foreign one is still pending)
  'organization.completeOnboarding': (w) => [{ id: w.foreignOrgId }],
};

const SNAPSHOT: EntityName[] = ['user', 'organizationUser', 'userRole', 'organization', 'invitation', 'uniqueKey'];

let herald: LocalHerald;
let world: World;

/**
 * Every stored record the rules protect, minus the attacker's own user record, member snapshots and (checked on
 * its own, as the administrator changes it between attacks) the attacker's role.
 */
async function snapshot(except: { user: string; role?: string }): Promise<string> {
  const tables = await Promise.all(
    SNAPSHOT.map(async (entity) => {
      const out = await herald.rt.aws.doc.send(new ScanCommand({ TableName: `${herald.rt.config.tablePrefix}${entity}` }));
      return (out.Items ?? [])
        .filter((i) => !(entity === 'user' && i.id === except.user) && !(entity === 'userRole' && i.id === except.role))
        .map((i) => (entity === 'organizationUser' ? { ...i, member: undefined } : i))
        .map((i) => JSON.stringify(i, Object.keys(i).sort()))
        .sort();
    }),
  );
  return JSON.stringify(Object.fromEntries(SNAPSHOT.map((entity, i) => [entity, tables[i]])));
}

/** One stored role of organization 1, as it is in its table. */
async function storedRole(id: string): Promise<unknown> {
  return (await herald.rt.aws.doc.send(new GetCommand({ TableName: `${herald.rt.config.tablePrefix}userRole`, Key: { orgId: 1, id } }))).Item;
}

/** Tries every attack; each must be refused with a 4xx. */
async function attack(a: Attacker, who: string) {
  for (const service of WRITES) {
    for (const payload of ATTACKS[service](world, a)) {
      const r = await a.client.call(service, payload);
      const what = `${who}: ${service} ${JSON.stringify(payload).slice(0, 120)}`;
      expect(r.status, what).toBeLessThan(500);
      // saveProfile may succeed: it changes only the caller's own record, which the snapshot leaves out.
      if (service !== 'user.saveProfile') expect(r.body.state, what).toBe('F');
    }
  }
}

beforeAll(async () => {
  herald = await startHerald();
  const admin = await sessionOf(herald, 'admin');
  const adminRoleId = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id;
  const victim = await admin.ok('user.save', { username: 'victim', email: 'victim@example.com', roleId: adminRoleId, password: 'Victim@123' });
  const bigRoleId = (await admin.ok('userRole.save', { name: 'Big', code: 'BIG', permissions: [...ALL_PERMISSIONS] })).id;
  // Organization 2: the victim is invited there, and its administrator is the foreign attacker.
  const org2 = await admin.ok('organization.save', { name: 'Foreign', code: 'FOREIGN' });
  const inOrg2 = new ApiClient(herald);
  inOrg2.token = (await admin.ok('user.switchOrganization', { orgId: org2.id })).accessToken;
  const org2Admin = (await inOrg2.ok('userRole.getAll'))[0].id;
  await inOrg2.ok('user.invited', { email: victim.email, roleId: org2Admin });
  await admin.ok('user.switchOrganization', { orgId: 1 });
  const newcomer = await admin.ok('user.invited', { email: 'newcomer-pending@example.com', roleId: adminRoleId });
  world = {
    adminRoleId,
    victim: { id: victim.id, username: victim.username, email: victim.email, roleId: victim.roleId },
    bigRoleId,
    foreignOrgId: org2.id,
    newcomerId: newcomer.id,
  };
});
afterAll(() => herald?.stop());

describe('authorization over every operation that changes users, roles, memberships or organizations', () => {
  it('every such operation has attacks listed', () => {
    expect(WRITES.length).toBeGreaterThan(10);
    for (const service of WRITES) expect(ATTACKS[service], service).toBeTypeOf('function');
  });

  it('a user holding any single permission changes nothing beyond its rights', async () => {
    const admin = await sessionOf(herald, 'admin');
    // One attacker whose role holds one permission at a time: the role is read with every request its holders
    // make, so one session serves every permission. The role keeps its name and code, so the administrator's
    // change touches its record alone: one snapshot, taken once, stands for every permission.
    let role = await admin.ok('userRole.save', { name: 'Only one', code: 'ONLY', permissions: [ALL_PERMISSIONS[0]!] });
    const user = await admin.ok('user.save', { username: 'only', email: 'only@example.com', roleId: role.id, password: 'Only@1234' });
    const client = await sessionOf(herald, 'only');
    const except = { user: user.id, role: role.id };
    const before = await snapshot(except);
    for (const [i, permission] of ALL_PERMISSIONS.entries()) {
      if (i > 0) role = await admin.ok('userRole.save', { id: role.id, version: role.version, name: 'Only one', code: 'ONLY', permissions: [permission] });
      const storedBefore = await storedRole(role.id);
      expect((storedBefore as { permissions: string[] }).permissions, permission).toEqual([permission]);
      // the session outlives the role's change: the attacks are refused by the rules, not for a lapsed sign-in
      expect((await client.call('user.profile')).body.state, permission).toBe('S');
      await attack({ client, id: user.id, roleId: role.id, orgId: 1 }, permission);
      expect(await snapshot(except), permission).toBe(before);
      expect(await storedRole(role.id), permission).toEqual(storedBefore);
      expect((await client.call('user.profile')).body.state, permission).toBe('S');
    }
  }, 240_000);

  it('an administrator of another organization changes nothing in this one', async () => {
    const admin = await sessionOf(herald, 'admin');
    // A third organization whose administrator is not a member of organization 1.
    const org3 = await admin.ok('organization.save', { name: 'Other', code: 'OTHER' });
    const inOrg3 = new ApiClient(herald);
    inOrg3.token = (await admin.ok('user.switchOrganization', { orgId: org3.id })).accessToken;
    const role3 = (await inOrg3.ok('userRole.getAll'))[0].id;
    const boss = await inOrg3.ok('user.save', { username: 'boss3', email: 'boss3@example.com', roleId: role3, password: 'Boss3@123' });
    const client = await sessionOf(herald, 'boss3');
    // Its own organization's records are its to change; the attacks aim at organization 1 and 2.
    const before = await snapshot({ user: boss.id });
    const attacker = { client, id: boss.id, roleId: role3, orgId: 1 };
    for (const service of WRITES) {
      // Only payloads that name something of another organization: creating in its own is its right.
      const aimed = ATTACKS[service](world, attacker).filter((p) => {
        const target = (p as { id?: unknown; orgId?: unknown }).id ?? (p as { orgId?: unknown }).orgId;
        return !['user.save', 'userRole.save', 'organization.save', 'user.invited'].includes(service) || (target !== undefined && target !== boss.id && target !== role3);
      });
      for (const payload of aimed) {
        const r = await client.call(service, payload);
        const what = `boss3: ${service} ${JSON.stringify(payload).slice(0, 120)}`;
        expect(r.status, what).toBeLessThan(500);
        if (service !== 'user.saveProfile') expect(r.body.state, what).toBe('F');
      }
    }
    expect(await snapshot({ user: boss.id })).toBe(before);
  });
});
