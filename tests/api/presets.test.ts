/**
 * Preset parameters (spec 001 3.15): a file uploaded by its link (or read through a cloud source) loads into
 * records (key, alias, value); the primary key must be a field of the file; a reload replaces what the file no
 * longer holds and a failed load keeps the last good records; records are paged by key and edited one by one;
 * the values a message asks for are found for each recipient. Refusals use the catalogue; another
 * organization's ids answer as missing.
 */
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { presetTokens, presetValues } from '../../functions/domain/presetValues';
import { Store } from '../../functions/store/store';
import { type Account, PRESET_MESSAGES } from '../../shared/entities';
import { renderEmail } from '../../shared/render/email';
import { personalizeText } from '../../shared/render/personalize';
import { type EmailTemplate, pickContent } from '../../shared/render/template';
import { ApiClient, startHerald, uploadThroughLink } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { textsIn } from '../../shared/i18n';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'pre'));
});
afterAll(() => herald?.stop());

type Param = { id: string; version: number; loadState: string; loadError?: string; records: number; columns: string[]; loadedFile?: string };

async function upload(id: string, fileName: string, body: string | Uint8Array): Promise<void> {
  const res = await uploadThroughLink(admin, 'presetParameter.uploadUrl', { id, fileName }, typeof body === 'string' ? body : Buffer.from(body));
  expect(res.status).toBe(200);
}

async function load(id: string, fileName?: string): Promise<Param> {
  await admin.ok('presetParameter.load', { id, ...(fileName ? { fileName } : {}) });
  await herald.jobs.idle();
  return admin.ok('presetParameter.detail', { id });
}

async function records(id: string, key?: string): Promise<{ key: string; alias: string; value: string }[]> {
  const out: { key: string; alias: string; value: string }[] = [];
  let cursor: string | undefined;
  do {
    const page = await admin.ok('presetRecord.getListByPage', { parameterId: id, size: 3, ...(key ? { key } : {}), ...(cursor ? { cursor } : {}) });
    out.push(...page.list.map(({ key, alias, value }: { key: string; alias: string; value: string }) => ({ key, alias, value })));
    cursor = page.cursor;
  } while (cursor);
  return out;
}

