/**
 * Accounts: versioned saves, cursor paging over the 16 shards without repeats or gaps, search by id prefix and by
 * exact primary address through the index, bad input, permissions and tenant isolation (ids and cursors).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Accounts, compareIds } from '../../functions/domain/accounts';
import { Store } from '../../functions/store/store';
import type { Result } from '../../shared/services';
import { type ApiClient, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;

const stamp = { version: 1, dateCreated: 1, dateUpdated: 1, createdBy: 'seed', updatedBy: 'seed' };
/** Ids of many shapes: sequential, padded, mixed case, non-ASCII (DynamoDB orders them by UTF-8 bytes). */
const SEEDED = Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? `Z-${i}` : i % 10 === 1 ? `ü-${i}` : i % 10 === 2 ? `${i}` : `acc-${String(i).padStart(4, '0')}`));

async function allPages(client: ApiClient, size: number, search?: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.ok('account.getListByPage', { size, search, cursor });
    expect(page.list.length).toBeLessThanOrEqual(size);
    ids.push(...page.list.map((a) => a.id));
    cursor = page.cursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other, nobody } = (await twoOrganizations(herald, 'acc')) satisfies Callers);
  const accounts = new Accounts(new Store(herald.rt).forOrg(1));
  await accounts.putMany(
    SEEDED.map((id, i) => ({
      orgId: 1,
      id,
      emails: [`user${i}@example.com`],
      tags: [],
      attributes: {},
      emailConsent: true,
      smsConsent: false,
      pushConsent: false,
      lineConsent: false,
      ...stamp,
    })),
  );
});
afterAll(() => herald?.stop());

describe('cursor paging', () => {
  it('pages 1,000 accounts in id order with no account twice and none left out', async () => {
    const { ids, pages } = await allPages(admin, 37);
    expect(ids).toHaveLength(SEEDED.length);
    expect(new Set(ids).size).toBe(SEEDED.length);
    expect(ids).toEqual([...SEEDED].sort(compareIds));
    expect(pages).toBe(Math.ceil(SEEDED.length / 37));
  });

  it("counts the organization's accounts across every shard for the list's total, and only its own", async () => {
    expect(await admin.ok('account.count')).toEqual({ total: SEEDED.length, complete: true });
    expect(await other.ok('account.count')).toEqual({ total: 0, complete: true });
    expect((await nobody.call('account.count')).body.errorCode).toBe('730001');
  });

  it('searches by id prefix across every shard, page by page', async () => {
    const wanted = SEEDED.filter((id) => id.startsWith('acc-01')).sort(compareIds);
    expect(wanted.length).toBeGreaterThan(50);
    expect((await allPages(admin, 7, 'acc-01')).ids).toEqual(wanted);
    expect((await admin.ok('account.getListByPage', { search: 'nothing-starts-so' })).list).toEqual([]);
  });

  it('finds an account by its primary address in any case, through the index', async () => {
    const found = await admin.ok('account.getListByPage', { search: 'USER7@Example.com' });
    expect(found.list.map((a) => a.id)).toEqual([SEEDED[7]]);
    expect(found.cursor).toBeUndefined();
    // a changed address is found at once under its new value, and no longer under its old one
    const a = await admin.ok('account.detail', { id: SEEDED[7] });
    await admin.ok('account.save', { ...a, emails: ['renamed@example.com'] });
    expect((await admin.ok('account.getListByPage', { search: 'renamed@example.com' })).list.map((x) => x.id)).toEqual([SEEDED[7]]);
    expect((await admin.ok('account.getListByPage', { search: 'user7@example.com' })).list).toEqual([]);
  });

  it('refuses a changed cursor, a cursor of another search and a cursor of another organization', async () => {
    const first = await admin.ok('account.getListByPage', { size: 5 });
    const tampered = `${first.cursor!.slice(0, -3)}${first.cursor!.endsWith('A') ? 'BBB' : 'AAA'}`;
    for (const [caller, payload] of [
      [admin, { size: 5, cursor: tampered }],
      [admin, { size: 5, cursor: 'not-a-cursor' }],
      [admin, { size: 5, cursor: first.cursor, search: 'acc' }],
      [other, { size: 5, cursor: first.cursor }],
    ] as const) {
      const r = await caller.call('account.getListByPage', payload);
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('400016');
      expect(r.body.errorMessage).toContain('payload.cursor');
    }
  });
});

