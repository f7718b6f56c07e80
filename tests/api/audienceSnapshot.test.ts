/**
 * Segment sizes from the audience snapshot: each count equals the evaluator's over every stored account (the full
 * read, `countMatching`) after accounts are created, updated, deleted and imported, each change showing in the
 * next count without a rebuild; the answer says how fresh it is; a long change log is folded into a new base;
 * and one organization's snapshot is never read for another.
 */
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../functions/domain/accounts';
import { COMPACT, countFromSnapshot } from '../../functions/domain/audience/snapshot';
import type { LocalHerald } from '../../functions/local/boot';
import { countMatching, segmentSize } from '../../functions/services/segment';
import { Store, type TenantStore } from '../../functions/store/store';
import type { Account } from '../../shared/entities';
import { csvHead, uploadPages } from '../../shared/import/upload';
import { IMPORT_CELL_MAX } from '../../shared/services';
import { DAY_MS, type Rule } from '../../shared/segment';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { seededAt } from '../support/seeding';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let tenant: TenantStore;

const NOW = Date.now();
const SEEDED = 400;

function seed(): Account[] {
  let s = 7;
  const r = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: SEEDED }, (_, i) => {
    const created = NOW - (Math.floor(r() * 60) + 0.5) * DAY_MS;
    const plan = pick(['gold', 'silver', undefined]);
    return {
      orgId: 1,
      id: `snap-${String(i).padStart(4, '0')}`,
      emails: r() < 0.9 ? [`p${i}@${pick(['example.com', 'test.jp'])}`] : [],
      country: pick(['JP', 'US', undefined]),
      tags: ['vip', 'new'].filter(() => r() < 0.3),
      attributes: { ...(plan ? { plan } : {}), score: Math.floor(r() * 100) },
      ...(r() < 0.6 ? { address: { lines: ['1-2-3'], region: pick(['東京都', '大阪府']), postcode: pick(['150-0001', '530-0001']) } } : {}),
      emailConsent: r() < 0.7,
      smsConsent: false,
      pushConsent: false,
      lineConsent: false,
      ...seededAt(created),
    } satisfies Account;
  });
}

/** Rules over text, case-blind codes, attributes, tags, dates, postal parts, the id and absent values. */
const RULES: Rule[] = [
  {
    op: 'AND',
    conditions: [
      { field: 'country', operator: 'equals', value: 'jp' },
      { field: 'attributes.plan', operator: 'in', value: ['gold', 'platinum'] },
      { field: 'emailConsent', operator: 'equals', value: true },
      {
        op: 'OR',
        conditions: [
          { field: 'tags', operator: 'hasTag', value: 'vip' },
          { field: 'dateCreated', operator: 'withinLastDays', value: 30 },
        ],
      },
      { field: 'attributes.score', operator: 'gte', value: 10 },
    ],
  },
  {
    op: 'OR',
    conditions: [
      { field: 'email', operator: 'contains', value: 'TEST.JP' },
      { field: 'country', operator: 'isNotSet' },
    ],
  },
  {
    op: 'AND',
    conditions: [
      { field: 'addressPostcode', operator: 'startsWith', value: '〒150' },
      { field: 'attributes.plan', operator: 'notEquals', value: 'gold' },
    ],
  },
  {
    op: 'AND',
    conditions: [
      { field: 'id', operator: 'startsWith', value: 'snap-01' },
      { field: 'tags', operator: 'notHasTag', value: 'new' },
    ],
  },
];

/** The snapshot's answer beside the evaluator's over every stored account: equal, or the test fails. */
async function sameAsEvaluator(rule: Rule, lists: { includeIds?: string[]; excludeIds?: string[] } = {}) {
  const fast = await admin.ok('segment.count', { rule, ...lists });
  const full = await countMatching(tenant, { rule, ...lists }, Date.now());
  expect({ count: fast.count, total: fast.total }).toEqual({ count: full.count, total: full.total });
  expect(fast.snapshot).toBeDefined();
  return { ...fast, snapshot: fast.snapshot! };
}

async function* chunks(text: string) {
  yield new TextEncoder().encode(text);
}

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'snap'));
  tenant = new Store(herald.rt).forOrg(1);
  await new Accounts(tenant).putMany(seed());
});
afterAll(() => herald?.stop());

