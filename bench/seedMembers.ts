/**
 * Adds `count` members to organization 1 in a few batch writes: users (without passwords: the bench signs in as
 * the administrator only), their unique guards, their memberships in a role of their own (counted in the role
 * directory), and their listing rows.
 */
import type { OrganizationUser, User, UserRole } from '../shared/entities';
import { auditNew, newId } from '../functions/store/audit';
import type { Runtime } from '../functions/platform/runtime';
import { Store } from '../functions/store/store';
import { buildUser, emailGuard, listingRow, snapshotOf, usernameGuard } from '../functions/services/user';

const ORG_ID = 1;

export async function seedMembers(rt: Runtime, count: number): Promise<void> {
  const store = new Store(rt);
  const now = rt.clock.now();
  const role: UserRole = {
    orgId: ORG_ID,
    id: newId(),
    name: 'Bench',
    code: 'BENCH',
    description: '',
    active: true,
    permissions: ['NAV_DASHBOARD'],
    system: false,
    ...auditNew(now, 'bench'),
  };
  await store.put('userRole', role);
  const directory = (await store.get('roleDirectory', { orgId: ORG_ID }))!;
  await store.put('roleDirectory', { ...directory, names: { ...directory.names, [role.id]: role.name }, counts: { ...directory.counts, [role.id]: count } });
  const users: User[] = [];
  const links: OrganizationUser[] = [];
  for (let i = 0; i < count; i++) {
    const user = buildUser({
      username: `bench${i}`,
      email: `bench${i}@example.com`,
      firstName: `First${(i * 7919) % count}`,
      lastName: `Last${i % 97}`,
      status: 'ACTIVE',
      orgId: ORG_ID,
      actor: 'bench',
      now: now - i * 1000,
    });
    users.push(user);
    links.push({ orgId: ORG_ID, userId: user.id, roleId: role.id, member: snapshotOf(user), ...auditNew(user.dateCreated, 'bench') });
  }
  await store.putMany('user', users);
  await store.putMany(
    'uniqueKey',
    users.flatMap((u) => [
      { id: usernameGuard(u.usernameKey), owner: u.id },
      { id: emailGuard(u.emailKey), owner: u.id },
    ]),
  );
  await store.putMany('organizationUser', links);
  await store.putMany('memberListing', links.map(listingRow));
}