describe('saves', () => {
  let saved: Result<'account.save'>;

  it('creates, reads, updates with the version read; a stale save answers 720007, a taken id 720001', async () => {
    saved = await admin.ok('account.save', {
      id: 'new-1',
      emails: ['new1@example.com'],
      firstName: 'Aiko',
      locale: 'ja-jp',
      timeZone: 'asia/tokyo',
      country: 'jp',
      attributes: { plan: 'gold' },
    });
    expect(saved).toMatchObject({ id: 'new-1', version: 1, locale: 'ja-JP', timeZone: 'Asia/Tokyo', country: 'JP', emailConsent: false });
    expect(JSON.stringify(saved)).not.toMatch(/"orgId"|"pk"|"emailKey"|"createdBy"/);
    expect(await admin.ok('account.detail', { id: 'new-1' })).toEqual(saved);
    const edited = await admin.ok('account.save', { ...saved, lastName: 'Sato' });
    expect(edited).toMatchObject({ version: 2, lastName: 'Sato', dateCreated: saved.dateCreated });
    expect((await admin.call('account.save', { ...saved, lastName: 'Late' })).body.errorCode).toBe('720007');
    const { version: _v, ...fresh } = saved;
    expect((await admin.call('account.save', fresh)).body.errorCode).toBe('720001');
    saved = edited;
  });

  it('answers bad input with 400016 naming the field, in the spec wording where it has one', async () => {
    const cases: [unknown, string][] = [
      [{}, 'payload.id: Please input the id!'],
      [{ id: 'x', emails: ['not-an-address'] }, 'Please enter the correct email address.'],
      [{ id: 'x', country: 'Japan' }, 'two-letter country code'],
      [{ id: 'x', phones: ['090-1234-5678'] }, 'payload.phones.0: Please enter a phone number with its country code'],
      [{ id: 'x', phones: ['+819012345678', '+81 90 1234 5678'] }, 'The same phone number is listed twice.'],
      [{ id: 'x', lineUserId: 'U1234' }, 'payload.lineUserId: A LINE user id is U followed by 32 hexadecimal digits.'],
      [{ id: 'x', address: { lines: ['1', '2', '3', '4'] } }, 'payload.address.lines'],
      [{ id: 'x', attributes: { '1st': 1 } }, 'An attribute name starts with a letter'],
      [{ id: 'x'.repeat(65) }, 'payload.id'],
    ];
    for (const [payload, text] of cases) {
      const r = await admin.call('account.save', payload);
      expect(r.body.errorCode, JSON.stringify(payload)).toBe('400016');
      expect(r.body.errorMessage).toContain(text);
    }
    expect((await admin.call('account.getListByPage', { size: 0 })).body.errorCode).toBe('400016');
    expect((await admin.call('account.getListByPage', { size: 101 })).body.errorCode).toBe('400016');
    expect((await admin.call('account.detail', {})).body.errorCode).toBe('400016');
  });

  it('keeps phone numbers in E.164, the LINE user id and the postal address, and shows them in the detail and the list (issue 20)', async () => {
    const line = `U${'c0ffee00'.repeat(4)}`;
    const address = { recipientName: 'Aiko Sato', lines: ['1-2-3 Shibuya', '', 'Room 401'], city: 'Shibuya-ku', region: 'Tokyo', postcode: '150-0002', country: 'jp' };
    const phoned = await admin.ok('account.save', { id: 'phoned-1', phones: ['+81 90-1234-5678', '+1 (206) 555-0100'], lineUserId: line, address });
    const expected = { phones: ['+819012345678', '+12065550100'], lineUserId: line, address: { ...address, lines: ['1-2-3 Shibuya', 'Room 401'], country: 'JP' } };
    expect(phoned).toMatchObject(expected);
    expect(await admin.ok('account.detail', { id: 'phoned-1' })).toMatchObject(expected);
    expect((await admin.ok('account.getListByPage', { search: 'phoned-' })).list).toEqual([expect.objectContaining({ id: 'phoned-1', phones: expected.phones })]);
    // a segment rule finds it by its primary number's prefix, and by having one
    const byPrefix = await admin.ok('segment.count', { rule: { op: 'AND', conditions: [{ field: 'phone', operator: 'contains', value: '+8190' }] } });
    const withPhone = await admin.ok('segment.count', { rule: { op: 'AND', conditions: [{ field: 'phone', operator: 'isSet' }] } });
    expect([byPrefix.count, withPhone.count]).toEqual([1, 1]);
    expect(await admin.ok('account.delete', { id: 'phoned-1' })).toEqual({ ok: true });
  });

  it("reads a national number (full-width too) with the organization's default country, and refuses one without it (issue 39)", async () => {
    const setting = (await admin.ok('systemSetting.detail', {})).organization;
    await admin.ok('systemSetting.save', { ...setting, defaultCountry: 'JP' });
    try {
      const saved = await admin.ok('account.save', { id: 'national-1', phones: ['090-1234-5678', '０３－１２３４－５６７８', '+1 (206) 555-0100'] });
      expect(saved.phones).toEqual(['+819012345678', '+81312345678', '+12065550100']);
      const edited = await admin.ok('account.save', { ...saved, phones: ['090 8765 4321'] });
      expect(edited.phones).toEqual(['+819087654321']);
      // the national and the international form of one number are the same number
      const twice = await admin.call('account.save', { id: 'national-2', phones: ['090-1234-5678', '+81 90 1234 5678'] });
      expect([twice.body.errorCode, twice.body.errorMessage]).toEqual(['400016', expect.stringContaining('payload.phones: The same phone number is listed twice.')]);
      const bad = await admin.call('account.save', { id: 'national-2', phones: ['+819012345678', '1234'] });
      expect([bad.body.errorCode, bad.body.errorMessage]).toEqual(['400016', expect.stringContaining('payload.phones.1: Please enter a phone number')]);
      expect((await admin.call('account.detail', { id: 'national-2' })).body.errorCode).toBe('720003');
    } finally {
      await admin.ok('systemSetting.save', { ...(await admin.ok('systemSetting.detail', {})).organization, defaultCountry: setting.defaultCountry });
    }
    // without a default country a national number has no country to be read in
    const none = await admin.call('account.save', { id: 'national-3', phones: ['090-1234-5678'] });
    expect(none.body.errorMessage).toContain('payload.phones.0: Please enter a phone number with its country code');
    await admin.ok('account.delete', { id: 'national-1' });
  });

  it("another organization's ids answer exactly as missing ones, and nothing changes", async () => {
    const missing = randomUUID();
    const payloads: [string, (id: string) => unknown][] = [
      ['account.detail', (id) => ({ id })],
      ['account.delete', (id) => ({ id })],
      ['account.save', (id) => ({ id, version: 2, firstName: 'Taken over' })],
    ];
    for (const [service, payload] of payloads) {
      const a = await other.call(service, payload(saved.id));
      const b = await other.call(service, payload(missing));
      expect({ status: a.status, body: a.body }, service).toEqual({ status: b.status, body: b.body });
      expect(a.body.errorCode).toBe('720003');
    }
    expect((await other.ok('account.getListByPage', {})).list).toEqual([]);
    expect((await other.ok('account.getListByPage', { search: 'new1@example.com' })).list).toEqual([]);
    expect(await admin.ok('account.detail', { id: saved.id })).toEqual(saved);
  });

  it('needs NAV_ACCOUNT', async () => {
    expect((await nobody.call('account.getListByPage', {})).body.errorCode).toBe('730001');
    expect((await nobody.call('account.save', { id: 'x' })).body.errorCode).toBe('730001');
  });

  it('deletes; a deleted account answers 720003', async () => {
    expect(await admin.ok('account.delete', { id: saved.id })).toEqual({ ok: true });
    expect((await admin.call('account.detail', { id: saved.id })).body.errorCode).toBe('720003');
    expect((await admin.call('account.delete', { id: saved.id })).body.errorCode).toBe('720003');
    expect((await admin.ok('account.getListByPage', { search: 'new1@example.com' })).list).toEqual([]);
  });
});

describe('audience reads', () => {
  it('reads every shard page by page: each account once', async () => {
    const accounts = new Accounts(new Store(herald.rt).forOrg(1));
    const seen: string[] = [];
    for (let shard = 0; shard < 16; shard++) {
      let after: string | undefined;
      do {
        const page = await accounts.readShardPage(shard, { after, limit: 50 });
        seen.push(...page.accounts.map((a) => a.id));
        expect(JSON.stringify(page.accounts[0] ?? {})).not.toMatch(/"pk"|"emailKey"/);
        after = page.next;
      } while (after);
    }
    expect(seen.sort(compareIds)).toEqual([...SEEDED].sort(compareIds));
  });
});