describe('a parameter loaded from an uploaded file', () => {
  let id: string;

  it('loads each row under its key, one record per other column, in the file encoding', async () => {
    const param = await admin.ok('presetParameter.save', { title: 'Stores', variable: 'store', type: 'UPLOAD', primaryKey: 'store_id', fileEncoding: 'Shift_JIS' });
    id = param.id;
    expect(param).toMatchObject({ loadState: 'NONE', records: 0 });
    await upload(id, 'stores.csv', iconv.encode('store_id,name,hours\r\nS1,渋谷店,10-20\r\nS2,梅田店,11-21\r\n,no key,0\r\n', 'Shift_JIS'));
    const loaded = await load(id, 'stores.csv');
    expect(loaded).toMatchObject({ loadState: 'DONE', records: 4, columns: ['store_id', 'name', 'hours'], loadedFile: 'stores.csv' });
    expect(await records(id)).toEqual([
      { key: 'S1', alias: 'hours', value: '10-20' },
      { key: 'S1', alias: 'name', value: '渋谷店' },
      { key: 'S2', alias: 'hours', value: '11-21' },
      { key: 'S2', alias: 'name', value: '梅田店' },
    ]);
    expect((await records(id, 'S2')).map((r) => r.alias)).toEqual(['hours', 'name']);
  });

  it("a page's cursor goes on only in the list it was read for", async () => {
    const first = await admin.ok('presetRecord.getListByPage', { parameterId: id, size: 1 });
    expect(first.cursor).toBeTruthy();
    const other = await admin.call('presetRecord.getListByPage', { parameterId: id, size: 1, key: 'S2', cursor: first.cursor });
    expect([other.body.errorCode, other.body.errorMessage]).toEqual(['400016', expect.stringContaining('The cursor belongs to another list.')]);
  });

  it('a file without the primary key fails with the spec rule, and the last good records stay', async () => {
    await upload(id, 'wrong.csv', 'code,name\nS9,Nine\n');
    const failed = await load(id, 'wrong.csv');
    expect(failed.loadState).toBe('FAILED');
    expect(failed.loadError).toBe(textsIn(PRESET_MESSAGES.primaryKeyMissing('store_id', ['code', 'name']), 'en'));
    expect(failed.loadError).toContain('must match a field of the file');
    expect(failed.records).toBe(4);
    expect(await records(id)).toHaveLength(4);
  });

  it('a reload replaces the records: a store no longer in the file leaves, a changed value changes', async () => {
    await upload(id, 'stores2.csv', iconv.encode('store_id,name\r\nS2,梅田本店\r\nS3,博多店\r\n', 'Shift_JIS'));
    const loaded = await load(id, 'stores2.csv');
    expect(loaded).toMatchObject({ loadState: 'DONE', records: 2 });
    expect(await records(id)).toEqual([
      { key: 'S2', alias: 'name', value: '梅田本店' },
      { key: 'S3', alias: 'name', value: '博多店' },
    ]);
  });

  it('records are added, changed and deleted one by one', async () => {
    expect(await admin.ok('presetRecord.save', { parameterId: id, key: 'S4', alias: 'name', value: '札幌店' })).toMatchObject({ key: 'S4', alias: 'name', value: '札幌店' });
    await admin.ok('presetRecord.save', { parameterId: id, key: 'S4', alias: 'name', value: '札幌駅前店' });
    expect(await records(id, 'S4')).toEqual([{ key: 'S4', alias: 'name', value: '札幌駅前店' }]);
    await admin.ok('presetRecord.delete', { parameterId: id, key: 'S4', alias: 'name' });
    expect(await records(id, 'S4')).toEqual([]);
    expect((await admin.call('presetRecord.delete', { parameterId: id, key: 'S4', alias: 'name' })).body.errorCode).toBe('720007');
    expect((await admin.call('presetRecord.save', { parameterId: id, key: ' ', alias: 'name', value: 'x' })).body.errorMessage).toContain('Please input the key!');
  });

  it('a message asks for preset values and each recipient gets the one under its key', async () => {
    const tenant = new Store(herald.rt).forOrg(1);
    const account = (id: string, store?: string) => ({ id, emails: [`${id}@example.com`], attributes: store ? { store_id: store } : {} }) as unknown as Account;
    const text = 'Visit {{preset.store.name|our shop}} ({{ preset.store.hours | open daily }})';
    const wanted = presetTokens(JSON.stringify({ subject: text }));
    expect([...wanted.entries()].map(([v, a]) => [v, [...a].sort()])).toEqual([['store', ['hours', 'name']]]);
    const values = await presetValues(tenant, wanted, [account('a1', 'S2'), account('a2', 'S9'), account('a3')]);
    expect(values.get('a1')).toEqual({ store: { name: '梅田本店' } });
    expect(values.has('a2')).toBe(false);
    expect(personalizeText(text, { preset: values.get('a1') })).toBe('Visit 梅田本店 (open daily)');
    expect(personalizeText(text, { preset: values.get('a2') })).toBe('Visit our shop (open daily)');
  });

  it('deleting the parameter removes its records', async () => {
    const before = await admin.ok('presetParameter.detail', { id });
    await admin.ok('presetParameter.delete', { id });
    await herald.jobs.idle();
    const left = await new Store(herald.rt).queryAll('presetRecord', { name: 'recordKey', value: `1#${before.id}` });
    expect(left).toEqual([]);
  });
});

it('a parameter reads its file through a cloud source (the newest match)', async () => {
  const source = await admin.ok('cloudSource.save', {
    title: 'Preset drop',
    sourceType: 'UPLOAD',
    fileName: 'x.csv',
    fileColumns: [{ columnId: 'id' }],
    uniqueIdField: 'id',
    loopType: 'DAILY',
    status: 'INACTIVE',
  });
  await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: source.id, fileName: 'tiers_2026.csv' }, 'tier;label\ngold;Gold member\nfree;Friend\n');
  const param = await admin.ok('presetParameter.save', {
    title: 'Tiers',
    variable: 'tier',
    type: 'CLOUD_SOURCE',
    cloudSourceId: source.id,
    fileName: 'tiers_*.csv',
    primaryKey: 'tier',
    fileSplitBy: ';',
  });
  const loaded = await load(param.id);
  expect(loaded).toMatchObject({ loadState: 'DONE', records: 2, loadedFile: 'tiers_2026.csv' });
  expect(await records(param.id)).toEqual([
    { key: 'free', alias: 'label', value: 'Friend' },
    { key: 'gold', alias: 'label', value: 'Gold member' },
  ]);
});

