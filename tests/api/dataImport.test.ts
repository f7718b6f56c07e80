/**
 * Data import of accounts through the operations the browser uses: a CSV read as a stream and sent page by page,
 * mapped to account fields and attributes, written in bulk; re-import updates by key; failed rows reported with
 * their row numbers and reasons; pages applied exactly once; bad input, permissions and tenant isolation.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { DataImportCreatePayload } from '../../shared/services';
import { IMPORT_CELL_MAX } from '../../shared/services';
import { ACCOUNT_MESSAGES } from '../../shared/entities/account';
import iconv from 'iconv-lite';
import { csvHead, decodeHead, looksLikeUtf8, uploadPages } from '../../shared/import/upload';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { textsIn } from '../../shared/i18n';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;

/** The text as a byte stream in small chunks, as a browser reads a file. */
async function* chunks(text: string, size = 1000) {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

type Plan = Omit<DataImportCreatePayload, 'fileName' | 'totalBytes' | 'columns'>;

const PLAN: Plan = {
  primaryKeyColumn: 0,
  mappings: [
    { column: 1, target: 'email' },
    { column: 2, target: 'firstName' },
    { column: 3, target: 'country' },
    { column: 4, target: 'attribute', attribute: 'plan' },
    { column: 5, target: 'attribute', attribute: 'score', type: 'number' },
    { column: 6, target: 'emailConsent' },
  ],
};

/** Imports a CSV text the way the import screen does; answers the finished import. */
async function importCsv(client: ApiClient, text: string, plan: Plan = PLAN) {
  const head = csvHead(text.slice(0, 4096));
  const created = await client.ok('dataImport.create', {
    fileName: 'people.csv',
    totalBytes: new TextEncoder().encode(text).byteLength,
    columns: head.header,
    splitChar: head.delimiter,
    ...plan,
  });
  for await (const page of uploadPages(chunks(text), { delimiter: head.delimiter, cellMax: IMPORT_CELL_MAX })) {
    await client.ok('dataImport.appendRows', { id: created.id, ...page });
  }
  return client.ok('dataImport.finish', { id: created.id });
}

async function failures(client: ApiClient, id: string) {
  const all: { row: number; reason: string; key?: string }[] = [];
  let afterRow: number | undefined;
  do {
    const page = await client.ok('dataImport.getFailures', { id, afterRow, size: 3 });
    all.push(...page.list);
    afterRow = page.nextRow;
  } while (afterRow !== undefined);
  return all;
}

const csvText = (lines: string[]) => `${lines.join('\n')}\n`;
const header = 'customer_id,email,first name,country,plan,score,opt in';
const row = (i: number) => `C${String(i).padStart(4, '0')},c${i}@example.com,Name ${i},${['JP', 'US', 'DE'][i % 3]},${['gold', 'silver'][i % 2]},${i},yes`;

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other, nobody } = await twoOrganizations(herald, 'imp'));
});
afterAll(() => herald?.stop());

