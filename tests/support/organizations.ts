/** The callers a tenant-isolation test needs: the seeded admin in organization 1, an admin of a second organization only, and a member of organization 1 without permissions. */
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient } from './herald';

export interface Callers {
  admin: ApiClient;
  /** administrator of organization 2 only */
  other: ApiClient;
  /** a member of organization 1 whose role holds no permission */
  nobody: ApiClient;
}

export async function twoOrganizations(herald: LocalHerald, suffix = 'x'): Promise<Callers> {
  const setup = new ApiClient(herald);
  await setup.login();
  await setup.ok('organization.save', { name: `Other ${suffix}`, code: `OTHER_${suffix.toUpperCase()}` });
  const orgs = await setup.ok('organization.list', { page: 0, size: 50 });
  const otherOrg = orgs.list.find((o: { code: string }) => o.code === `OTHER_${suffix.toUpperCase()}`)!.id;
  const inOther = new ApiClient(herald);
  inOther.token = (await setup.ok('user.switchOrganization', { orgId: otherOrg })).accessToken;
  const roleThere = (await inOther.ok('userRole.getAll'))[0].id;
  await inOther.ok('user.save', { username: `other-${suffix}`, email: `other-${suffix}@example.com`, roleId: roleThere, password: 'Other@123' });
  const other = new ApiClient(herald);
  await other.login(`other-${suffix}`, 'Other@123');

  const admin = new ApiClient(herald);
  await admin.login();
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
  const empty = await admin.ok('userRole.save', { name: `Nothing ${suffix}`, code: `NOTHING_${suffix.toUpperCase()}`, permissions: [] });
  await admin.ok('user.save', { username: `nobody-${suffix}`, email: `nobody-${suffix}@example.com`, roleId: empty.id, password: 'Nobody@123' });
  const nobody = new ApiClient(herald);
  await nobody.login(`nobody-${suffix}`, 'Nobody@123');
  return { admin, other, nobody };
}
