/**
 * Segments: versioned saves with unique names, bad rules answered with the spec's filter texts, tenant isolation,
 * and the live size: equal to a plain filter written here by hand over the same seeded accounts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Accounts } from '../../functions/domain/accounts';
import { countMatching } from '../../functions/services/segment';
import { Store } from '../../functions/store/store';
import type { Account } from '../../shared/entities';
import { compileSegment, DAY_MS, type Rule, STATIC_LIST_MAX, STATIC_LIST_MESSAGES } from '../../shared/segment';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { seededAt } from '../support/seeding';
import { textsIn } from '../../shared/i18n';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;

const NOW = Date.now();
const ACCOUNTS = 2000;

/** A small seeded generator, so every run sees the same accounts. */
function random(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

function seedAccounts(): Account[] {
  const r = random(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  return Array.from({ length: ACCOUNTS }, (_, i) => {
    const attributes: Account['attributes'] = {};
    const plan = pick(['gold', 'silver', 'bronze', undefined]);
    if (plan) attributes.plan = plan;
    if (r() < 0.8) attributes.score = Math.floor(r() * 101);
    const created = NOW - (Math.floor(r() * 60) + 0.5) * DAY_MS;
    return {
      orgId: 1,
      id: `s-${i}`,
      emails: r() < 0.9 ? [`p${i}@${pick(['example.com', 'test.jp'])}`] : [],
      country: pick(['JP', 'US', 'DE', undefined]),
      locale: pick(['ja-JP', 'en-US', undefined]),
      tags: ['vip', 'new', 'churn'].filter(() => r() < 0.3),
      attributes,
      ...(r() < 0.7
        ? { address: { lines: ['1-2-3'], region: pick(['東京都', '大阪府']), city: pick(['渋谷区', '北区']), postcode: pick(['150-0001', '530-0001', '１５０－０００２']) } }
        : {}),
      emailConsent: r() < 0.7,
      smsConsent: false,
      pushConsent: false,
      lineConsent: false,
      ...seededAt(created),
    } satisfies Account;
  });
}
const seeded = seedAccounts();

/** Each rule beside the same question asked in plain code. */
const CASES: [string, Rule, (a: Account) => boolean][] = [
  [
    'country is JP and plan is gold',
    {
      op: 'AND',
      conditions: [
        { field: 'country', operator: 'equals', value: 'jp' },
        { field: 'attributes.plan', operator: 'equals', value: 'gold' },
      ],
    },
    (a) => a.country === 'JP' && a.attributes.plan === 'gold',
  ],
  [
    'vip, or a high score with email consent',
    {
      op: 'OR',
      conditions: [
        { field: 'tags', operator: 'hasTag', value: 'vip' },
        {
          op: 'AND',
          conditions: [
            { field: 'attributes.score', operator: 'gt', value: 80 },
            { field: 'emailConsent', operator: 'equals', value: true },
          ],
        },
      ],
    },
    (a) => a.tags.includes('vip') || ((a.attributes.score as number) > 80 && a.emailConsent),
  ],
  [
    'not in JP (no country counts) and created within 30 days',
    {
      op: 'AND',
      conditions: [
        { field: 'country', operator: 'notEquals', value: 'JP' },
        { field: 'dateCreated', operator: 'withinLastDays', value: 30 },
      ],
    },
    (a) => a.country !== 'JP' && a.dateCreated >= NOW - 30 * DAY_MS,
  ],
  [
    'address at test.jp, or no locale',
    {
      op: 'OR',
      conditions: [
        { field: 'email', operator: 'contains', value: 'TEST.JP' },
        { field: 'locale', operator: 'isNotSet' },
      ],
    },
    (a) => (a.emails[0] ?? '').includes('test.jp') || a.locale === undefined,
  ],
  [
    'in Tokyo, in a postcode starting 〒150, or a city named 北区',
    {
      op: 'OR',
      conditions: [
        {
          op: 'AND',
          conditions: [
            { field: 'addressRegion', operator: 'equals', value: '東京都' },
            { field: 'addressPostcode', operator: 'startsWith', value: '〒150' },
          ],
        },
        { field: 'addressCity', operator: 'equals', value: '北区' },
      ],
    },
    (a) => (a.address?.region === '東京都' && (a.address.postcode ?? '').normalize('NFKC').startsWith('150')) || a.address?.city === '北区',
  ],
  [
    'plan gold or silver, without tags',
    {
      op: 'AND',
      conditions: [
        { field: 'attributes.plan', operator: 'in', value: ['gold', 'silver'] },
        { field: 'tags', operator: 'isNotSet' },
      ],
    },
    (a) => ['gold', 'silver'].includes(a.attributes.plan as string) && a.tags.length === 0,
  ],
];

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other, nobody } = await twoOrganizations(herald, 'seg'));
  await new Accounts(new Store(herald.rt).forOrg(1)).putMany(seeded);
});
afterAll(() => herald?.stop());