describe('import', () => {
  let first: Record<string, any>;

  it('imports 1,200 rows (UTF-8 with BOM, CRLF) with their failed rows reported by row number and reason', async () => {
    const lines = [header, ...Array.from({ length: 1200 }, (_, i) => row(i))];
    lines[11] = 'C0010,not-an-address,Bad,JP,gold,1,yes'; // row 12
    lines[501] = ',c500@example.com,No key,JP,gold,1,yes'; // row 502
    lines[800] = 'C0799,c799@example.com,"Quoted, name",Japan,gold,many,maybe'; // row 801
    lines[900] = 'C0899,c899@example.com'; // row 901
    first = await importCsv(admin, `\uFEFF${lines.join('\r\n')}\r\n`);
    expect(first).toMatchObject({ status: 'DONE', created: 1196, updated: 0, failed: 4, rowsRead: 1200, nextRow: 1202 });
    expect(first.bytesRead).toBe(first.totalBytes);
    expect(await failures(admin, first.id)).toEqual([
      { row: 12, key: 'C0010', reason: 'email: Please enter the correct email address.' },
      { row: 502, reason: "The field 'customer_id' is required." },
      {
        row: 801,
        key: 'C0799',
        reason: 'country: Please enter a two-letter country code, such as JP. score: The value must be a number. opt in: The value must be true or false (also yes/no, 1/0).',
      },
      { row: 901, key: 'C0899', reason: 'The row has 2 columns; the header has 7.' },
    ]);
    expect(await admin.ok('account.detail', { id: 'C0003' })).toMatchObject({
      emails: ['c3@example.com'],
      firstName: 'Name 3',
      country: 'JP',
      attributes: { plan: 'silver', score: 3 },
      emailConsent: true,
      version: 1,
    });
  });

  it('refuses bytes that are not text in the chosen encoding, naming the row', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode(`${header}\r\nB1,b1@example.com,`), 0xff, 0xfe, ...new TextEncoder().encode(',JP,gold,1,yes\r\n')]);
    const pages = async () => {
      async function* one() {
        yield bytes;
      }
      for await (const _ of uploadPages(one(), { delimiter: ',', cellMax: IMPORT_CELL_MAX, encoding: 'UTF-8' })) void _;
    };
    await expect(pages()).rejects.toMatchObject({ reason: 'encoding', row: 2, message: "Row 2 is not UTF-8 text: choose the file's encoding." });
  });

  it('re-imports by primary key: updates instead of duplicating, and keeps what the new file does not set', async () => {
    const text = ['customer_id,country,tier,plan', 'C0003,US,A,', 'C0004,DE,B,bronze', 'C9999,JP,C,gold', 'C0004,JP,,'].join('\n');
    const again = await importCsv(admin, text, {
      primaryKeyColumn: 0,
      mappings: [
        { column: 1, target: 'country' },
        { column: 2, target: 'attribute', attribute: 'tier' },
        { column: 3, target: 'attribute', attribute: 'plan' },
      ],
    });
    // the second row for C0004 in the same file is applied after the first, and counts as an update
    expect(again).toMatchObject({ created: 1, updated: 3, failed: 0 });
    expect(await admin.ok('account.detail', { id: 'C0003' })).toMatchObject({
      country: 'US',
      firstName: 'Name 3',
      attributes: { plan: 'silver', score: 3, tier: 'A' },
      version: 2,
    });
    expect(await admin.ok('account.detail', { id: 'C0004' })).toMatchObject({ country: 'JP', attributes: { plan: 'bronze', tier: 'B' }, version: 3 });
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.ok('account.getListByPage', { size: 100, cursor });
      ids.push(...page.list.map((a: { id: string }) => a.id));
      cursor = page.cursor;
    } while (cursor);
    expect(ids).toHaveLength(1197);
    expect(new Set(ids).size).toBe(1197);
  });

  it('applies a page once: a page sent again is answered without change; a gap or an ended import is refused', async () => {
    const created = await admin.ok('dataImport.create', {
      fileName: 'a.csv',
      totalBytes: 100,
      columns: ['id', 'email'],
      primaryKeyColumn: 0,
      mappings: [{ column: 1, target: 'email' }],
    });
    const page = {
      id: created.id,
      fromRow: 2,
      rows: [
        ['R1', 'r1@example.com'],
        ['R2', 'r2@example.com'],
      ],
      bytesRead: 50,
    };
    const once = await admin.ok('dataImport.appendRows', page);
    expect(once).toMatchObject({ created: 2, nextRow: 4 });
    expect(await admin.ok('dataImport.appendRows', page)).toEqual(once);
    const gap = await admin.call('dataImport.appendRows', { ...page, fromRow: 9 });
    expect(gap.body.errorCode).toBe('720009');
    expect(gap.body.errorMessage).toContain('The next page starts at row 4.');
    await admin.ok('dataImport.cancel', { id: created.id });
    const ended = await admin.call('dataImport.appendRows', { ...page, fromRow: 4 });
    expect(ended.body.errorCode).toBe('720009');
    expect((await admin.ok('dataImport.detail', { id: created.id })).status).toBe('CANCELLED');
    const list = await admin.ok('dataImport.getListByPage', { page: 0, size: 10 });
    expect(list.list[0].id).toBe(created.id);
    expect(list.total).toBe(3);
  });

  it('answers bad input with 400016 naming the field', async () => {
    const base = { fileName: 'a.csv', totalBytes: 1, columns: ['id', 'email'], primaryKeyColumn: 0, mappings: [] };
    const cases: [unknown, string][] = [
      [{ ...base, fileName: '' }, 'Please upload a file first.'],
      [{ ...base, primaryKeyColumn: 4 }, 'payload.primaryKeyColumn'],
      [{ ...base, mappings: [{ column: 1, target: 'attribute' }] }, 'Please input the attribute name!'],
      [
        {
          ...base,
          mappings: [
            { column: 1, target: 'email' },
            { column: 0, target: 'email' },
          ],
        },
        "Only one column may fill 'email'.",
      ],
      [{ ...base, mappings: [{ column: 1, target: 'password' }] }, 'payload.mappings.0.target'],
    ];
    for (const [payload, text] of cases) {
      const r = await admin.call('dataImport.create', payload);
      expect(r.body.errorCode, JSON.stringify(payload)).toBe('400016');
      expect(r.body.errorMessage).toContain(text);
    }
    const created = await admin.ok('dataImport.create', base);
    for (const payload of [
      { id: created.id, fromRow: 1, rows: [['a', 'b']], bytesRead: 1 },
      { id: created.id, fromRow: 2, rows: [], bytesRead: 1 },
      { id: created.id, fromRow: 2, rows: Array.from({ length: 1001 }, () => ['a', 'b']), bytesRead: 1 },
      { id: created.id, fromRow: 2, rows: [['x'.repeat(IMPORT_CELL_MAX + 1), 'b']], bytesRead: 1 },
    ]) {
      expect((await admin.call('dataImport.appendRows', payload)).body.errorCode).toBe('400016');
    }
  });

  it("another organization's imports answer exactly as missing ones", async () => {
    const missing = randomUUID();
    for (const [service, payload] of [
      ['dataImport.detail', (id: string) => ({ id })],
      ['dataImport.finish', (id: string) => ({ id })],
      ['dataImport.cancel', (id: string) => ({ id })],
      ['dataImport.getFailures', (id: string) => ({ id })],
      ['dataImport.appendRows', (id: string) => ({ id, fromRow: 2, rows: [['X1', 'x@example.com']], bytesRead: 1 })],
    ] as const) {
      const a = await other.call(service, payload(first.id));
      const b = await other.call(service, payload(missing));
      expect({ status: a.status, body: a.body }, service).toEqual({ status: b.status, body: b.body });
      expect(a.body.errorCode).toBe('720003');
    }
    expect((await other.ok('dataImport.getListByPage', { page: 0, size: 10 })).total).toBe(0);
  });

  it('needs NAV_DATA_IMPORT', async () => {
    expect((await nobody.call('dataImport.getListByPage', { page: 0, size: 10 })).body.errorCode).toBe('730001');
    expect((await nobody.call('dataImport.create', { fileName: 'a.csv', totalBytes: 1, columns: ['id'], primaryKeyColumn: 0, mappings: [] })).body.errorCode).toBe('730001');
  });
});

