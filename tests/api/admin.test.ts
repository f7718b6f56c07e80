/** Users, roles and organizations: rules, paging, permission checks and tenant isolation. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ALL_PERMISSIONS } from '../../shared/permissions';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

describe('roles', () => {
  it('role codes are unique (711001), also on rename', async () => {
    await admin.ok('userRole.save', { name: 'Reviewer', code: 'REVIEWER', permissions: ['NAV_HOME'] });
    expect((await admin.call('userRole.save', { name: 'Other', code: 'reviewer', permissions: [] })).body.errorCode).toBe('711001');
    const r = await admin.ok('userRole.save', { name: 'Editor', code: 'EDITOR', permissions: [] });
    const clash = await admin.call('userRole.save', { ...r, code: 'REVIEWER' });
    expect(clash.status).toBe(409);
    expect(clash.body.errorCode).toBe('711001');
    const renamed = await admin.ok('userRole.save', { ...r, code: 'EDITOR2' });
    expect(renamed.version).toBe(2);
    // The old code is free again.
    await admin.ok('userRole.save', { name: 'Editor again', code: 'EDITOR', permissions: [] });
  });

  it('a role with users cannot be deleted (711002); an empty one can', async () => {
    const role = await admin.ok('userRole.save', { name: 'Busy', code: 'BUSY', permissions: [] });
    const user = await admin.ok('user.save', { username: 'busy1', email: 'busy1@example.com', roleId: role.id, password: 'Busy@1234' });
    expect((await admin.call('userRole.delete', { id: role.id })).body.errorCode).toBe('711002');
    await admin.ok('user.delete', { id: user.id });
    expect((await admin.ok('userRole.delete', { id: role.id })).ok).toBe(true);
    expect((await admin.call('userRole.detail', { id: role.id })).body.errorCode).toBe('720003');
  });

  it('a stale save answers 720007 instead of overwriting', async () => {
    const role = await admin.ok('userRole.save', { name: 'Stale', code: 'STALE', permissions: [] });
    await admin.ok('userRole.save', { ...role, description: 'first edit' });
    const stale = await admin.call('userRole.save', { ...role, description: 'second edit' });
    expect(stale.body.errorCode).toBe('720007');
    expect((await admin.ok('userRole.detail', { id: role.id })).description).toBe('first edit');
  });

  it('the administrator role keeps every permission and cannot be deleted', async () => {
    const roles = await admin.ok('userRole.getAll');
    const adminRole = roles.find((r: { code: string }) => r.code === 'ADMIN');
    const detail = await admin.ok('userRole.detail', { id: adminRole!.id });
    expect(detail.permissions).toEqual(expect.arrayContaining([...ALL_PERMISSIONS]));
    expect((await admin.call('userRole.save', { ...detail, permissions: [] })).body.errorCode).toBe('720009');
    expect((await admin.call('userRole.delete', { id: adminRole!.id })).body.errorCode).toBe('730010');
  });

  it('lists with paging, sorting and filters', async () => {
    for (let i = 0; i < 7; i++) await admin.ok('userRole.save', { name: `Paged ${i}`, code: `PAGED${i}`, active: i % 2 === 0, permissions: [] });
    const page0 = await admin.ok('userRole.getListByPage', { page: 0, size: 3, name: 'paged', sortField: 'code', sortOrder: 'desc' });
    expect(page0.total).toBe(7);
    expect(page0.list.map((r: { code: string }) => r.code)).toEqual(['PAGED6', 'PAGED5', 'PAGED4']);
    const page2 = await admin.ok('userRole.getListByPage', { page: 2, size: 3, name: 'paged', sortField: 'code', sortOrder: 'desc' });
    expect(page2.list.map((r: { code: string }) => r.code)).toEqual(['PAGED0']);
    const inactive = await admin.ok('userRole.getListByPage', { page: 0, size: 50, name: 'paged', active: false });
    expect(inactive.total).toBe(3);
    expect(inactive.list.every((r: { userCount: number }) => r.userCount === 0)).toBe(true);
  });

  it('getRolePermissions lists every permission code by group', async () => {
    const p = await admin.ok('userRole.getRolePermissions');
    expect(Object.values(p.groups).flat()).toEqual([...ALL_PERMISSIONS]);
    expect(p.groups.navigation).toContain('NAV_GEOFENCE');
  });
});

describe('users', () => {
  it('usernames are unique (720001) regardless of case', async () => {
    const roleId = (await admin.ok('userRole.getAll'))[0].id;
    await admin.ok('user.save', { username: 'Dup', email: 'dup@example.com', roleId, password: 'Dupe@1234' });
    expect((await admin.call('user.save', { username: 'dup', email: 'dup2@example.com', roleId, password: 'Dupe@1234' })).body.errorCode).toBe('720001');
  });

  it('validates the user form with the spec rules', async () => {
    const roleId = (await admin.ok('userRole.getAll'))[0].id;
    const bad = await admin.call('user.save', { username: 'x1', email: 'not-an-email', roleId, password: 'Good@1234' });
    expect(bad.body.errorCode).toBe('400016');
    expect(bad.body.errorMessage).toContain('Please enter a valid email address.');
    const noPassword = await admin.call('user.save', { username: 'x2', email: 'x2@example.com', roleId });
    expect(noPassword.body.errorCode).toBe('720006');
    const weak = await admin.call('user.save', { username: 'x3', email: 'x3@example.com', roleId, password: 'password' });
    expect(weak.body.errorCode).toBe('400016');
    const noRole = await admin.call('user.save', { username: 'x4', email: 'x4@example.com', roleId: randomUUID(), password: 'Good@1234' });
    expect(noRole.body.errorCode).toBe('720003');
  });

  it('lists with keyword, role and status filters and sorting', async () => {
    const role = await admin.ok('userRole.save', { name: 'Listed', code: 'LISTED', permissions: [] });
    for (const n of ['carol', 'alice', 'bob']) {
      await admin.ok('user.save', { username: `list-${n}`, firstName: n, email: `${n}@list.example.com`, roleId: role.id, password: 'List@1234' });
    }
    const r = await admin.ok('user.getListByPage', { page: 0, size: 2, keyword: 'list.example', sortField: 'username', sortOrder: 'asc' });
    expect(r.total).toBe(3);
    expect(r.list.map((u: { username: string }) => u.username)).toEqual(['list-alice', 'list-bob']);
    expect(r.list[0].roleName).toBe('Listed');
    const byRole = await admin.ok('user.getListByPage', { page: 0, size: 10, roleId: role.id, status: 'ACTIVE' });
    expect(byRole.total).toBe(3);
    expect(JSON.stringify(byRole)).not.toMatch(/passwordHash|securityStamp/);
  });

  it('an admin cannot delete or deactivate themselves', async () => {
    const me = await admin.ok('user.profile');
    expect((await admin.call('user.delete', { id: me.id })).body.errorCode).toBe('720009');
    expect((await admin.call('user.save', { ...me, status: 'INACTIVE' })).body.errorCode).toBe('720009');
  });

  it('saves the profile and preferences of the signed-in user', async () => {
    const p = await admin.ok('user.saveProfile', { language: 'ja', timeZone: 'Asia/Tokyo', defaultLandingPage: '/home' });
    expect(p).toMatchObject({ language: 'ja', timeZone: 'Asia/Tokyo', defaultLandingPage: '/home' });
    expect((await admin.ok('user.updateUsageGuide', { key: 'welcome', done: true })).usageGuide).toEqual({ welcome: true });
    await admin.ok('user.saveProfile', { alertEmails: ['ops@example.com'], alertTypes: ['SEND_FAILED'] });
    expect(await admin.ok('user.profile')).toMatchObject({ alertEmails: ['ops@example.com'], alertTypes: ['SEND_FAILED'], language: 'ja' });
    expect((await admin.call('user.saveProfile', { alertEmails: ['not-mail'] })).body.errorCode).toBe('400016');
  });
});

describe('permission checks', () => {
  it('answer 730001 when the role of the selected organization lacks the permission', async () => {
    const role = await admin.ok('userRole.save', { name: 'Viewer', code: 'VIEWER', permissions: ['NAV_DASHBOARD'] });
    await admin.ok('user.save', { username: 'viewer', email: 'viewer@example.com', roleId: role.id, password: 'View@1234' });
    const viewer = new ApiClient(herald);
    await viewer.login('viewer', 'View@1234');
    const r = await viewer.call('user.getListByPage', { page: 0, size: 10 });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('730001');
    expect((await viewer.call('userRole.save', { name: 'Mine', code: 'MINE', permissions: [...ALL_PERMISSIONS] })).body.errorCode).toBe('730001');
    // Granting the permission takes effect on the next call, without signing in again.
    await admin.ok('userRole.save', { ...role, permissions: ['NAV_DASHBOARD', 'NAV_PORTAL_USER'] });
    expect((await viewer.call('user.getListByPage', { page: 0, size: 10 })).body.state).toBe('S');
    // An inactive role grants nothing.
    const latest = await admin.ok('userRole.detail', { id: role.id });
    await admin.ok('userRole.save', { ...latest, active: false });
    expect((await viewer.call('user.getListByPage', { page: 0, size: 10 })).body.errorCode).toBe('730001');
  });

  it('permissions come from the token, never from the payload', async () => {
    const viewer = new ApiClient(herald);
    await viewer.login('viewer', 'View@1234');
    const r = await viewer.call('user.getListByPage', { page: 0, size: 10, rolePermissions: ['NAV_PORTAL_USER'], orgId: 1, permissions: ['NAV_PORTAL_USER'] });
    expect(r.body.errorCode).toBe('730001');
  });
});

describe('the ready-made Approver role', () => {
  it('organization 1 has it from the seed; a member holding it may approve, see pending and messages, and create nothing', async () => {
    const role = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'APPROVER')!;
    expect(role).toMatchObject({ name: 'Approver', active: true });
    const detail = await admin.ok('userRole.detail', { id: role.id });
    expect(detail.description).toBe('Reviews messages and approves or rejects them.');
    await admin.ok('user.save', { username: 'readyapprover', email: 'ready.approver@example.com', roleId: role.id, password: 'Ready@1234' });
    const approver = new ApiClient(herald);
    await approver.login('readyapprover', 'Ready@1234');
    await approver.ok('plan.getDashPlanByPage', { card: 'ACTION_REQUIRED' });
    await approver.ok('plan.getCateByPage', { filter: 'ALL' });
    const create = await approver.call('plan.saveSingle', { name: 'x', title: 'x', channel: 'EMAIL', content: { kind: 'TEMPLATE', templateId: randomUUID() } });
    expect(create.body.errorCode).toBe('730001');
  });
});

describe('organizations and tenant isolation', () => {
  let org2Admin: ApiClient;
  let org1UserId: string;
  let org1RoleId: string;

  beforeAll(async () => {
    // The seeded admin creates organization 2 and a user whose only organization is 2.
    const org2 = await admin.ok('organization.save', { name: 'Second', code: 'SECOND' });
    expect(org2.id).toBe(2);
    const switched = await admin.ok('user.switchOrganization', { orgId: 2 });
    const inOrg2 = new ApiClient(herald);
    inOrg2.token = switched.accessToken;
    const org2Role = (await inOrg2.ok('userRole.getAll'))[0];
    await inOrg2.ok('user.save', { username: 'only2', email: 'only2@example.com', roleId: org2Role.id, password: 'Only@1234' });
    org2Admin = new ApiClient(herald);
    const s = await org2Admin.login('only2', 'Only@1234');
    expect(s.userdetails.organizations.map((o: { id: number }) => o.id)).toEqual([2]);
    // Signing in again selects the last organization used (2); go back to 1.
    admin = new ApiClient(herald);
    await admin.login();
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    org1RoleId = (await admin.ok('userRole.save', { name: 'Org1 only', code: 'ORG1ONLY', permissions: [] })).id;
    org1UserId = (await admin.ok('user.save', { username: 'org1user', email: 'org1@example.com', roleId: org1RoleId, password: 'Org1@1234' })).id;
  });

  it('a new organization starts with the ready-made Approver role beside the administrator, its code taken', async () => {
    const roles = await org2Admin.ok('userRole.getAll');
    expect(roles.map((r: { code: string }) => r.code)).toEqual(['ADMIN', 'APPROVER']);
    const approver = await org2Admin.ok('userRole.detail', { id: roles[1].id });
    expect([...approver.permissions].sort()).toEqual(['MESSAGE_TYPE_AD_HOC', 'MESSAGE_TYPE_LIFECYCLE', 'NAV_CREATE_NOTIFICATION', 'NAV_HOME', 'PLAN_PASS', 'PLAN_REJECT']);
    expect((await org2Admin.call('userRole.save', { name: 'Again', code: 'approver', permissions: [] })).body.errorCode).toBe('711001');
  });

  it('a user of organization 2 gets, for organization 1 ids, exactly the answer for ids that do not exist', async () => {
    const missing = randomUUID();
    const org2Role = (await org2Admin.ok('userRole.getAll'))[0].id;
    const probes: [string, (id: string) => unknown][] = [
      ['userRole.detail', (id) => ({ id })],
      ['userRole.delete', (id) => ({ id })],
      ['userRole.save', (id) => ({ id, name: 'X', code: 'XCODE', permissions: [] })],
      ['user.delete', (id) => ({ id })],
      ['user.save', (id) => ({ id, username: 'probe', email: 'probe@example.com', roleId: org2Role })],
      ['user.save', (roleId) => ({ username: 'probe2', email: 'p2@example.com', roleId, password: 'Probe@123' })],
      ['user.invited', (roleId) => ({ email: 'p3@example.com', roleId })],
    ];
    for (const [service, payloadFor] of probes) {
      for (const foreign of [org1RoleId, org1UserId]) {
        const a = await org2Admin.call(service, payloadFor(foreign));
        const b = await org2Admin.call(service, payloadFor(missing));
        expect({ status: a.status, body: a.body }, `${service} with ${foreign}`).toEqual({ status: b.status, body: b.body });
        expect(a.body.state).toBe('F');
      }
    }
    expect((await org2Admin.call('organization.detail', { id: 1 })).body).toEqual((await org2Admin.call('organization.detail', { id: 999 })).body);
    expect((await org2Admin.call('user.switchOrganization', { orgId: 1 })).body).toEqual((await org2Admin.call('user.switchOrganization', { orgId: 999 })).body);
    // Nothing of organization 1 was changed or deleted.
    expect((await admin.ok('userRole.detail', { id: org1RoleId })).name).toBe('Org1 only');
    expect((await admin.ok('user.getListByPage', { page: 0, size: 100 })).list.some((u: { id: string }) => u.id === org1UserId)).toBe(true);
  });

  it('lists show only the caller organization', async () => {
    const users = await org2Admin.ok('user.getListByPage', { page: 0, size: 100 });
    expect(users.list.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'only2']);
    const roles = await org2Admin.ok('userRole.getListByPage', { page: 0, size: 100 });
    expect(roles.list.map((r: { code: string }) => r.code).sort()).toEqual(['ADMIN', 'APPROVER']);
    expect((await org2Admin.ok('organization.list')).list.map((o: { id: number }) => o.id)).toEqual([2]);
  });

  it('pickers and organization edits stay inside the caller organization too', async () => {
    expect((await org2Admin.ok('user.getAll')).map((u: { username: string }) => u.username)).toEqual(['admin', 'only2']);
    expect((await org2Admin.ok('userRole.getAll')).map((r: { code: string }) => r.code).sort()).toEqual(['ADMIN', 'APPROVER']);
    const edit = (id: number) => org2Admin.call('organization.save', { id, name: 'Taken over', code: `TAKE${id}` });
    const foreign = await edit(1);
    const missing = await edit(999);
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: missing.status, body: missing.body });
    expect(foreign.body.errorCode).toBe('720003');
    expect((await admin.ok('organization.detail', { id: 1 })).name).toBe('Default organization');
  });

  it('a member of several organizations switches between them, with the role of each', async () => {
    const orgs = await admin.ok('organization.list');
    expect(orgs.list.map((o: { id: number; isSelected: boolean }) => [o.id, o.isSelected])).toEqual([
      [1, true],
      [2, false],
    ]);
    const s = await admin.ok('user.switchOrganization', { orgId: 2 });
    expect(s.userdetails.organizations.find((o: { isSelected: boolean }) => o.isSelected)!.id).toBe(2);
    const c = new ApiClient(herald);
    c.token = s.accessToken;
    expect((await c.ok('auth.validToken')).orgId).toBe(2);
  });

  it('a profile change shows in the user lists of every organization of that user', async () => {
    await admin.ok('user.saveProfile', { firstName: 'Renamed' });
    const inOrg2 = await org2Admin.ok('user.getListByPage', { page: 0, size: 100, keyword: 'Renamed' });
    expect(inOrg2.list.map((u: { username: string }) => u.username)).toEqual(['admin']);
  });

  it('removing a user from the selected organization ends that session with 600006', async () => {
    // admin belongs to 1 and 2; only2 (admin of 2) removes admin from organization 2.
    const s = await admin.ok('user.switchOrganization', { orgId: 2 });
    const inOrg2 = new ApiClient(herald);
    inOrg2.token = s.accessToken;
    const me = await inOrg2.ok('user.profile');
    await org2Admin.ok('user.delete', { id: me.id });
    expect((await inOrg2.call('auth.validToken')).body.errorCode).toBe('600006');
    // The account itself lives on in organization 1.
    await new ApiClient(herald).login();
  });
});