describe('live size', () => {
  it.each(CASES)('%s: the count equals a plain filter', async (_name, rule, plain) => {
    const expected = seeded.filter(plain).length;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(ACCOUNTS);
    expect(await admin.ok('segment.count', { rule })).toMatchObject({ count: expected, total: ACCOUNTS, complete: true });
  });

  it('counts a saved segment by its id; another organization counts only its own accounts', async () => {
    const [, rule, plain] = CASES[0];
    const segment = await admin.ok('segment.save', { name: 'JP gold', rule });
    expect(await admin.ok('segment.count', { id: segment.id })).toMatchObject({ count: seeded.filter(plain).length });
    expect(await other.ok('segment.count', { rule })).toMatchObject({ count: 0, total: 0, complete: true });
    const foreign = await other.call('segment.count', { id: segment.id });
    const missing = await other.call('segment.count', { id: randomUUID() });
    expect({ status: foreign.status, body: foreign.body }).toEqual({ status: missing.status, body: missing.body });
  });

  it('static lists: listed accounts are in whatever the rule says, excluded ones out even when listed or matching', async () => {
    const [, rule, plain] = CASES[0];
    const matching = seeded.filter(plain).map((a) => a.id);
    const outside = seeded.filter((a) => !plain(a)).map((a) => a.id);
    const includeIds = [...outside.slice(0, 3), outside[0], 'no-such-account'];
    const excludeIds = [matching[0], matching[1], outside[1]];
    // outside[0..2] join (outside[1] is excluded again), matching[0..1] leave; an unknown id counts nothing
    const expected = matching.length + 2 - 2;
    expect(await admin.ok('segment.count', { rule, includeIds, excludeIds })).toMatchObject({ count: expected, total: ACCOUNTS, complete: true });
    const saved = await admin.ok('segment.save', { name: 'JP gold, curated', rule, includeIds, excludeIds });
    // each id once, as given
    expect(saved.includeIds).toEqual([...outside.slice(0, 3), 'no-such-account']);
    expect(await admin.ok('segment.count', { id: saved.id })).toMatchObject({ count: expected });
    // the send reads the same lists: the pipeline's audience is the saved segment's
    const members = seeded.filter((a) => compileSegment(saved, NOW)(a)).map((a) => a.id);
    expect(members).toContain(outside[0]);
    expect(members).not.toContain(outside[1]);
    expect(members).not.toContain(matching[0]);

    const tooMany = await admin.call('segment.save', { name: 'Too many', rule, includeIds: Array.from({ length: STATIC_LIST_MAX + 1 }, (_, i) => `id-${i}`) });
    expect(tooMany.body.errorCode).toBe('400016');
    expect(JSON.stringify(tooMany.body)).toContain(textsIn(STATIC_LIST_MESSAGES.tooMany, 'en'));
    const longId = await admin.call('segment.count', { rule, excludeIds: ['x'.repeat(65)] });
    expect(JSON.stringify(longId.body)).toContain(textsIn(STATIC_LIST_MESSAGES.idTooLong, 'en'));
  });

  it('stops at its cap and says the count is a lower bound', async () => {
    const tenant = new Store(herald.rt).forOrg(1);
    const bySize = await countMatching(tenant, { rule: CASES[0][1] }, NOW, { ms: 10_000, accounts: 100, page: 20 });
    // shards read in parallel, so a few pages may be in flight when the cap is reached
    expect(bySize.complete).toBe(false);
    expect(bySize.total).toBeGreaterThanOrEqual(100);
    expect(bySize.total).toBeLessThan(ACCOUNTS / 2);
    expect(await countMatching(tenant, { rule: CASES[0][1] }, NOW, { ms: 0, accounts: ACCOUNTS })).toEqual({ count: 0, total: 0, complete: false });
  });
});

