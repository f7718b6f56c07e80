/**
 * Data export (issue 10): runs write a CSV file to storage in the job worker and download by an expiring link;
 * formula cells come out inert; a segment narrows an account export; an empty source says so; a source over
 * the cap gives the first records up to it and says it was capped (shown here on a cap of CAP records; the spec's
 * 100,000 at full size is `bench/export.ts`); export settings loop on the scheduler port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../functions/domain/accounts';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { accountSchema } from '../../shared/entities';
import { EXPORT_MESSAGES } from '../../shared/export/csv';
import { CsvParser } from '../../shared/import/csv';
import { type ApiClient, manualClock, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { textsIn } from '../../shared/i18n';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
const clock = manualClock(Date.UTC(2026, 10, 24, 9));
/** the export cap of this file's Herald: the same code as the spec's 100,000, on few enough records to seed quickly */
const CAP = 50;

beforeAll(async () => {
  herald = await startHerald({ clock, config: { exportCap: CAP } });
  ({ admin, other } = await twoOrganizations(herald, 'exp'));
  // the loops below move the clock past the access token's life
  admin.autoRefresh = true;
  other.autoRefresh = true;
  await admin.ok('account.save', { id: 'a1', emails: ['ann@example.com'], firstName: '=HYPERLINK("http://evil.example","Click")', country: 'JP', emailConsent: true });
  await admin.ok('account.save', { id: 'a2', emails: ['bo@example.com'], firstName: 'Bo', lastName: '山田', country: 'US' });
  await admin.ok('account.save', { id: 'a3', emails: ['cy@example.com'], firstName: '+Cy', country: 'JP', tags: ['vip'] });
}, 120_000);
afterAll(() => herald?.stop());

