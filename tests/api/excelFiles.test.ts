/**
 * Excel files (spec 001 section 5, issue 41 item 5): a cloud source and a preset parameter read an .xlsx (its first
 * sheet, or the sheet named) through the same checks and failed-row reports as CSV; dates and numbers arrive as the
 * text Excel shows; a file that is not a workbook fails with "Please choose an excel file!" in the reader's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { PRESET_MESSAGES } from '../../shared/entities';
import type { CloudSourceSavePayload } from '../../shared/services';
import { type ApiClient, startHerald, uploadThroughLink } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { workbook } from '../support/workbook';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'xlsx'));
}, 120_000);
afterAll(() => herald?.stop());

async function drained() {
  for (let i = 0; i < 5; i++) await herald.jobs.idle();
}

const MEMBERS = [
  ['member_id', 'name', 'mail', 'joined'],
  ['M0001', 'Tanaka', 'tanaka@example.com', new Date(Date.UTC(2026, 0, 31))],
  ['X9', 'Bad id', 'bad@example.com', null],
  [null, null, null, null],
  ['M0003', 'Ito', 'not-an-address', null],
  ['M0004', 'Abe', 'abe@example.com', new Date(Date.UTC(2025, 11, 1))],
];

function source(extra: Partial<CloudSourceSavePayload>): CloudSourceSavePayload {
  return {
    title: 'Excel drop',
    sourceType: 'UPLOAD',
    fileName: '*.xlsx',
    fileColumns: [
      { columnId: 'member_id', regex: 'M[0-9]{4}', checkTitle: true, fieldType: 'ignore' },
      { columnId: 'name', checkTitle: true, fieldType: 'lastName' },
      { columnId: 'mail', checkTitle: true, fieldType: 'email' },
      { columnId: 'joined', checkTitle: true, fieldType: 'attribute', attribute: 'joined', format: 'text' },
    ],
    uniqueIdField: 'member_id',
    loopType: 'ONCE',
    status: 'INACTIVE',
    ...extra,
  } as CloudSourceSavePayload;
}

async function deliver(sourceId: string, fileName: string, body: Uint8Array | string) {
  const put = await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: sourceId, fileName }, typeof body === 'string' ? body : Buffer.from(body));
  expect(put.ok).toBe(true);
  await admin.ok('cloudSource.runNow', { id: sourceId });
  await drained();
  const answer = await admin.call<{ list: { id: string; fileName: string }[] }>('cloudSourceHistory.getListByPage', { sourceId, size: 50 }, { 'x-lang': 'ja' });
  const list = answer.payload.list;
  return list.find((d) => d.fileName === fileName) as Record<string, unknown> & { id: string };
}

describe('a cloud source', () => {
  it('imports the first sheet of an .xlsx and reports its failed rows by number, as for CSV', async () => {
    const saved = await admin.ok('cloudSource.save', source({}));
    const delivery = await deliver(saved.id, 'members.xlsx', await workbook({ Members: MEMBERS, Notes: [['not', 'this']] }));
    expect(delivery).toMatchObject({ status: 'DONE', rows: 4, valid: 2, invalid: 2, created: 2 });
    const records = await admin.ok('cloudSourceRecord.getListByPage', { sourceId: saved.id, id: delivery.id });
    expect(records.list.map((r: { row: number; stage: string }) => [r.row, r.stage])).toEqual([
      [3, 'CHECK'],
      [5, 'CHECK'],
    ]);
    expect(records.list[0].reason).toContain("member_id: The value does not match the column's pattern.");
    // the date cell arrives as the date a person sees
    expect(await admin.ok('account.detail', { id: 'M0001' })).toMatchObject({ lastName: 'Tanaka', attributes: { joined: '2026-01-31' } });
  });

  it('reads the sheet named on the source; a missing sheet and a non-workbook fail with their reasons', async () => {
    const saved = await admin.ok('cloudSource.save', source({ title: 'Second sheet', sheetName: 'Export' }));
    expect(saved.sheetName).toBe('Export');
    const book = await workbook({ Cover: [['Exported for Herald']], Export: [MEMBERS[0], ['M0101', 'Kato', 'kato@example.com', null]] });
    expect(await deliver(saved.id, 'second.xlsx', book)).toMatchObject({ status: 'DONE', rows: 1, created: 1 });

    const missing = await deliver(saved.id, 'nosheet.xlsx', await workbook({ Cover: [['x']] }));
    expect(missing).toMatchObject({ status: 'FAILED', error: 'ブックに「Export」という名前のシートはありません。シート: Cover。' });

    const notBook = await deliver(saved.id, 'renamed.xlsx', 'member_id,name,mail,joined\r\nM0102,Sato,sato@example.com,\r\n');
    expect(notBook).toMatchObject({ status: 'FAILED', error: 'Excel ファイルを選択してください！' });
  });

  it('refuses a sheet name Excel would not allow', async () => {
    const refused = (await admin.call('cloudSource.save', source({ title: 'Bad sheet', sheetName: 'a/b' }), { 'x-lang': 'zh' })).body as {
      errorCode: string;
      errorMessage: string;
    };
    expect(refused.errorCode).toBe('400016');
    expect(refused.errorMessage).toContain('工作表名称最多 31 个字符');
  });
});

describe('a preset parameter', () => {
  type Param = { id: string; loadState: string; loadError?: string; records: number; columns: string[] };

  async function load(id: string, fileName: string, body: Uint8Array | string, lang = 'en'): Promise<Param> {
    const res = await uploadThroughLink(admin, 'presetParameter.uploadUrl', { id, fileName }, typeof body === 'string' ? body : Buffer.from(body));
    expect(res.status).toBe(200);
    await admin.ok('presetParameter.load', { id, fileName });
    await herald.jobs.idle();
    return (await admin.call<Param>('presetParameter.detail', { id }, { 'x-lang': lang })).payload;
  }

  it('loads an .xlsx: numbers and dates as Excel shows them, a row without a key passed over as in CSV', async () => {
    const param = await admin.ok('presetParameter.save', { title: 'Stores (Excel)', variable: 'xstore', type: 'UPLOAD', primaryKey: 'store_id', fileSheetName: 'Stores' });
    const book = await workbook({
      Readme: [['see the next sheet']],
      Stores: [
        ['store_id', 'opened', 'rate', 'phone'],
        ['S1', new Date(Date.UTC(2020, 3, 1)), 0.1 + 0.2, 81312345678],
        [null, null, 5, null],
        ['S2', null, 1.5, 81698765432],
      ],
    });
    const loaded = await load(param.id, 'stores.xlsx', book);
    expect(loaded).toMatchObject({ loadState: 'DONE', records: 6, columns: ['store_id', 'opened', 'rate', 'phone'] });
    const page = await admin.ok('presetRecord.getListByPage', { parameterId: param.id, size: 50 });
    expect(page.list.map(({ key, alias, value }: { key: string; alias: string; value: string }) => `${key}.${alias}=${value}`)).toEqual([
      'S1.opened=2020-04-01',
      'S1.phone=81312345678',
      'S1.rate=0.3',
      'S2.opened=',
      'S2.phone=81698765432',
      'S2.rate=1.5',
    ]);
  });

  it('a workbook without the primary key fails with the spec rule; a file that is not one with the spec message, in ja', async () => {
    const param = await admin.ok('presetParameter.save', { title: 'Codes (Excel)', variable: 'xcode', type: 'UPLOAD', primaryKey: 'code' });
    const noKey = await load(
      param.id,
      'codes.xlsx',
      await workbook({
        S: [
          ['id', 'name'],
          ['1', 'one'],
        ],
      }),
    );
    expect(noKey).toMatchObject({ loadState: 'FAILED', loadError: PRESET_MESSAGES.primaryKeyMissing('code', ['id', 'name']) });
    const notBook = await load(param.id, 'codes2.xlsx', 'code,name\n1,one\n', 'ja');
    expect(notBook).toMatchObject({ loadState: 'FAILED', loadError: 'Excel ファイルを選択してください！' });
  });

  it("another organization's parameter answers as missing", async () => {
    const param = await admin.ok('presetParameter.save', { title: 'Private (Excel)', variable: 'xprivate', primaryKey: 'k' });
    expect((await other.call('presetParameter.detail', { id: param.id })).body.errorCode).toBe('720003');
  });
});
