/** The store is typed by entity name: the caller cannot choose what a read answers. Checked by `npm run typecheck`. */
import { expect, it } from 'vitest';
import type { User } from '../../shared/entities';
import type { Store, TenantStore } from './store';

function reads(store: Store, tenant: TenantStore) {
  // @ts-expect-error a result type chosen by the caller does not compile
  void store.get<User>('userRole', { orgId: 1, id: 'r1' });
  // The entity decides: a role answers its permissions...
  void store.get('userRole', { orgId: 1, id: 'r1' }).then((role) => role?.permissions.length);
  // @ts-expect-error ...and has no password hash
  void store.get('userRole', { orgId: 1, id: 'r1' }).then((role) => role?.passwordHash);
  // @ts-expect-error a global entity is not reachable through the tenant store
  void tenant.get('user', 'u1');
  // @ts-expect-error a sharded entity is not reachable with an orgId-only key
  void tenant.get('account', 'a1');
  void tenant.list('planTag').then((tags) => tags.map((t) => t.name));
}

/** Writes through the tenant store name no organization: it fills in its own. */
function writes(store: Store, tenant: TenantStore) {
  const tag = { id: 't1', name: 'Tag', color: '', description: '', version: 1, dateCreated: 0, dateUpdated: 0, createdBy: 'u', updatedBy: 'u' };
  void tenant.put('planTag', tag);
  // @ts-expect-error a record that names its organization does not compile
  void tenant.put('planTag', { ...tag, orgId: 2 });
  // @ts-expect-error nor does an update that moves it
  void tenant.update('planTag', 't1', { orgId: 2 });
  // @ts-expect-error a key is an id alone, never one that names the organization
  void tenant.delete('planTag', { orgId: 2, id: 't1' });
  // @ts-expect-error a global entity is not writable through the tenant store
  void tenant.put('user', { id: 'u1' });
  // @ts-expect-error a transaction takes only items a tenant store made, not a raw one naming any table and key
  void tenant.transact([store.deleteItem('planTag', { orgId: 2, id: 't1' })]);
  void tenant.transact([tenant.deleteItem('planTag', 't1'), tenant.putNew('planTag', tag)]);
  // @ts-expect-error an org-keyed table's partition is the store's to build
  void tenant.keyed('device').put('acc-1', { accountKey: '2#acc-1', deviceId: 'd1' });
  // The tables moved to organization-first keys are reached only through `keyed`, which builds every key...
  const run = { runId: 'r1', planId: 'p1', status: 'RUNNING' as const, dueAt: 1, startedAt: 1 };
  void tenant.keyed('planRun').put('p1', run);
  void tenant.keyed('planRun').update('p1', 'r1', { status: 'DONE' });
  void tenant.keyed('smsContact').put('+819012345678', { phone: '+819012345678', dateCreated: 1 });
  // @ts-expect-error ...so a record naming its old partition does not compile...
  void tenant.keyed('planRun').put('p1', { ...run, planKey: '2#p1' });
  const operation = { id: 'o1', planId: 'p1', action: 'fire' as const, from: 'ACTIVE' as const, to: 'IN_PROGRESS' as const, by: 'u', at: 1 };
  void tenant.keyed('operationRecord').put('p1', operation);
  // @ts-expect-error ...nor one naming its composed sort key...
  void tenant.keyed('operationRecord').put('p1', { ...operation, sk: 'p2#o1' });
  // @ts-expect-error ...nor a contact naming its organization-first key
  void tenant.keyed('smsContact').put('+819012345678', { phone: '+819012345678', dateCreated: 1, contactKey: '2#+819012345678' });
  // @ts-expect-error an org-keyed table has no `orgId` + `id` key: the id-keyed door does not take it
  void tenant.get('planRun', 'r1');
  // @ts-expect-error nor the id-keyed writes
  void tenant.put('cloudSourceHistory', { id: 'h1' });
  // @ts-expect-error nor a high-volume table with sharded `<orgId>#...` partitions
  void tenant.delete('sentRecord', 'r1');
  // @ts-expect-error the role directory (one item an organization, no id) is kept by the role domain code
  void tenant.get('roleDirectory', '1');
  // @ts-expect-error the untenanted store inside is private
  void tenant.store;
}

it('is checked by the type checker', () => {
  expect(reads).toBeTypeOf('function');
  expect(writes).toBeTypeOf('function');
});