/** Runs the job worker until the export has finished, then answers it. */
async function finished(client: ApiClient, id: string) {
  for (let i = 0; i < 200; i++) {
    await herald.jobs.idle();
    const run = await client.ok('dataExport.detail', { id });
    if (run.state !== 'RUNNING') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the export did not finish');
}

async function fileOf(client: ApiClient, id: string): Promise<string> {
  const link = await client.ok('dataExport.download', { id });
  expect(link.expiresAt - clock.now()).toBe(15 * 60_000);
  const res = await fetch(link.url);
  expect(res.status).toBe(200);
  return (await res.text()).replace(/^\uFEFF/, '');
}

describe('account exports', () => {
  it('writes the chosen columns in order, with formula cells made inert, and downloads by an expiring link', async () => {
    const run = await admin.ok('dataExport.create', { title: 'Customers', exportType: 'ACCOUNTS', columns: ['firstName', 'id', 'email'] });
    expect(run.state).toBe('RUNNING');
    const done = await finished(admin, run.id);
    expect(done).toMatchObject({ state: 'DONE', rows: 3, capped: false, fileName: 'Customers-2026-11-24.csv' });
    expect(done).not.toHaveProperty('fileKey');
    const lines = (await fileOf(admin, run.id)).trimEnd().split('\r\n');
    expect(lines).toEqual(['id,email,firstName', `a1,ann@example.com,"'=HYPERLINK(""http://evil.example"",""Click"")"`, 'a2,bo@example.com,Bo', "a3,cy@example.com,'+Cy"]);
  });

  it('neutralises every cell, tag lists and attribute values included', async () => {
    // an organization of its own, so the other tests' row counts stay as they are
    const { other: owner } = await twoOrganizations(herald, 'csv');
    owner.autoRefresh = true;
    const tags = ['=HYPERLINK("http://x")', 'vip'];
    const attributes = { score: '+1+1', total: '@SUM(1)', diff: '-2+3', wide: '＝1+1', tab: '\tx', plain: 'ok', count: -5 };
    await owner.ok('account.save', { id: 'f1', emails: ['f1@example.com'], firstName: '@Fay', lastName: '-Lee', tags, attributes });
    await owner.ok('account.save', { id: 'f2', emails: ['f2@example.com'], tags: ['+tag'], attributes: { score: '=2' } });
    const run = await owner.ok('dataExport.create', { title: 'Formulas', exportType: 'ACCOUNTS' });
    expect(await finished(owner, run.id)).toMatchObject({ state: 'DONE', rows: 2 });
    const parser = new CsvParser(',');
    const [header, ...rows] = [...parser.push(await fileOf(owner, run.id)), ...parser.end()];
    expect(header).toContain('attributes.score');
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    const f1 = rows.find((r) => r[0] === 'f1')!;
    expect(cell(f1, 'tags')).toBe(`'=HYPERLINK("http://x");vip`);
    expect(cell(f1, 'attributes.score')).toBe("'+1+1");
    expect(cell(f1, 'attributes.total')).toBe("'@SUM(1)");
    expect(cell(f1, 'attributes.wide')).toBe("'＝1+1");
    expect(cell(f1, 'attributes.count')).toBe('-5');
    expect(cell(f1, 'attributes.plain')).toBe('ok');
    expect(cell(rows.find((r) => r[0] === 'f2')!, 'tags')).toBe("'+tag");
    // no cell of the file, header included, starts as a formula
    for (const row of [header!, ...rows]) for (const value of row) if (value !== '-5') expect(value, value).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
  });

  it('narrows to a segment', async () => {
    const segment = await admin.ok('segment.save', { name: 'Japan', rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] } });
    const run = await admin.ok('dataExport.create', { title: 'Japan', exportType: 'ACCOUNTS', segmentId: segment.id, columns: ['id', 'country', 'tags'] });
    await finished(admin, run.id);
    expect(await fileOf(admin, run.id)).toBe('id,country,tags\r\na1,JP,\r\na3,JP,vip\r\n');
  });

  it('says there is no data when the source is empty', async () => {
    const run = await admin.ok('dataExport.create', { title: 'Nobody left', exportType: 'UNSUBSCRIPTIONS' });
    expect(await finished(admin, run.id)).toMatchObject({ state: 'EMPTY', rows: 0 });
    const r = await admin.call('dataExport.download', { id: run.id });
    expect(r.body).toMatchObject({ errorCode: '720003', errorMessage: expect.stringContaining(textsIn(EXPORT_MESSAGES.noData, 'en')) });
  });

  it('refuses bad input with catalogue errors, and other organizations see none of it', async () => {
    const bad = async (payload: unknown) => (await admin.call('dataExport.create', payload)).body;
    expect(await bad({ title: 'x', exportType: 'ACCOUNTS', columns: ['passwordHash'] })).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('Unknown column'),
    });
    expect(await bad({ title: 'x', exportType: 'ACCOUNTS', columns: [] })).toMatchObject({ errorCode: '400016' });
    expect(await bad({ title: '', exportType: 'ACCOUNTS' })).toMatchObject({ errorCode: '400016' });
    expect(await bad({ title: 'x', exportType: 'PLANS' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('Please select the export type!') });
    const segment = await admin.ok('segment.save', { name: 'Mine', rule: { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] } });
    expect((await other.call('dataExport.create', { title: 'x', exportType: 'ACCOUNTS', segmentId: segment.id })).body.errorCode).toBe('720009');
    const mine = (await admin.ok('dataExport.getListByPage', { page: 0, size: 50 })).list[0]!;
    for (const service of ['dataExport.detail', 'dataExport.download', 'dataExport.delete'])
      expect((await other.call(service, { id: mine.id })).body.errorCode, service).toBe('720003');
    expect((await other.ok('dataExport.getListByPage', { page: 0, size: 50 })).total).toBe(0);
  });

  it(`gives the first ${CAP} of a larger source by id and says it was capped; a source of exactly ${CAP} is whole`, async () => {
    // another organization's accounts, written in bulk, spread over every shard
    const orgs = await admin.ok('organization.list', { page: 0, size: 50 });
    const orgId = orgs.list.find((o: { code: string }) => o.code === 'OTHER_EXP')!.id as number;
    const now = clock.now();
    const accountsOf = (ids: number[]) =>
      ids.map((i) =>
        accountSchema.parse({
          orgId,
          id: `c${String(i).padStart(6, '0')}`,
          emails: [`c${i}@example.com`],
          version: 1,
          dateCreated: now,
          dateUpdated: now,
          createdBy: 'seed',
          updatedBy: 'seed',
        }),
      );
    const accounts = new Accounts(new Store(herald.rt).forOrg(orgId));
    // exactly the cap: every record, not capped
    await accounts.putMany(accountsOf(Array.from({ length: CAP }, (_, i) => i * 2 + 1)));
    const whole = await finished(other, (await other.ok('dataExport.create', { title: 'All', exportType: 'ACCOUNTS', columns: ['id'] })).id);
    expect(whole).toMatchObject({ state: 'DONE', rows: CAP, capped: false });
    // two and a half times the cap: the first CAP by id
    await accounts.putMany(accountsOf(Array.from({ length: CAP * 1.5 }, (_, i) => i * 2)));
    const run = await other.ok('dataExport.create', { title: 'Everyone', exportType: 'ACCOUNTS', columns: ['id'] });
    const done = await finished(other, run.id);
    expect(done).toMatchObject({ state: 'DONE', rows: CAP, capped: true });
    const lines = (await fileOf(other, run.id)).trimEnd().split('\r\n');
    expect(lines.slice(1)).toEqual(Array.from({ length: CAP }, (_, i) => `c${String(i).padStart(6, '0')}`));
  });

  it('deletes a run with its file', async () => {
    const run = await admin.ok('dataExport.create', { title: 'Short-lived', exportType: 'ACCOUNTS' });
    await finished(admin, run.id);
    const { url } = await admin.ok('dataExport.download', { id: run.id });
    await admin.ok('dataExport.delete', { id: run.id });
    expect((await fetch(url)).status).toBe(404);
    expect((await admin.call('dataExport.detail', { id: run.id })).body.errorCode).toBe('720003');
  });
});