it('reading through a cloud source needs the cloud source permission too', async () => {
  const role = await admin.ok('userRole.save', { name: 'Presets only', code: 'PRESETS_ONLY', permissions: ['NAV_PRESET_PARAMETER'] });
  await admin.ok('user.save', { username: 'preset-editor', email: 'preset-editor@example.com', roleId: role.id, password: 'Preset@1234' });
  const editor = new ApiClient(herald);
  await editor.login('preset-editor', 'Preset@1234');
  const source = await admin.ok('cloudSource.save', {
    title: 'Their drop',
    sourceType: 'UPLOAD',
    fileName: 'x.csv',
    fileColumns: [{ columnId: 'id' }],
    uniqueIdField: 'id',
    status: 'INACTIVE',
  });
  const refused = await editor.call('presetParameter.save', {
    title: 'Via source',
    variable: 'via',
    type: 'CLOUD_SOURCE',
    cloudSourceId: source.id,
    fileName: 'x.csv',
    primaryKey: 'id',
  });
  expect(refused.body.errorCode).toBe('730001');
  const theirs = await admin.ok('presetParameter.save', {
    title: 'Admin via source',
    variable: 'adminvia',
    type: 'CLOUD_SOURCE',
    cloudSourceId: source.id,
    fileName: 'x.csv',
    primaryKey: 'id',
  });
  expect((await editor.call('presetParameter.load', { id: theirs.id })).body.errorCode).toBe('730001');
  // an uploaded file is the editor's own
  const own = await editor.ok('presetParameter.save', { title: 'Editor upload', variable: 'editorup', primaryKey: 'id' });
  expect(own).toMatchObject({ type: 'UPLOAD' });
});