describe('audience snapshot', () => {
  let builtAt: number;

  it('is built by the first count, and every rule counts as the evaluator does', async () => {
    expect(await countFromSnapshot(tenant, { rule: RULES[0] }, NOW)).toBeUndefined();
    const first = await sameAsEvaluator(RULES[0]);
    expect(first.total).toBe(SEEDED);
    expect(first.count).toBeGreaterThan(0);
    builtAt = first.snapshot.builtAt;
    expect(first.snapshot.pending).toBe(0);
    for (const rule of RULES.slice(1)) expect((await sameAsEvaluator(rule)).count).toBeGreaterThan(0);
    const lists = { includeIds: ['snap-0003', 'no-such-id'], excludeIds: ['snap-0001', 'snap-0002'] };
    await sameAsEvaluator(RULES[1], lists);
    expect((await herald.rt.ports.storage.list('audience/1/')).files.map((f) => f.key)).toEqual(['audience/1/current.json']);
  });

  it('shows a created, updated and deleted account in the next count, exact, with the changes as pending', async () => {
    const jp = { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] } satisfies Rule;
    const before = await sameAsEvaluator(jp);
    const created = await admin.ok('account.save', { id: 'snap-new', emails: ['new@example.com'], country: 'JP', attributes: { plan: 'gold' } });
    const afterCreate = await sameAsEvaluator(jp);
    expect({ count: afterCreate.count, total: afterCreate.total }).toEqual({ count: before.count + 1, total: before.total + 1 });
    expect(afterCreate.snapshot).toMatchObject({ builtAt, pending: 1 });
    expect(afterCreate.snapshot.changedAt).toBeGreaterThanOrEqual(builtAt);

    await admin.ok('account.save', { ...created, country: 'US' });
    expect((await sameAsEvaluator(jp)).count).toBe(before.count);
    const gone = (await admin.ok('account.getListByPage', { size: 1 })).list[0].id as string;
    await admin.ok('account.delete', { id: gone });
    const afterDelete = await sameAsEvaluator(jp);
    expect(afterDelete.total).toBe(before.total);
    expect(afterDelete.snapshot).toMatchObject({ builtAt, pending: 2 });
    for (const rule of RULES) await sameAsEvaluator(rule);
  });

  it('shows an import in the next count', async () => {
    const text = `key,email,country,plan\n${Array.from({ length: 30 }, (_, i) => `imp-${i},i${i}@test.jp,${i % 2 ? 'JP' : 'US'},gold`).join('\n')}\nsnap-0005,changed@test.jp,JP,gold\n`;
    const head = csvHead(text);
    const created = await admin.ok('dataImport.create', {
      fileName: 'more.csv',
      totalBytes: new TextEncoder().encode(text).byteLength,
      columns: head.header,
      splitChar: head.delimiter,
      primaryKeyColumn: 0,
      mappings: [
        { column: 1, target: 'email' },
        { column: 2, target: 'country' },
        { column: 3, target: 'attribute', attribute: 'plan' },
      ],
    });
    for await (const page of uploadPages(chunks(text), { delimiter: head.delimiter, cellMax: IMPORT_CELL_MAX }))
      await admin.ok('dataImport.appendRows', { id: created.id, ...page });
    expect(await admin.ok('dataImport.finish', { id: created.id })).toMatchObject({ created: 30, updated: 1 });
    const counted = await sameAsEvaluator(RULES[1]);
    expect(counted.snapshot).toMatchObject({ builtAt, pending: 33 });
    for (const rule of RULES) await sameAsEvaluator(rule);
  });

  it(`folds more than ${COMPACT.files} change files into a new base, still exact`, async () => {
    const accounts = new Accounts(tenant);
    for (let i = 0; i <= COMPACT.files; i++) {
      const a = (await accounts.get(`snap-${String(100 + i).padStart(4, '0')}`))!;
      await accounts.replace({ ...a, country: i % 2 ? 'JP' : 'US', version: a.version + 1 }, a.version);
    }
    // the count asks a job to fold them (never folded within a count: seconds at a million accounts), exact meanwhile
    await sameAsEvaluator(RULES[0]);
    await expect.poll(async () => (await sameAsEvaluator(RULES[0])).snapshot.builtAt).toBeGreaterThan(builtAt);
    const after = await sameAsEvaluator(RULES[0]);
    expect(after.snapshot.pending).toBe(0);
    builtAt = after.snapshot.builtAt;
    for (const rule of RULES) await sameAsEvaluator(rule);
  });

  it('is built by a job when the accounts cannot be read within a count, the counts meanwhile said to be incomplete', async () => {
    const storage = herald.rt.ports.storage;
    const current = async () => {
      const found = await storage.get('audience/1/current.json');
      return found ? (JSON.parse(await text(found.body)) as { base: string }) : undefined;
    };
    // no snapshot: its pointer gone
    await storage.delete('audience/1/current.json');
    // a count whose budget is spent before the first page, as a million accounts spend it
    const early = await segmentSize(tenant, { rule: RULES[0] }, Date.now(), undefined, { ms: 0, accounts: 1_000_000, page: 1_000 });
    expect(early).toMatchObject({ complete: false, total: 0 });
    // the job builds the base and takes its mark away, with no count asking meanwhile
    await expect.poll(async () => (await storage.get('audience/1/asked.json')) === undefined && (await current()) !== undefined).toBe(true);
    expect(await storage.get(`audience/1/base/${(await current())!.base}/ids.gz`)).toBeDefined();
    const built = await sameAsEvaluator(RULES[0]);
    expect(built.snapshot.builtAt).toBeGreaterThan(builtAt);
    expect(built.complete).toBe(true);
  });

  it("never reads one organization's snapshot for another", async () => {
    expect((await herald.rt.ports.storage.list('audience/')).folders).toEqual(['audience/1/']);
    const theirs = await other.ok('segment.count', { rule: RULES[1] });
    expect(theirs).toMatchObject({ count: 0, total: 0, complete: true });
    expect(theirs.snapshot?.builtAt).toBeGreaterThan(0);
    const mine = await admin.ok('segment.count', { rule: RULES[1] });
    expect(mine.total).toBeGreaterThan(SEEDED);
    // the other organization's count built its own snapshot, under its own id
    const folders = (await herald.rt.ports.storage.list('audience/')).folders;
    expect(folders).toHaveLength(2);
    const otherId = Number(folders.find((f) => f !== 'audience/1/')!.split('/')[1]);
    expect(otherId).not.toBe(1);
    expect((await countFromSnapshot(new Store(herald.rt).forOrg(otherId), { rule: RULES[1] }, NOW))?.total).toBe(0);
  });
});