describe('attribute names an object holds already (issue 38)', () => {
  it('imports attributes named constructor and prototype as plain attributes, and refuses __proto__ before any row', async () => {
    const plan: Plan = {
      primaryKeyColumn: 0,
      mappings: [
        { column: 1, target: 'email' },
        { column: 2, target: 'attribute', attribute: 'constructor' },
        { column: 3, target: 'attribute', attribute: 'prototype', type: 'number' },
        { column: 4, target: 'attribute', attribute: 'toString' },
      ],
    };
    const done = await importCsv(admin, csvText(['id,email,constructor,prototype,toString', 'R0001,r1@example.com,builder,7,text', 'R0002,r2@example.com,,,']), plan);
    expect(done).toMatchObject({ status: 'DONE', created: 2, failed: 0 });
    expect((await admin.ok('account.detail', { id: 'R0001' })).attributes).toEqual({ constructor: 'builder', prototype: 7, toString: 'text' });
    expect((await admin.ok('account.detail', { id: 'R0002' })).attributes ?? {}).toEqual({});
    // again, over the accounts it made: the attributes are updated, not merged into Object's own
    const again = await importCsv(admin, csvText(['id,email,constructor,prototype,toString', 'R0001,r1@example.com,mason,8,more']), plan);
    expect(again).toMatchObject({ status: 'DONE', updated: 1, failed: 0 });
    expect((await admin.ok('account.detail', { id: 'R0001' })).attributes).toEqual({ constructor: 'mason', prototype: 8, toString: 'more' });

    for (const attribute of ['__proto__', 'constructor.prototype']) {
      const r = await admin.call('dataImport.create', {
        fileName: 'a.csv',
        totalBytes: 1,
        columns: ['id', 'x'],
        primaryKeyColumn: 0,
        mappings: [{ column: 1, target: 'attribute', attribute }],
      });
      expect(r.status, attribute).toBe(400);
      expect(r.body.errorCode).toBe('400016');
    }
  });
});

