/**
 * Models (issue 25, spec 000 `/library/model`: model, modelHistory, modelRecord) against the local server: a model
 * names a cloud source; the source's held deliveries are the model's runs, confirmed or skipped through the model
 * as through the source, with their failed rows as records; another organization's models, runs and sources
 * answer as missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { type ApiClient, manualClock, startHerald, uploadThroughLink } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
const clock = manualClock(Date.UTC(2026, 10, 26, 9));

const HEADER = 'member_id,name,mail';
const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

async function drained() {
  await herald.scheduler.fireDue();
  for (let i = 0; i < 5; i++) await herald.jobs.idle();
}

/** A held upload source with one delivered file: the row with a bad member id fails its check. */
async function heldSource(title: string, fileName: string) {
  const source = await admin.ok('cloudSource.save', {
    title,
    sourceType: 'UPLOAD',
    fileName: '*.csv',
    fileColumns: [
      { columnId: 'member_id', regex: 'M[0-9]{4}', checkTitle: true, fieldType: 'ignore' },
      { columnId: 'name', checkTitle: true, fieldType: 'lastName' },
      { columnId: 'mail', checkTitle: true, fieldType: 'email' },
    ],
    uniqueIdField: 'member_id',
    loopType: 'ONCE',
    status: 'INACTIVE',
    holdForConfirmation: true,
  } as never);
  await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: source.id, fileName }, csv([HEADER, 'M0001,Ito,ito@example.com', 'bad,Sato,sato@example.com']));
  await admin.ok('cloudSource.runNow', { id: source.id });
  await drained();
  return source;
}

beforeAll(async () => {
  herald = await startHerald({ clock });
  ({ admin, other } = await twoOrganizations(herald, 'model'));
  admin.autoRefresh = true;
  other.autoRefresh = true;
}, 120_000);
afterAll(async () => {
  await herald?.stop();
});

describe('models', () => {
  it('are saved with a name and a source of the organization, and listed', async () => {
    const source = await admin.ok('cloudSource.save', {
      title: 'Plain',
      sourceType: 'UPLOAD',
      fileName: '*.csv',
      fileColumns: [{ columnId: 'id', checkTitle: true, fieldType: 'ignore' }],
      uniqueIdField: 'id',
      loopType: 'ONCE',
      status: 'INACTIVE',
    } as never);
    const saved = await admin.ok('model.save', { name: 'Churn', description: 'Who may leave', cloudSourceId: source.id });
    expect(saved).toMatchObject({ name: 'Churn', description: 'Who may leave', cloudSourceId: source.id, version: 1 });
    expect((await admin.ok('model.getListByPage', { name: 'chu' })).list.map((m: { id: string }) => m.id)).toEqual([saved.id]);
    expect((await admin.call('model.save', { name: 'Elsewhere', cloudSourceId: 'no-such-source' })).body.errorCode).toBe('720009');
    // a model not yet reading from a source has no runs
    const orphan = await admin.ok('model.save', { name: 'Orphan' });
    expect((await admin.ok('modelHistory.getListByPage', { modelId: orphan.id })).list).toEqual([]);
    expect((await admin.call('modelRecord.getListByPage', { modelId: orphan.id, id: '1-a' })).body.errorCode).toBe('720003');
    const noName = (await admin.call('model.save', { name: ' ', cloudSourceId: source.id })).body;
    expect(noName.errorCode).toBe('400016');
    expect((await admin.call('model.save', { name: 'churn', cloudSourceId: source.id })).body.errorCode).toBe('720001');
    // another organization can neither see the model nor point one at this organization's source
    expect((await other.call('model.detail', { id: saved.id })).body.errorCode).toBe('720003');
    expect((await other.ok('model.getListByPage', {})).list).toEqual([]);
    const borrowed = (await other.call('model.save', { name: 'Borrowed', cloudSourceId: source.id })).body;
    expect([borrowed.errorCode, borrowed.errorMessage]).toEqual(['720009', expect.stringContaining('does not exist')]);
  });
});