describe('export settings', () => {
  it('run on their loop from the scheduler, keep their dates, and stop when made inactive', async () => {
    const setting = await admin.ok('exportSetting.save', { title: 'Every five minutes', exportType: 'ACCOUNTS', loopType: 'EVERY_5_MINUTES', state: 'ACTIVE' });
    expect(setting.nextExecutionDate).toBe(clock.now() + 5 * 60_000);
    const runsOf = async () => (await admin.ok('dataExport.getListByPage', { page: 0, size: 100 })).list.filter((r) => r.settingId === setting.id);
    clock.advance(5 * 60_000);
    await herald.scheduler.fireDue();
    await herald.jobs.idle();
    await expect.poll(async () => (await runsOf()).length).toBe(1);
    expect((await runsOf())[0]).toMatchObject({ state: 'DONE', rows: 3, exportType: 'ACCOUNTS' });
    const after = await admin.ok('exportSetting.detail', { id: setting.id });
    expect(after.lastExecutionDate).toBe(clock.now());
    expect(after.nextExecutionDate).toBe(clock.now() + 5 * 60_000);

    await admin.ok('exportSetting.save', { ...after, state: 'INACTIVE' });
    clock.advance(10 * 60_000);
    await herald.scheduler.fireDue();
    await herald.jobs.idle();
    expect(await runsOf()).toHaveLength(1);
  });

  it('a setting that runs once runs at its save; a deleted one has no loop left', async () => {
    const once = await admin.ok('exportSetting.save', { title: 'Just once', exportType: 'UNSUBSCRIPTIONS', loopType: 'ONCE' });
    await herald.jobs.idle();
    await expect.poll(async () => (await admin.ok('dataExport.getListByPage', { page: 0, size: 100 })).list.some((r) => r.settingId === once.id)).toBe(true);
    const daily = await admin.ok('exportSetting.save', { title: 'Daily', exportType: 'ACCOUNTS', loopType: 'DAILY' });
    await admin.ok('exportSetting.delete', { id: daily.id });
    clock.advance(2 * 86_400_000);
    await herald.scheduler.fireDue();
    await herald.jobs.idle();
    expect((await admin.ok('dataExport.getListByPage', { page: 0, size: 100 })).list.some((r) => r.settingId === daily.id)).toBe(false);
  });
});