describe('consent the file grants (issue 21)', () => {
  it('gives accounts it creates the consent the import says the file grants, and existing ones only when asked', async () => {
    const tag = `G${Date.now().toString(36)}`;
    const plan = (extra: Partial<Plan>): Plan => ({
      primaryKeyColumn: 0,
      mappings: [
        { column: 1, target: 'email' },
        { column: 2, target: 'smsConsent' },
      ],
      ...extra,
    });
    const first = ['id,email,sms', `${tag}-1,${tag}-1@example.com,`, `${tag}-2,${tag}-2@example.com,true`].join('\n');
    expect(await importCsv(admin, first, plan({ grantedConsent: { emailConsent: true, smsConsent: false, lineConsent: false } }))).toMatchObject({ created: 2, failed: 0 });
    // the column wins over the import's answer for its channel; the others take the answer
    expect(await admin.ok('account.detail', { id: `${tag}-1` })).toMatchObject({ emailConsent: true, smsConsent: false, lineConsent: false, pushConsent: false });
    expect(await admin.ok('account.detail', { id: `${tag}-2` })).toMatchObject({ emailConsent: true, smsConsent: true });
    // an existing account keeps its consent unless the import asks to change it
    const again = ['id,email,sms', `${tag}-1,${tag}-1@example.com,`, `${tag}-3,${tag}-3@example.com,`].join('\n');
    expect(await importCsv(admin, again, plan({ grantedConsent: { emailConsent: false, pushConsent: true } }))).toMatchObject({ created: 1, updated: 1 });
    expect(await admin.ok('account.detail', { id: `${tag}-1` })).toMatchObject({ emailConsent: true, pushConsent: false });
    expect(await admin.ok('account.detail', { id: `${tag}-3` })).toMatchObject({ emailConsent: false, pushConsent: true });
    await importCsv(admin, again, plan({ grantedConsent: { emailConsent: false, pushConsent: true }, grantedConsentUpdates: true }));
    expect(await admin.ok('account.detail', { id: `${tag}-1` })).toMatchObject({ emailConsent: false, pushConsent: true });
    // without an answer, nothing changes: accounts default to no consent
    await importCsv(admin, [`id,email,sms`, `${tag}-4,${tag}-4@example.com,`].join('\n'), plan({}));
    expect(await admin.ok('account.detail', { id: `${tag}-4` })).toMatchObject({ emailConsent: false });
  });
});

