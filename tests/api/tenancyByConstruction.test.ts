/**
 * Tenancy by construction (issue 22, item 1): a handler holds only a store bound to its caller's organization.
 * An administrator of another organization forges organization 1's id (and keys naming it) into payloads of
 * reads, writes, deletes, queries and batch operations: the answer is 720003 or the caller's own data, and
 * organization 1's records, read back through the store, are unchanged. The tenant store itself fills in the
 * organization on every key and item, whatever a caller spreads in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Ledger, tenantLedger } from '../../functions/delivery/ledger';
import { Store } from '../../functions/store/store';
import { deviceKeyOf } from '../../shared/entities';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

const rule = { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] };
const template = { defaultLanguage: 'en', contents: { en: { subject: 'Owned', blocks: [{ type: 'heading', text: 'Hello' }] } } };

let herald: LocalHerald;
let store: Store;
let admin: ApiClient;
let other: ApiClient;
/** organization 2's id, the forger's own */
let otherOrg: number;
/** organization 1's records the forger aims at */
const owned = { segment: '', tag: '', template: '', account: 'owned-acc', dataImport: '' };

/** a forged payload: organization 1's id, in the names a key or a record could take it */
const forged = (payload: Record<string, unknown>) => ({ ...payload, orgId: 1, org: 1, organizationId: 1, pk: '1#0', accountKey: deviceKeyOf(1, owned.account) });

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  ({ admin, other } = await twoOrganizations(herald, 'forge'));
  otherOrg = (await other.ok('auth.configuration')).orgId;
  owned.segment = (await admin.ok('segment.save', { name: 'Owned segment', rule })).id;
  owned.tag = (await admin.ok('planTag.save', { name: 'Owned tag' })).id;
  owned.template = (await admin.ok('templateMessage.save', { name: 'Owned template', template })).id;
  await admin.ok('account.save', { id: owned.account, emails: ['owned@example.com'], firstName: 'Owned' });
  owned.dataImport = (
    await admin.ok('dataImport.create', { fileName: 'owned.csv', totalBytes: 100, columns: ['id', 'email'], primaryKeyColumn: 0, mappings: [{ column: 1, target: 'email' }] })
  ).id;
  // a device of organization 1's account, in the org-keyed device table
  await store
    .forOrg(1)
    .keyed('device')
    .put(owned.account, {
      deviceId: 'owned-device',
      orgId: 1,
      accountId: owned.account,
      platform: 'ANDROID',
      channel: 'GCM',
      permission: 'ALLOW',
      active: true,
      source: 'SDK',
      dateUpdated: 1,
    } as never);
});

afterAll(() => herald?.stop());