it('refuses bad input with catalogue errors', async () => {
  const refusal = async (payload: object) => (await admin.call('presetParameter.save', payload)).body as { errorCode: string; errorMessage: string };
  expect(await refusal({ variable: 'x', primaryKey: 'k' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('Please input the title!') });
  expect(await refusal({ title: 'A', variable: '1st', primaryKey: 'k' })).toMatchObject({ errorMessage: expect.stringContaining(textsIn(PRESET_MESSAGES.variable, 'en')) });
  expect(await refusal({ title: 'A', variable: 'a', primaryKey: '' })).toMatchObject({ errorMessage: expect.stringContaining('Please input the primary key!') });
  expect(await refusal({ title: 'A', variable: 'a', primaryKey: 'k', accountField: 'password' })).toMatchObject({
    errorMessage: expect.stringContaining(textsIn(PRESET_MESSAGES.accountField, 'en')),
  });
  expect(await refusal({ title: 'A', variable: 'a', primaryKey: 'k', fileFirstDataRow: 5, fileLastDataRow: 3 })).toMatchObject({
    errorMessage: expect.stringContaining(textsIn(PRESET_MESSAGES.lastRow, 'en')),
  });
  // a cloud source parameter is saved unfinished, and loads once it names its source
  const unfinished = await admin.ok('presetParameter.save', { title: 'No source yet', variable: 'nosource', primaryKey: 'k', type: 'CLOUD_SOURCE', fileName: 'a.csv' });
  expect((await admin.call('presetParameter.load', { id: unfinished.id })).body).toMatchObject({
    errorCode: '400016',
    errorMessage: expect.stringContaining(textsIn(PRESET_MESSAGES.cloudSource, 'en')),
  });
  const param = await admin.ok('presetParameter.save', { title: 'Upload first', variable: 'first', primaryKey: 'k' });
  expect((await admin.call('presetParameter.load', { id: param.id })).body).toMatchObject({
    errorCode: '400016',
    errorMessage: expect.stringContaining('Please upload a file first.'),
  });
  expect((await admin.call('presetParameter.save', { title: 'Upload first', variable: 'second', primaryKey: 'k' })).body.errorCode).toBe('720001');
  expect((await admin.call('presetParameter.save', { title: 'Other', variable: 'first', primaryKey: 'k' })).body.errorCode).toBe('720001');
});

it("another organization's parameters and records answer as missing", async () => {
  const param = await admin.ok('presetParameter.save', { title: 'Private', variable: 'private', primaryKey: 'k' });
  await admin.ok('presetRecord.save', { parameterId: param.id, key: 'a', alias: 'b', value: 'secret' });
  const missing = await other.call('presetRecord.getListByPage', { parameterId: '00000000-0000-4000-8000-000000000000' });
  for (const [service, payload] of [
    ['presetRecord.getListByPage', { parameterId: param.id }],
    ['presetRecord.save', { parameterId: param.id, key: 'a', alias: 'b', value: 'mine' }],
    ['presetRecord.delete', { parameterId: param.id, key: 'a', alias: 'b' }],
    ['presetParameter.load', { id: param.id, fileName: 'a.csv' }],
    ['presetParameter.uploadUrl', { id: param.id, fileName: 'a.csv', size: 10 }],
    ['presetParameter.detail', { id: param.id }],
  ] as const) {
    const r = await other.call(service, payload);
    expect({ service, code: r.body.errorCode }).toEqual({ service, code: missing.body.errorCode });
  }
  expect(await records(param.id)).toEqual([{ key: 'a', alias: 'b', value: 'secret' }]);
});

describe('presets: categorised content and parameter sets a template picks from', () => {
  const paragraph = (text: string) => ({ type: 'paragraph', text });
  let storeParam: { id: string };
  let category: { id: string };

  beforeAll(async () => {
    storeParam = await admin.ok('presetParameter.save', { title: 'Shops', variable: 'shop', primaryKey: 'shop_id' });
    await admin.ok('presetRecord.save', { parameterId: storeParam.id, key: 'S1', alias: 'name', value: '渋谷店' });
    category = await admin.ok('presetCategory.save', { name: 'Greetings' });
  });

  it('a preset is saved, listed by category, template flag and name, and its builder fields survive a form save', async () => {
    const other = await admin.ok('presetCategory.save', { name: 'Footers' });
    const saved = await admin.ok('preset.save', {
      name: 'Shop greeting',
      categoryId: category.id,
      defaultLanguage: 'ja',
      contents: {
        ja: { subject: '{{preset.shop.name}}より', blocks: [paragraph('{{preset.shop.name}}へようこそ')] },
        en: { blocks: [paragraph('Welcome to {{preset.shop.name}}')] },
      },
      parameters: [{ parameterId: storeParam.id, alias: 'name', defaultValue: 'our shop' }],
    });
    expect(saved).toMatchObject({ channel: 'ANY', isTemplate: false, defaultLanguage: 'ja', parameters: [{ alias: 'name', defaultValue: 'our shop' }] });
    await admin.ok('preset.save', { name: 'Footer template', categoryId: other.id, isTemplate: true, channel: 'EMAIL', contents: { en: { blocks: [paragraph('Bye')] } } });
    await admin.ok('preset.save', { name: 'Empty', channel: 'SMS' });

    const names = async (q: object) => (await admin.ok('preset.getListByPage', { size: 10, ...q })).list.map((p: { name: string }) => p.name);
    expect(await names({})).toEqual(['Empty', 'Footer template', 'Shop greeting']);
    expect(await names({ categoryId: category.id })).toEqual(['Shop greeting']);
    expect(await names({ isTemplate: true })).toEqual(['Footer template']);
    expect(await names({ channel: 'SMS' })).toEqual(['Empty']);
    expect(await names({ name: 'e', sortField: 'name', sortOrder: 'desc' })).toEqual(['Shop greeting', 'Footer template', 'Empty']);

    // the generic form saves without the builder's fields: they stay
    const renamed = await admin.ok('preset.save', { id: saved.id, version: saved.version, name: 'Shop welcome', categoryId: category.id });
    expect(renamed.contents.ja.blocks).toHaveLength(1);
    expect(renamed.parameters).toHaveLength(1);
    // pickers see the presets for a channel, not the templates of presets
    expect((await admin.ok('preset.choices', { channel: 'EMAIL' })).map((c: { name: string }) => c.name)).toEqual(['Shop welcome']);
    expect((await admin.ok('preset.choices', { channel: 'SMS' })).map((c: { name: string }) => c.name)).toEqual(['Empty', 'Shop welcome']);
    // a category with presets in it is not deleted
    expect((await admin.call('presetCategory.delete', { id: category.id })).body.errorCode).toBe('720009');
  });

  it('inserting a preset into a template gives its parameters their defaults, and a send renders them per recipient', async () => {
    const preset = (await admin.ok('preset.getAll')).find((p: { name: string }) => p.name === 'Shop welcome');
    const ja = await admin.ok('preset.insert', { id: preset.id, language: 'ja-JP' });
    expect(ja).toMatchObject({ language: 'ja', subject: '{{preset.shop.name|our shop}}より', text: '{{preset.shop.name|our shop}}へようこそ' });
    const en = await admin.ok('preset.insert', { id: preset.id, language: 'en' });
    expect(en.blocks).toEqual([expect.objectContaining({ type: 'paragraph', text: 'Welcome to {{preset.shop.name|our shop}}' })]);

    const template = await admin.ok('templateMessage.save', {
      name: 'With a preset',
      template: { defaultLanguage: 'ja', contents: { ja: { subject: ja.subject, blocks: ja.blocks } } },
    });
    const tenant = new Store(herald.rt).forOrg(1);
    const text = JSON.stringify(template.template);
    const accounts = [
      { id: 'p1', emails: ['p1@example.com'], attributes: { shop_id: 'S1' } },
      { id: 'p2', emails: ['p2@example.com'], attributes: { shop_id: 'S9' } },
    ] as unknown as Account[];
    const values = await presetValues(tenant, presetTokens(text), accounts);
    const content = pickContent(template.template as EmailTemplate, 'ja');
    expect(renderEmail(content, { preset: values.get('p1') }).subject).toBe('渋谷店より');
    expect(renderEmail(content, { preset: values.get('p2') }).text).toContain('our shopへようこそ');
  });

  it('refuses bad input with catalogue errors in the reader’s language', async () => {
    const ja = { 'accept-language': 'ja' };
    const refusal = async (payload: object) => (await admin.call('preset.save', payload, ja)).body as { errorCode: string; errorMessage: string };
    expect(await refusal({ name: '' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('名前を入力してください！') });
    expect(await refusal({ name: 'Bad default', parameters: [{ parameterId: storeParam.id, alias: 'name', defaultValue: '{{x}}' }] })).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('デフォルト値に波括弧と | は使えません。'),
    });
    expect(
      await refusal({
        name: 'Twice',
        parameters: [
          { parameterId: storeParam.id, alias: 'name' },
          { parameterId: storeParam.id, alias: 'name' },
        ],
      }),
    ).toMatchObject({
      errorMessage: expect.stringContaining('各パラメータの列はセットに1回だけ入れられます。'),
    });
    expect(await refusal({ name: 'No language', defaultLanguage: 'en', contents: { ja: { blocks: [] } } })).toMatchObject({
      errorMessage: expect.stringContaining('既定の言語にはコンテンツが必要です。'),
    });
    expect(await refusal({ name: 'Bad block', contents: { en: { blocks: [{ type: 'nothing' }] } } })).toMatchObject({ errorCode: '400016' });
    expect(await refusal({ name: 'Shop welcome' })).toMatchObject({ errorCode: '720001', errorMessage: expect.stringContaining('同じ名前のプリセットがすでにあります。') });
    expect((await admin.call('presetCategory.save', { name: 'Greetings' }, ja)).body).toMatchObject({
      errorCode: '720001',
      errorMessage: expect.stringContaining('このカテゴリ名はすでに使用されています。'),
    });
  });

  it("another organization's presets, categories and parameters answer as missing", async () => {
    const preset = (await admin.ok('preset.getAll')).find((p: { name: string }) => p.name === 'Shop welcome');
    const missing = (await other.call('preset.detail', { id: '00000000-0000-4000-8000-000000000000' })).body.errorCode;
    for (const [service, payload] of [
      ['preset.detail', { id: preset.id }],
      ['preset.insert', { id: preset.id }],
      ['preset.delete', { id: preset.id }],
      ['presetCategory.detail', { id: category.id }],
    ] as const) {
      expect({ service, code: (await other.call(service, payload)).body.errorCode }).toEqual({ service, code: missing });
    }
    expect(await other.ok('preset.choices', {})).toEqual([]);
    const theirs = await other.call('preset.save', { name: 'Borrowed', parameters: [{ parameterId: storeParam.id, alias: 'name' }] });
    expect(theirs.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('A chosen preset parameter does not exist.') });
    expect((await other.call('preset.save', { name: 'Borrowed', categoryId: category.id })).body.errorCode).toBe('720009');
    expect((await admin.ok('preset.detail', { id: preset.id })).name).toBe('Shop welcome');
  });
});
