/**
 * `user.getListByPage` reads pages from the member listing. Every sort, order and filter must answer what the
 * whole membership, filtered and sorted in memory, answers: the same total, the same sort values on each page, and
 * every member exactly once over the pages (members with equal values may come in another order). Role member
 * counts stay exact through every membership write, and the first start after the upgrade builds the listing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganizationUser, UserRole } from '../../shared/entities';
import type { UserView } from '../../shared/services';
import type { LocalHerald } from '../../functions/local/boot';
import { ensureSeed } from '../../functions/seed';
import { auditNew } from '../../functions/store/audit';
import { compareValues, matchesText, pageOfItems } from '../../functions/store/paging';
import { Store } from '../../functions/store/store';
import { buildUser, listingRow, snapshotOf } from '../../functions/services/user';
import { ApiClient, startHerald } from '../support/herald';

const ORG = 1;
const SORTS = [undefined, 'username', 'firstName', 'lastName', 'email', 'roleName', 'status', 'dateCreated', 'dateUpdated', 'passwordHash', 'constructor', '__proto__'];
const SORTABLE = ['username', 'firstName', 'lastName', 'email', 'roleName', 'status', 'dateCreated', 'dateUpdated'];
const NAMES = ['Émile', 'emile', 'zoë', 'Zoe', 'al', 'Al', 'user9', 'user10', 'user010', '', 'ß', 'o-k', 'ok', 'Ø'];

let herald: LocalHerald;
let admin: ApiClient;
let store: Store;
let roles: UserRole[];

type Query = { page: number; size: number; sortField?: string; sortOrder?: 'asc' | 'desc'; keyword?: string; roleId?: string; status?: UserView['status'] };

/** The answer of the in-memory listing over every membership. */
async function expected(q: Query) {
  const [links, allRoles] = await Promise.all([store.forOrg(ORG).list('organizationUser'), store.forOrg(ORG).list('userRole')]);
  const roleName = new Map(allRoles.map((r) => [r.id, r.name]));
  const all = links
    .map((l) => ({ id: l.userId, ...l.member, roleId: l.roleId, roleName: roleName.get(l.roleId) ?? '' }))
    .filter(
      (u) =>
        (!q.keyword ||
          [u.username, u.email, `${u.firstName} ${u.lastName}`, `${u.lastName} ${u.firstName}`, `${u.lastName}${u.firstName}`].some((v) =>
            matchesText(v, q.keyword?.replace(/\s+/g, ' ')),
          )) &&
        (!q.roleId || u.roleId === q.roleId) &&
        (!q.status || u.status === q.status),
    );
  return { all, first: pageOfItems(all, { ...q, page: 0, size: 10_000 }, SORTABLE, { field: 'dateCreated', order: 'desc' }) };
}

async function assertSameListing(q: Omit<Query, 'page'>) {
  const { all, first } = await expected({ ...q, page: 0 });
  const field = q.sortField && SORTABLE.includes(q.sortField) ? q.sortField : 'dateCreated';
  const seen: string[] = [];
  const what = JSON.stringify(q);
  for (let page = 0; page * q.size <= all.length; page++) {
    const got = await admin.ok('user.getListByPage', { ...q, page });
    const want = first.list.slice(page * q.size, (page + 1) * q.size) as Record<string, unknown>[];
    expect(got.total, what).toBe(all.length);
    // Values equal to the comparison (Zoe and zoë) may come in either order.
    const values = (list: Record<string, unknown>[]) => list.map((u) => u[field]);
    const [gotValues, wantValues] = [values(got.list), values(want)];
    expect(gotValues.length, `${what} page ${page}`).toBe(wantValues.length);
    for (const [i, v] of gotValues.entries()) expect(compareValues(v, wantValues[i]), `${what} page ${page}: ${String(v)} at ${i}, expected ${String(wantValues[i])}`).toBe(0);
    seen.push(...got.list.map((u: UserView) => u.id));
    for (const u of got.list) expect(u, what).toEqual(all.find((x) => x.id === u.id));
  }
  expect([...seen].sort(), what).toEqual(all.map((u) => u.id).sort());
}

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  admin = new ApiClient(herald);
  await admin.login();
  const a = await admin.ok('userRole.save', { name: 'Beta', code: 'BETA', permissions: [] });
  const b = await admin.ok('userRole.save', { name: 'alpha', code: 'ALPHA', permissions: [] });
  await admin.ok('userRole.save', { name: 'Empty', code: 'EMPTY', permissions: [] });
  // Members written directly, as the bench seeds them: names that sort differently by bytes and by collation.
  const now = herald.rt.clock.now();
  const links: OrganizationUser[] = NAMES.flatMap((name, i) =>
    [0, 1, 2].map((k) => {
      const user = buildUser({
        username: `m${i}x${k}`,
        email: `${name.replace(/[^a-z0-9]/gi, '') || 'none'}${k}@example.com`,
        firstName: name,
        lastName: NAMES[(i + k) % NAMES.length],
        status: k === 2 ? 'INACTIVE' : 'ACTIVE',
        orgId: ORG,
        actor: 'test',
        now: now - (i % 4) * 1000,
      });
      const roleId = [a.id, b.id][(i + k) % 2];
      return { orgId: ORG, userId: user.id, roleId, member: snapshotOf(user), ...auditNew(now, 'test') };
    }),
  );
  await store.putMany('organizationUser', links);
  await store.putMany('memberListing', links.map(listingRow));
  const directory = (await store.get('roleDirectory', { orgId: ORG }))!;
  for (const role of [a, b]) directory.counts[role.id] += links.filter((l) => l.roleId === role.id).length;
  await store.put('roleDirectory', directory);
  // And members written through the API: created, changed, moved to another role, invited, deleted.
  const made = [];
  for (const n of ['Carol', 'dave', 'Eve']) {
    made.push(await admin.ok('user.save', { username: `api-${n}`, firstName: n, lastName: 'Api', email: `${n}@api.example.com`, roleId: a.id, password: 'List@1234' }));
  }
  await admin.ok('user.save', { ...made[0], firstName: 'Caroline', roleId: b.id, status: 'INACTIVE' });
  await admin.ok('user.delete', { id: made[2].id });
  await admin.ok('user.invited', { email: 'invitee@api.example.com', username: 'api-invitee', roleId: b.id });
  roles = await store.forOrg(ORG).list('userRole');
});