describe('a handler given a forged organization id', () => {
  it('reads: organization 1 records answer 720003, as missing ones', async () => {
    expect(otherOrg).not.toBe(1);
    for (const [service, payload] of [
      ['segment.detail', { id: owned.segment }],
      ['planTag.detail', { id: owned.tag }],
      ['templateMessage.detail', { id: owned.template }],
      ['account.detail', { id: owned.account }],
      ['account.devices', { id: owned.account }],
      ['dataImport.detail', { id: owned.dataImport }],
    ] as const) {
      const r = await other.call(service, forged(payload));
      expect(r.body.errorCode, service).toBe('720003');
    }
  });

  it('queries: a list answers only the caller organization records', async () => {
    const tags = await other.ok('planTag.getListByPage', forged({ page: 0, size: 100 }));
    expect(tags.list.map((t: { id: string }) => t.id)).not.toContain(owned.tag);
    const segments = await other.ok('segment.getListByPage', forged({ page: 0, size: 100 }));
    expect(segments.list.map((s) => s.id)).not.toContain(owned.segment);
    const accounts = await other.ok('account.getListByPage', forged({ size: 50 }));
    expect(accounts.list.map((a) => a.id)).not.toContain(owned.account);
  });

  it('writes: an edit of organization 1 record answers 720003; a new record lands in the caller organization', async () => {
    const edit = await other.call('planTag.save', forged({ id: owned.tag, name: 'Hijacked', version: 1 }));
    expect(edit.body.errorCode).toBe('720003');
    const segmentEdit = await other.call('segment.save', forged({ id: owned.segment, name: 'Hijacked', rule, version: 1 }));
    expect(segmentEdit.body.errorCode).toBe('720003');
    const created = await other.ok('planTag.save', forged({ name: 'Forged tag' }));
    expect((await store.forOrg(1).require('planTag', owned.tag)).name).toBe('Owned tag');
    expect(await store.forOrg(1).get('planTag', created.id)).toBeUndefined();
    expect((await store.forOrg(otherOrg).require('planTag', created.id)).name).toBe('Forged tag');
    expect((await store.forOrg(1).require('segment', owned.segment)).name).toBe('Owned segment');
  });

  it('deletes: organization 1 records answer 720003 and stay', async () => {
    for (const [service, payload] of [
      ['planTag.delete', { id: owned.tag }],
      ['segment.delete', { id: owned.segment }],
      ['templateMessage.delete', { id: owned.template }],
      ['account.delete', { id: owned.account }],
    ] as const) {
      expect((await other.call(service, forged(payload))).body.errorCode, service).toBe('720003');
    }
    const one = store.forOrg(1);
    expect(await one.get('planTag', owned.tag)).toBeDefined();
    expect(await one.get('segment', owned.segment)).toBeDefined();
    expect(await one.get('templateMessage', owned.template)).toBeDefined();
    expect((await admin.ok('account.detail', { id: owned.account })).id).toBe(owned.account);
  });

  it('batches: a batch read names nothing of organization 1, a batch write into its import answers 720003', async () => {
    const exported = await other.call('templateMessage.export', forged({ ids: [owned.template] }));
    expect(exported.body.errorCode).toBe('720003');
    const before = await store.forOrg(1).require('dataImport', owned.dataImport);
    const rows = await other.call('dataImport.appendRows', forged({ id: owned.dataImport, fromRow: 2, rows: [['forged-1', 'forged@example.com']], bytesRead: 10 }));
    expect(rows.body.errorCode).toBe('720003');
    expect(await store.forOrg(1).require('dataImport', owned.dataImport)).toEqual(before);
    expect((await admin.call('account.detail', { id: 'forged-1' })).body.errorCode).toBe('720003');
  });
});

