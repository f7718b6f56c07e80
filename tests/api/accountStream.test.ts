/**
 * The account table's local stream: every write to the account table reaches the audience snapshot, whoever makes
 * it (a seed writing straight to the store, a transaction, a batch), as DynamoDB's stream does on AWS. Each change
 * goes to the organization of the key written; a write that failed records nothing; a bulk write is one change.
 * Several first counts at once (the wizard asks size and reach together) all answer from the snapshot they build.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../functions/domain/accounts';
import type { LocalHerald } from '../../functions/local/boot';
import { countMatching } from '../../functions/services/segment';
import { CONDITIONS, Store, type TenantStore } from '../../functions/store/store';
import { type Account, accountKey } from '../../shared/entities';
import type { Rule } from '../../shared/segment';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { testAccount } from '../support/plans';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let store: Store;
let mine: TenantStore;
let otherId: number;

const TAG = `stream${Date.now().toString(36)}`;
const RULE: Rule = { op: 'AND', conditions: [{ field: 'attributes.campaign', operator: 'equals', value: TAG }] };
const now = () => herald.rt.clock.now();
const account = (orgId: number, id: string, fields: Partial<Account> = {}) =>
  testAccount(orgId, `${TAG}-${id}`, now(), { emails: [`${id}@example.com`], emailConsent: true, attributes: { campaign: TAG }, ...fields });

/** The snapshot's count and e-mail reach beside the full read's: equal, or the test fails. */
async function sameAsFullRead(client = admin, tenant = mine) {
  const fast = await client.ok('segment.count', { rule: RULE, channel: 'EMAIL' });
  const full = await countMatching(tenant, { rule: RULE }, now(), undefined, 'EMAIL');
  expect(fast.snapshot).toBeDefined();
  expect({ count: fast.count, total: fast.total, reach: fast.reach }).toEqual({ count: full.count, total: full.total, reach: full.reach });
  return fast;
}

/** The delta files of an organization's snapshot. */
const deltaFiles = async (orgId: number) => (await herald.rt.ports.storage.list(`audience/${orgId}/delta/`)).files.length;

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'stream'));
  store = new Store(herald.rt);
  mine = store.forOrg(1);
  const orgs = await admin.ok('organization.list', { page: 0, size: 50 });
  otherId = orgs.list.find((o: { code: string }) => o.code === 'OTHER_STREAM')!.id as number;
});
afterAll(() => herald?.stop());

describe("the account table's local stream", () => {
  it('lets several first counts at once build the snapshot and answer from it', async () => {
    await store.putMany('account', [account(1, 'a'), account(1, 'b')]);
    const answers = await Promise.all([
      admin.ok('segment.count', { rule: RULE }),
      admin.ok('segment.count', { rule: RULE, channel: 'EMAIL' }),
      admin.ok('segment.count', { rule: RULE, channel: 'SMS' }),
    ]);
    for (const a of answers) expect(a).toMatchObject({ count: 2, complete: true });
    expect((await sameAsFullRead()).reach).toMatchObject({ reachable: 2 });
  });

  it('records puts, batches, updates and deletes made straight to the store, in the next count', async () => {
    await store.put('account', account(1, 'c'));
    await store.putMany('account', [account(1, 'd'), account(1, 'e', { emailConsent: false })]);
    expect((await sameAsFullRead()).count).toBe(5);
    await store.update('account', accountKey(1, `${TAG}-a`), { emails: [] });
    await store.delete('account', accountKey(1, `${TAG}-b`));
    await store.deleteMany('account', [accountKey(1, `${TAG}-c`)]);
    const after = await sameAsFullRead();
    expect(after).toMatchObject({ count: 3, reach: { reachable: 1, unreachable: { USER_NOT_MATCHED: 1 } } });
    expect(after.snapshot!.pending).toBe(5);
  });

  it('records the account items of a transaction, reading back those an update changed', async () => {
    const [f, d] = [account(1, 'f'), `${TAG}-d`];
    await store.transact([
      store.putNew('account', f),
      store.updateItem('account', accountKey(1, d), { set: { emailConsent: false } }),
      store.deleteItem('account', accountKey(1, `${TAG}-e`)),
    ]);
    expect(await sameAsFullRead()).toMatchObject({ count: 3, reach: { reachable: 1 } });
  });

  it('records nothing for a write that failed', async () => {
    const files = await deltaFiles(1);
    await expect(store.put('account', account(1, 'f'), CONDITIONS.isNew('id'), '720001')).rejects.toMatchObject({ code: '720001' });
    await expect(store.transact([store.putNew('account', account(1, 'f', { country: 'JP' }))])).rejects.toBeDefined();
    expect(await deltaFiles(1)).toBe(files);
    expect((await sameAsFullRead()).count).toBe(3);
  });

  it('records a bulk write of the account repository as one change', async () => {
    const files = await deltaFiles(1);
    await new Accounts(mine).putMany(Array.from({ length: 120 }, (_, i) => account(1, `bulk-${i}`)));
    expect(await deltaFiles(1)).toBe(files + 1);
    expect((await sameAsFullRead()).count).toBe(123);
  });

  it("records each write in the organization of its key, never in the writer's", async () => {
    const theirs = store.forOrg(otherId);
    expect((await sameAsFullRead(other, theirs)).count).toBe(0);
    // one batch with accounts of both organizations
    await store.putMany('account', [account(otherId, 'x'), account(1, 'y'), account(otherId, 'z')]);
    expect((await sameAsFullRead(other, theirs)).count).toBe(2);
    expect((await sameAsFullRead()).count).toBe(124);
  });
});