afterAll(() => herald?.stop());

describe('member pages', () => {
  it('answer every sort and order like the whole list sorted in memory', async () => {
    for (const sortField of SORTS) {
      for (const sortOrder of ['asc', 'desc'] as const) await assertSameListing({ size: 9, sortField, sortOrder });
    }
  });

  it('answer every filter like the whole list filtered in memory', async () => {
    const [beta, alpha, empty] = ['BETA', 'ALPHA', 'EMPTY'].map((c) => roles.find((r) => r.code === c)!.id);
    const filters: Omit<Query, 'page' | 'size'>[] = [
      { keyword: 'EMILE' },
      // full names, either way round, with any spacing
      { keyword: 'caroline api' },
      { keyword: 'Api  Caroline' },
      { keyword: 'apidave' },
      { keyword: 'caroline apix' },
      { keyword: ' api ' },
      { keyword: '   ' },
      { keyword: 'nothing-matches' },
      { status: 'INACTIVE' },
      { status: 'INVITED' },
      { roleId: alpha },
      { roleId: empty },
      { roleId: 'no-such-role' },
      { roleId: '__proto__' },
      { roleId: 'constructor', status: 'ACTIVE' },
      { roleId: beta, status: 'ACTIVE' },
      { keyword: 'o', roleId: alpha, status: 'ACTIVE' },
    ];
    for (const filter of filters) {
      for (const sortField of ['username', 'roleName', 'dateCreated']) {
        for (const sortOrder of ['asc', 'desc'] as const) await assertSameListing({ size: 7, sortField, sortOrder, ...filter });
      }
    }
  });

  it('list members of a renamed role under its new name, in its new place', async () => {
    const beta = roles.find((r) => r.code === 'BETA')!;
    await admin.ok('userRole.save', { ...beta, name: 'zeta' });
    for (const sortOrder of ['asc', 'desc'] as const) await assertSameListing({ size: 9, sortField: 'roleName', sortOrder });
    const page = await admin.ok('user.getListByPage', { page: 0, size: 500, roleId: beta.id });
    expect(new Set(page.list.map((u: UserView) => u.roleName))).toEqual(new Set(['zeta']));
  });

  it('keep each role name and member count in the directory', async () => {
    const links = await store.forOrg(ORG).list('organizationUser');
    const directory = (await store.get('roleDirectory', { orgId: ORG }))!;
    const roles = await store.forOrg(ORG).list('userRole');
    expect(Object.keys(directory.names).sort()).toEqual(roles.map((r) => r.id).sort());
    for (const role of roles) {
      expect(directory.names[role.id]).toBe(role.name);
      expect(directory.counts[role.id], role.name).toBe(links.filter((l) => l.roleId === role.id).length);
    }
    const listing = await store.forOrg(ORG).list('memberListing');
    expect(listing.map((r) => r.userId).sort()).toEqual(links.map((l) => l.userId).sort());
  });

  it('are built on the first start after the upgrade, from the memberships', async () => {
    const before = await admin.ok('user.getListByPage', { page: 0, size: 500, sortField: 'username' });
    for (const row of await store.forOrg(ORG).list('memberListing')) await store.delete('memberListing', { orgId: ORG, userId: row.userId });
    await store.delete('roleDirectory', { orgId: ORG });
    await store.delete('uniqueKey', { id: 'upgrade#memberListing' });
    expect((await admin.ok('user.getListByPage', { page: 0, size: 500 })).list).toEqual([]);
    await ensureSeed(herald.rt);
    expect(await admin.ok('user.getListByPage', { page: 0, size: 500, sortField: 'username' })).toEqual(before);
  });
});