describe('segments', () => {
  const rule: Rule = { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'US' }] };
  let saved: Record<string, any>;

  it('saves, lists, picks and reads; names are unique in any case (720001); a stale save answers 720007', async () => {
    saved = await admin.ok('segment.save', { name: 'Americans', description: 'US only', rule });
    expect(saved).toMatchObject({ name: 'Americans', version: 1, rule });
    expect(JSON.stringify(saved)).not.toMatch(/"orgId"|"createdBy"/);
    const list = await admin.ok('segment.getListByPage', { page: 0, size: 10, name: 'americ' });
    expect(list.list.map((s: { id: string }) => s.id)).toEqual([saved.id]);
    expect(await admin.ok('segment.getAll')).toEqual(expect.arrayContaining([{ id: saved.id, name: 'Americans' }]));
    expect(await admin.ok('segment.detail', { id: saved.id })).toEqual(saved);
    expect((await admin.call('segment.save', { name: 'AMERICANS', rule })).body.errorCode).toBe('720001');
    const edited = await admin.ok('segment.save', {
      ...saved,
      name: 'US',
      rule: { op: 'OR', conditions: [...rule.conditions, { field: 'country', operator: 'equals', value: 'CA' }] },
    });
    expect(edited.version).toBe(2);
    expect((await admin.call('segment.save', { ...saved, name: 'Late' })).body.errorCode).toBe('720007');
    // the old name is free again
    await admin.ok('segment.save', { name: 'Americans', rule });
    saved = edited;
  });

  it('answers bad rules with 400016 and the spec filter texts', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'x', rule: { op: 'AND', conditions: [] } }, 'Please add filtering criteria to narrow down the query scope'],
      [{ name: 'x', rule: { op: 'AND', conditions: [{ operator: 'equals', value: 'JP' }] } }, 'The field is required.'],
      [{ name: 'x', rule: { op: 'AND', conditions: [{ field: 'country', value: 'JP' }] } }, 'The operator is required.'],
      [{ name: 'x', rule: { op: 'AND', conditions: [{ field: 'country', operator: 'in', value: [] }] } }, 'Please submit at least one valid value.'],
      [{ name: 'x', rule: { op: 'AND', conditions: [{ field: 'country', operator: 'gt', value: 3 }] } }, "does not apply to the field 'country'"],
      [{ rule }, 'Please input the name!'],
    ];
    for (const [payload, text] of cases) {
      const r = await admin.call('segment.save', payload);
      expect(r.body.errorCode, JSON.stringify(payload)).toBe('400016');
      expect(r.body.errorMessage).toContain(text);
    }
    expect((await admin.call('segment.count', {})).body.errorMessage).toContain('Give either the id of a segment or a rule.');
    expect((await admin.call('segment.count', { id: saved.id, rule })).body.errorCode).toBe('400016');
    expect((await admin.call('segment.count', { rule: { op: 'XOR', conditions: [] } })).body.errorCode).toBe('400016');
  });

  it("another organization's ids answer exactly as missing ones", async () => {
    const missing = randomUUID();
    for (const [service, payload] of [
      ['segment.detail', (id: string) => ({ id })],
      ['segment.delete', (id: string) => ({ id })],
      ['segment.save', (id: string) => ({ id, version: 2, name: 'Taken', rule })],
    ] as const) {
      const a = await other.call(service, payload(saved.id));
      const b = await other.call(service, payload(missing));
      expect({ status: a.status, body: a.body }, service).toEqual({ status: b.status, body: b.body });
    }
    expect((await other.ok('segment.getListByPage', { page: 0, size: 10 })).total).toBe(0);
    expect(await admin.ok('segment.detail', { id: saved.id })).toEqual(saved);
  });

  it('needs NAV_SEGMENT', async () => {
    expect((await nobody.call('segment.getListByPage', { page: 0, size: 10 })).body.errorCode).toBe('730001');
    expect((await nobody.call('segment.count', { rule })).body.errorCode).toBe('730001');
  });

  it('deletes and frees the name', async () => {
    expect(await admin.ok('segment.delete', { id: saved.id })).toEqual({ ok: true });
    expect((await admin.call('segment.detail', { id: saved.id })).body.errorCode).toBe('720003');
    await admin.ok('segment.save', { name: saved.name, rule });
  });
});