describe("a model's fields", () => {
  it("are saved with a name, a type and whether required, in order; bad ones are catalogue errors in the reader's language", async () => {
    const fields = [
      { name: 'score', type: 'NUMBER', required: true },
      { name: '顧客区分', type: 'TEXT', required: false },
      { name: 'renewal_on', type: 'DATE' },
    ];
    const saved = await admin.ok('model.save', { name: 'Churn fields', fields });
    expect(saved.fields).toEqual([fields[0], fields[1], { ...fields[2], required: false }]);
    expect((await admin.ok('model.detail', { id: saved.id })).fields).toHaveLength(3);
    // a model saved without fields has none
    expect((await admin.ok('model.save', { name: 'No fields' })).fields).toEqual([]);
    const bad = async (given: unknown, lang = 'en') => (await admin.call('model.save', { name: `Bad ${Math.random()}`, fields: given }, { 'x-lang': lang })).body;
    expect(await bad([{ name: '1st', type: 'TEXT' }])).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('A field name starts with a letter') });
    expect(
      await bad(
        [
          { name: 'score', type: 'TEXT' },
          { name: 'Score', type: 'NUMBER' },
        ],
        'ja',
      ),
    ).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('同じ項目名が2回指定されています'),
    });
    expect(await bad([{ name: 'score', type: 'MONEY' }])).toMatchObject({ errorCode: '400016' });
    expect(await bad(Array.from({ length: 51 }, (_, i) => ({ name: `f${i}`, type: 'TEXT' })))).toMatchObject({ errorCode: '400016' });
  });
});

describe('model history and records', () => {
  it("are the source's deliveries: one held run is confirmed, another skipped, and each decides once", async () => {
    const source = await heldSource('Scores', 'scores.csv');
    const model = await admin.ok('model.save', { name: 'Scores model', cloudSourceId: source.id });
    const [held] = (await admin.ok('modelHistory.getListByPage', { modelId: model.id })).list;
    expect(held).toMatchObject({ sourceId: source.id, fileName: 'scores.csv', status: 'HELD', rows: 2, valid: 1, invalid: 1 });

    const records = await admin.ok('modelRecord.getListByPage', { modelId: model.id, id: held.id });
    expect(records.list).toEqual([expect.objectContaining({ row: 3, stage: 'CHECK' })]);

    expect(await admin.ok('modelHistory.confirm', { modelId: model.id, id: held.id })).toMatchObject({ status: 'IMPORTING' });
    await drained();
    expect((await admin.ok('cloudSourceHistory.getListByPage', { sourceId: source.id })).list[0]).toMatchObject({ id: held.id, status: 'CONFIRMED', created: 1 });
    const again = (await admin.call('modelHistory.confirm', { modelId: model.id, id: held.id })).body;
    expect([again.errorCode, again.errorMessage]).toEqual(['720009', expect.stringContaining('Only a delivery waiting for confirmation can be confirmed or skipped.')]);

    const second = await heldSource('Scores again', 'next.csv');
    const secondModel = await admin.ok('model.save', { name: 'Second', cloudSourceId: second.id });
    const [waiting] = (await admin.ok('modelHistory.getListByPage', { modelId: secondModel.id, status: 'HELD' })).list;
    expect(await admin.ok('modelHistory.skip', { modelId: secondModel.id, id: waiting.id })).toMatchObject({ status: 'SKIPPED' });
    expect((await admin.call('modelHistory.skip', { modelId: secondModel.id, id: waiting.id })).body.errorCode).toBe('720009');
    // a run of another model's source is not this model's
    expect((await admin.call('modelHistory.confirm', { modelId: model.id, id: waiting.id })).body.errorCode).toBe('720003');

    // another organization's calls answer as missing, and decide nothing
    for (const [service, payload] of [
      ['modelHistory.getListByPage', { modelId: model.id }],
      ['modelHistory.confirm', { modelId: model.id, id: held.id }],
      ['modelHistory.skip', { modelId: model.id, id: held.id }],
      ['modelRecord.getListByPage', { modelId: model.id, id: held.id }],
    ] as const) {
      expect((await other.call(service, payload as never)).body.errorCode, service).toBe('720003');
    }
  });

  it('a model whose source is gone answers as missing', async () => {
    const source = await admin.ok('cloudSource.save', {
      title: 'Gone',
      sourceType: 'UPLOAD',
      fileName: '*.csv',
      fileColumns: [{ columnId: 'id', checkTitle: true, fieldType: 'ignore' }],
      uniqueIdField: 'id',
      loopType: 'ONCE',
      status: 'INACTIVE',
    } as never);
    const model = await admin.ok('model.save', { name: 'Stale', cloudSourceId: source.id });
    await admin.ok('cloudSource.delete', { id: source.id });
    expect((await admin.call('modelHistory.getListByPage', { modelId: model.id })).body.errorCode).toBe('720003');
  });
});