describe('the tenant store', () => {
  it('fills in its organization over a forged one on puts, updates and transactions', async () => {
    const two = store.forOrg(otherOrg);
    const now = Date.now();
    const tag = { id: 'store-forged', name: 'Store forged', version: 1, dateCreated: now, dateUpdated: now };
    // a record spread from elsewhere may carry an orgId: the store writes its own
    await two.put('planTag', { ...tag, ...({ orgId: 1 } as object) } as never);
    expect(await store.forOrg(1).get('planTag', 'store-forged')).toBeUndefined();
    expect((await two.require('planTag', 'store-forged')).orgId).toBe(otherOrg);
    await two.update('planTag', 'store-forged', { name: 'Renamed', ...({ orgId: 1 } as object) } as never);
    expect((await two.require('planTag', 'store-forged')).orgId).toBe(otherOrg);
    await two.transact([two.putVersioned('planTag', { ...tag, name: 'Again', version: 2, ...({ orgId: 1 } as object) } as never, 1)]);
    expect(await store.forOrg(1).get('planTag', 'store-forged')).toBeUndefined();
    // an update of an id that organization 1 holds, from organization 2, never touches it
    await expect(two.update('planTag', owned.tag, { name: 'Hijacked' }, { ConditionExpression: 'attribute_exists(id)' })).rejects.toMatchObject({ code: '720007' });
    expect((await store.forOrg(1).require('planTag', owned.tag)).name).toBe('Owned tag');
  });

  it('answers only its organization on batch reads, pages and deletes', async () => {
    const two = store.forOrg(otherOrg);
    expect(await two.getMany('planTag', [owned.tag, 'store-forged'])).toEqual([undefined, expect.objectContaining({ id: 'store-forged' })]);
    const page = await two.queryPage('planTag', { limit: 100 });
    expect(page.items.every((t) => t.orgId === otherOrg)).toBe(true);
    await two.delete('planTag', owned.tag);
    expect(await store.forOrg(1).get('planTag', owned.tag)).toBeDefined();
  });

  it('builds the org-keyed partitions itself: a forged partition key is overwritten', async () => {
    const devices = store.forOrg(otherOrg).keyed('device');
    await devices.put(owned.account, {
      deviceId: 'forged-device',
      accountKey: deviceKeyOf(1, owned.account),
      orgId: otherOrg,
      accountId: owned.account,
      platform: 'IOS',
      channel: 'APNS',
      permission: 'ALLOW',
      active: true,
      source: 'SDK',
      dateUpdated: 1,
    } as never);
    expect(await store.get('device', { accountKey: deviceKeyOf(1, owned.account), deviceId: 'forged-device' })).toBeUndefined();
    expect(await store.get('device', { accountKey: deviceKeyOf(otherOrg, owned.account), deviceId: 'forged-device' })).toBeDefined();
    expect(await devices.get(owned.account, 'owned-device')).toBeUndefined();
    expect((await devices.list(owned.account)).map((d) => d.deviceId)).toEqual(['forged-device']);
  });

  it("the ledger's tenant door reads only its organization's counters and sent records", async () => {
    const ledger = new Ledger(store, herald.rt.clock);
    const send = { orgId: 1, planId: 'ledger-plan', runId: 'r1', channel: 'EMAIL' as const, accountId: owned.account };
    await ledger.count(send, { matched: 3 });
    expect((await ledger.claim(send, 'owned@example.com')).claimed).toBe(true);
    expect((await tenantLedger(store.forOrg(1)).totals(send)).total.matched).toBe(3);
    expect(await tenantLedger(store.forOrg(1)).record(send)).toMatchObject({ orgId: 1, address: 'owned@example.com', status: 'CLAIMED' });
    // the same plan, run and recipient named by another organization: nothing
    expect((await tenantLedger(store.forOrg(otherOrg)).totals({ ...send, orgId: 1 } as never)).total.matched).toBe(0);
    expect(await tenantLedger(store.forOrg(otherOrg)).record({ ...send, orgId: 1 } as never)).toBeUndefined();
  });

  it('builds the organization-first keys of the moved tables itself: a forged key or organization is overwritten', async () => {
    const runs = store.forOrg(otherOrg).keyed('planRun');
    const forgedKeys = { orgId: 1, planKey: '1#forged-plan', sk: 'forged-plan#r1' };
    await runs.put('forged-plan', { runId: 'r1', planId: 'forged-plan', status: 'RUNNING', dueAt: 1, startedAt: 1, ...forgedKeys } as never);
    expect(await store.forOrg(1).keyed('planRun').list('forged-plan')).toEqual([]);
    expect((await store.forOrg(1).keyed('planRun').orgIndexPage('orgRuns', {})).items.map((r) => r.planId)).not.toContain('forged-plan');
    await runs.update('forged-plan', 'r1', { ...forgedKeys, status: 'DONE' });
    expect(await runs.get('forged-plan', 'r1')).toMatchObject({ orgId: otherOrg, planKey: `${otherOrg}#forged-plan`, status: 'DONE' });
    expect(await store.forOrg(1).keyed('planRun').get('forged-plan', 'r1')).toBeUndefined();
    const phone = '+819099990000';
    await store
      .forOrg(otherOrg)
      .keyed('smsContact')
      .put(phone, { phone, dateCreated: 1, orgId: 1, contactKey: `1#${phone}` } as never);
    expect(await store.forOrg(1).keyed('smsContact').get(phone)).toBeUndefined();
    expect(await store.forOrg(otherOrg).keyed('smsContact').get(phone)).toMatchObject({ orgId: otherOrg, contactKey: `${otherOrg}#${phone}` });
  });
});