describe('devices', () => {
  const DEVICE_PLAN: Plan = {
    kind: 'DEVICE',
    primaryKeyColumn: 0,
    mappings: [
      { column: 1, target: 'deviceId' },
      { column: 2, target: 'platform' },
      { column: 3, target: 'pushToken' },
      { column: 4, target: 'permission' },
      { column: 5, target: 'appVersion' },
    ],
  };
  const devicesOf = async (id: string) =>
    (await admin.ok('account.devices', { id })) as { deviceId: string; platform: string; channel: string; pushToken?: string; permission: string; appVersion?: string }[];

  it('imports devices of existing accounts; unknown accounts and bad values are failed rows with their reasons', async () => {
    await importCsv(admin, `${header}\n${row(9001)}\n${row(9002)}\n`);
    const file = [
      'account,device,platform,token,permission,version',
      `C9001,iphone-1,ios,${'a'.repeat(64)},always,3.1`,
      'C9001,pixel-1,Android,fcm-token,when in use,',
      'C9002,tab-1,Windows,x,,',
      'NOBODY-1,ghost-1,ios,,,',
      'C9002,,android,,maybe,',
    ].join('\n');
    const done = await importCsv(admin, file, DEVICE_PLAN);
    expect(done).toMatchObject({ kind: 'DEVICE', created: 2, updated: 0, failed: 3 });
    expect(await failures(admin, done.id)).toEqual([
      { row: 4, key: 'C9002', reason: 'platform: The platform must be iOS, Android or Other.' },
      { row: 5, key: 'NOBODY-1', reason: 'The account NOBODY-1 does not exist: import the accounts first.' },
      { row: 6, key: 'C9002', reason: "permission: The permission must be NOT_ALLOW, WHEN_IN_USE, ALWAYS or ONLY_ONCE. The field 'device' is required." },
    ]);
    const devices = await devicesOf('C9001');
    expect(devices.map(({ deviceId, platform, channel, permission, appVersion }) => ({ deviceId, platform, channel, permission, appVersion }))).toEqual([
      { deviceId: 'iphone-1', platform: 'IOS', channel: 'APNS', permission: 'ALWAYS', appVersion: '3.1' },
      { deviceId: 'pixel-1', platform: 'ANDROID', channel: 'GCM', permission: 'WHEN_IN_USE', appVersion: undefined },
    ]);
  });

  it('a device imported again is updated and keeps what the new file leaves empty', async () => {
    const done = await importCsv(admin, 'account,device,platform,token,permission,version\nC9001,iphone-1,IOS,,,3.2\n', DEVICE_PLAN);
    expect(done).toMatchObject({ created: 0, updated: 1, failed: 0 });
    const iphone = (await devicesOf('C9001')).find((d) => d.deviceId === 'iphone-1')!;
    expect(iphone).toMatchObject({ appVersion: '3.2', pushToken: 'a'.repeat(64), permission: 'ALWAYS' });
  });

  it('a device plan maps a device id and a platform, and device fields only; an account plan takes no device field', async () => {
    const create = (plan: object) => admin.call('dataImport.create', { fileName: 'd.csv', totalBytes: 10, columns: ['a', 'b', 'c'], primaryKeyColumn: 0, ...plan });
    const noPlatform = await create({ kind: 'DEVICE', mappings: [{ column: 1, target: 'deviceId' }] });
    expect(noPlatform.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining("maps one column to 'deviceId' and one to 'platform'") });
    const mixed = await create({
      kind: 'DEVICE',
      mappings: [
        { column: 1, target: 'deviceId' },
        { column: 2, target: 'email' },
      ],
    });
    expect(mixed.body.errorMessage).toContain('A device import fills device fields only.');
    const accountWithDevice = await create({ kind: 'ACCOUNT', mappings: [{ column: 1, target: 'pushToken' }] });
    expect(accountWithDevice.body.errorMessage).toContain('an account import fills account fields');
  });
});

describe('encodings', () => {
  let encodings: ApiClient;
  beforeAll(async () => {
    // an organization of their own, so the counts of the tests above stay theirs
    ({ other: encodings } = await twoOrganizations(herald, 'enc'));
  });

  it.each([
    ['Shift_JIS', ['山田太郎', 'ｶﾀｶﾅ表示', '髙橋①'], 'JP'],
    ['GBK', ['张伟', '简体中文', '欧阳娜娜'], 'CN'],
    ['Big5', ['陳大文', '繁體中文', '許功蓋'], 'TW'],
  ] as const)('imports a %s file with its names right, and reports a malformed row by its number', async (encoding, names, country) => {
    const tag = encoding.toLowerCase().replace(/[^a-z]/g, '');
    const lines = [header, ...names.map((name, i) => `${tag}-${i},${tag}${i}@example.com,${name},${country},gold,${i},yes`), `${tag}-x,${tag}x@example.com`];
    const bytes = iconv.encode(`${lines.join('\r\n')}\r\n`, encoding);
    // the file does not read as UTF-8: the screen would ask for its encoding
    expect(looksLikeUtf8(bytes)).toBe(false);
    const head = csvHead(decodeHead(bytes.subarray(0, 4096), encoding));
    expect(head.header).toEqual(header.split(','));
    const created = await encodings.ok('dataImport.create', {
      fileName: `${tag}.csv`,
      totalBytes: bytes.byteLength,
      columns: head.header,
      splitChar: head.delimiter,
      encoding,
      ...PLAN,
    });
    expect(created.encoding).toBe(encoding);
    async function* byteChunks() {
      // small chunks split multi-byte characters between them
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    for await (const page of uploadPages(byteChunks(), { delimiter: head.delimiter, cellMax: IMPORT_CELL_MAX, encoding }))
      await encodings.ok('dataImport.appendRows', { id: created.id, ...page });
    const done = await encodings.ok('dataImport.finish', { id: created.id });
    expect(done).toMatchObject({ status: 'DONE', created: 3, failed: 1 });
    expect(await failures(encodings, created.id)).toEqual([{ row: 5, key: `${tag}-x`, reason: 'The row has 2 columns; the header has 7.' }]);
    for (const [i, name] of names.entries()) expect((await encodings.ok('account.detail', { id: `${tag}-${i}` })).firstName).toBe(name);
  });
});

describe('other addresses (issue 20)', () => {
  it('imports phone numbers in E.164 with the default country, the LINE user id and the postal address; a bad phone is left out with a warning (issue 20)', async () => {
    const plan: Plan = {
      primaryKeyColumn: 0,
      mappings: [
        { column: 1, target: 'phone' },
        { column: 2, target: 'lineUserId' },
        { column: 3, target: 'addressName' },
        { column: 4, target: 'addressLine1' },
        { column: 5, target: 'addressCity' },
        { column: 6, target: 'addressPostcode' },
        { column: 7, target: 'addressCountry' },
      ],
    };
    const line = `U${'9f'.repeat(16)}`;
    const csv = [
      'id,phone,line,name,street,city,zip,country',
      `P1,090-1234-5678;+86 138 0013 8000,${line},Aiko Sato,1-2-3 Shibuya,Shibuya-ku,150-0002,JP`,
      'P2,+1 (206) 555-0100,,,,,,',
      'P3,not a phone,,,,,,',
      'P4,03-1234-5678 ext 9,,,,,,',
    ].join('\n');
    const setting = await admin.ok('systemSetting.detail', {});
    await admin.ok('systemSetting.save', { ...setting.organization, defaultCountry: 'JP' });
    const done = await importCsv(admin, `${csv}\n`, plan);
    // the rows whose phone cannot be read are imported without it, and reported with the phone column named
    expect(done).toMatchObject({ status: 'DONE', created: 4, failed: 0, warned: 2 });
    expect(await failures(admin, done.id)).toEqual([
      { row: 4, key: 'P3', reason: `phone: ${textsIn(ACCOUNT_MESSAGES.phone, 'en')}`, warning: true },
      { row: 5, key: 'P4', reason: `phone: ${textsIn(ACCOUNT_MESSAGES.phone, 'en')}`, warning: true },
    ]);
    expect((await admin.ok('account.detail', { id: 'P3' })).phones ?? []).toEqual([]);
    expect(await admin.ok('account.detail', { id: 'P1' })).toMatchObject({
      phones: ['+819012345678', '+8613800138000'],
      lineUserId: line,
      address: { recipientName: 'Aiko Sato', lines: ['1-2-3 Shibuya'], city: 'Shibuya-ku', postcode: '150-0002', country: 'JP' },
    });
    expect(await admin.ok('account.detail', { id: 'P2' })).toMatchObject({ phones: ['+12065550100'] });
    // a later file with only the city keeps the rest of the address
    await importCsv(admin, 'id,city\nP1,Minato-ku\n', { primaryKeyColumn: 0, mappings: [{ column: 1, target: 'addressCity' }] });
    expect((await admin.ok('account.detail', { id: 'P1' })).address).toMatchObject({ recipientName: 'Aiko Sato', lines: ['1-2-3 Shibuya'], city: 'Minato-ku' });
    // the account list carries them for the phone column
    expect((await admin.ok('account.getListByPage', { search: 'P' })).list.map((a) => [a.id, a.phones?.[0]])).toEqual([
      ['P1', '+819012345678'],
      ['P2', '+12065550100'],
      ['P3', undefined],
      ['P4', undefined],
    ]);
    await admin.ok('systemSetting.save', { ...(await admin.ok('systemSetting.detail', {})).organization, defaultCountry: '' });
  });
});

describe('a Tokyo or Shanghai file, no setting touched', () => {
  it('reads national numbers as the country the import names; without one, as the organization setting says (none: left out with a warning)', async () => {
    expect((await admin.ok('systemSetting.detail', {})).organization.defaultCountry).toBe('');
    const phonePlan = (defaultCountry?: string): Plan => ({
      primaryKeyColumn: 0,
      mappings: [{ column: 1, target: 'phone' }],
      ...(defaultCountry === undefined ? {} : { defaultCountry }),
    });
    const cn = await importCsv(admin, 'id,手机\nZH1,13800138000\nZH2,+81 90 1234 5678\n', phonePlan('CN'));
    expect(cn).toMatchObject({ created: 2, failed: 0, defaultCountry: 'CN' });
    expect((await admin.ok('account.detail', { id: 'ZH1' })).phones).toEqual(['+8613800138000']);
    expect((await admin.ok('account.detail', { id: 'ZH2' })).phones).toEqual(['+819012345678']);
    const none = await importCsv(admin, 'id,手机\nZH3,13800138000\n', phonePlan());
    expect(none).toMatchObject({ created: 1, warned: 1 });
    expect(await failures(admin, none.id)).toEqual([{ row: 2, key: 'ZH3', reason: `手机: ${textsIn(ACCOUNT_MESSAGES.phone, 'en')}`, warning: true }]);
    const bad = await admin.call('dataImport.create', { fileName: 'a.csv', totalBytes: 1, columns: ['id', 'p'], primaryKeyColumn: 0, mappings: [], defaultCountry: 'Japan' });
    expect(bad.body.errorCode).toBe('400016');
  });

  it('imports an attribute named in Japanese, with the key column also the account e-mail, and a segment filters on it', async () => {
    const plan: Plan = {
      primaryKeyColumn: 0,
      defaultCountry: 'JP',
      mappings: [
        { column: 0, target: 'email' },
        { column: 1, target: 'phone' },
        { column: 2, target: 'attribute', attribute: '会員ランク' },
        { column: 3, target: 'smsConsent' },
      ],
    };
    const done = await importCsv(
      admin,
      'メールアドレス,電話番号,会員ランク,SMS同意\nrank1@example.jp,090-1111-2222,ゴールド,はい\nrank2@example.jp,080-3333-4444,シルバー,いいえ\n',
      plan,
    );
    expect(done).toMatchObject({ created: 2, failed: 0 });
    expect(await admin.ok('account.detail', { id: 'rank1@example.jp' })).toMatchObject({
      emails: ['rank1@example.jp'],
      phones: ['+819011112222'],
      attributes: { 会員ランク: 'ゴールド' },
      smsConsent: true,
    });
    const rule = { op: 'AND', conditions: [{ field: 'attributes.会員ランク', operator: 'equals', value: 'ゴールド' }] };
    expect((await admin.ok('segment.count', { rule })).count).toBe(1);
    const saved = await admin.ok('segment.save', { name: '会員ランク ゴールド', rule });
    expect((await admin.ok('segment.count', { id: saved.id })).count).toBe(1);
  });
});
