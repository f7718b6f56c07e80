/**
 * Cloud sources (issue 10 item 4, spec 001 3.13) against real servers: an SFTP server the test starts (password,
 * then private key), S3 through the s3rver stand-in, and uploads. A loop fires on the controllable clock; a held
 * delivery is confirmed and another skipped; Shift_JIS, GBK and Big5 files import with their names; failed rows
 * are records with their row numbers; a file over the large-file limit fails and alerts by mail; credentials go
 * in sealed and never come out; another organization's sources, deliveries and records answer as missing.
 */
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { cloudHistoryKeyOf, cloudRecordKeyOf } from '../../shared/entities';
import type { CloudSourceSavePayload } from '../../shared/services';
import { type ApiClient, manualClock, sentMail, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { type SftpServer, startSftpServer } from '../support/sftpServer';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let sftp: SftpServer;
let s3: S3Client;
const clock = manualClock(Date.UTC(2026, 10, 24, 9));

const COLUMNS: CloudSourceSavePayload['fileColumns'] = [
  { columnId: 'member_id', regex: 'M[0-9]{4}', checkTitle: true, fieldType: 'ignore' },
  { columnId: 'name', checkTitle: true, fieldType: 'lastName' },
  { columnId: 'mail', checkTitle: true, fieldType: 'email' },
  { columnId: 'group', checkTitle: true, fieldType: 'ignore' },
];

function source(extra: Partial<CloudSourceSavePayload>): CloudSourceSavePayload {
  return {
    title: 'Partner drop',
    sourceType: 'SFTP',
    fileName: 'members_*.csv',
    fileColumns: COLUMNS,
    uniqueIdField: 'member_id',
    groupColumn: 'group',
    loopType: 'ONCE',
    status: 'INACTIVE',
    ...extra,
  } as CloudSourceSavePayload;
}

const csv = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
const HEADER = 'member_id,name,mail,group';

async function drained() {
  await herald.scheduler.fireDue();
  for (let i = 0; i < 5; i++) await herald.jobs.idle();
}

async function deliveries(client: ApiClient, sourceId: string) {
  return (await client.ok('cloudSourceHistory.getListByPage', { sourceId, size: 50 })).list;
}

async function runAndWait(client: ApiClient, sourceId: string) {
  await client.ok('cloudSource.runNow', { id: sourceId });
  await drained();
  return deliveries(client, sourceId);
}

beforeAll(async () => {
  herald = await startHerald({ clock });
  ({ admin, other } = await twoOrganizations(herald, 'cloud'));
  admin.autoRefresh = true;
  other.autoRefresh = true;
  sftp = await startSftpServer();
  s3 = new S3Client({ region: 'us-east-1', endpoint: herald.standIns.endpoints.s3, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await s3.send(new CreateBucketCommand({ Bucket: 'partner-drop' })).catch(() => undefined);
}, 120_000);
afterAll(async () => {
  await sftp?.stop();
  await herald?.stop();
});

describe('SFTP', () => {
  it('imports with a password, then with a private key; a file is delivered once', async () => {
    sftp.files.set('/outbox/members_1.csv', { data: Buffer.from(csv([HEADER, 'M0001,Tanaka,tanaka@example.com,gold', 'M0002,Suzuki,suzuki@example.com,silver'])), mtime: 1_700_000_000 });
    sftp.files.set('/outbox/other.csv', { data: Buffer.from('not ours'), mtime: 1_700_000_000 });
    const saved = await admin.ok('cloudSource.save', source({ host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/outbox' }));
    expect(saved).toMatchObject({ hasPassword: true, hasPrivateKey: false });
    expect(JSON.stringify(saved)).not.toContain(sftp.password);
    expect(JSON.stringify(await admin.ok('cloudSource.detail', { id: saved.id }))).not.toContain('Sealed');

    const [delivery] = await runAndWait(admin, saved.id);
    expect(delivery).toMatchObject({ fileName: 'members_1.csv', status: 'DONE', rows: 2, valid: 2, invalid: 0, created: 2, trigger: 'MANUAL' });
    expect(await admin.ok('account.detail', { id: 'M0001' })).toMatchObject({ lastName: 'Tanaka', emails: ['tanaka@example.com'], tags: ['gold'] });
    expect(sftp.logins).toContain('password');

    // the same file again is not delivered again
    expect(await runAndWait(admin, saved.id)).toHaveLength(1);

    // now by private key: the password is replaced by a key
    const byKey = await admin.ok('cloudSource.save', source({ title: 'Partner by key', host: '127.0.0.1', port: sftp.port, username: sftp.username, privateKey: sftp.privateKey, filePath: '/outbox', fileName: 'members_2.csv' }));
    expect(byKey).toMatchObject({ hasPassword: false, hasPrivateKey: true });
    sftp.files.set('/outbox/members_2.csv', { data: Buffer.from(csv([HEADER, 'M0003,Sato,sato@example.com,gold'])), mtime: 1_700_000_100 });
    expect((await runAndWait(admin, byKey.id))[0]).toMatchObject({ status: 'DONE', created: 1 });
    expect(sftp.logins).toContain('publickey');
  });

  it('a wrong password fails the run with its reason, and mails the receivers', async () => {
    const wrong = await admin.ok('cloudSource.save', source({ title: 'Wrong password', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: 'nope', emailReceivers: ['ops@example.com'] }));
    const [failed] = await runAndWait(admin, wrong.id);
    expect(failed).toMatchObject({ status: 'FAILED', fileName: '', error: expect.stringMatching(/authentication/i) });
    await expect.poll(async () => (await sentMail(herald)).some((m) => m.destination.to.includes('ops@example.com') && m.subject.includes('Wrong password') && m.subject.includes('failed'))).toBe(true);
    expect(JSON.stringify(await sentMail(herald))).not.toContain(sftp.password);
  });
});

describe('S3', () => {
  it('imports from a bucket with keys; rows that fail are records with their row numbers, exported as CSV', async () => {
    await s3.send(new PutObjectCommand({
      Bucket: 'partner-drop',
      Key: 'daily/members_0301.csv',
      Body: csv([HEADER, 'M0101,Kato,kato@example.com,gold', 'X9,Bad id,bad@example.com,gold', '', 'M0103,Ito,not-an-address,gold', 'M0104,Abe,abe@example.com']),
    }));
    const saved = await admin.ok('cloudSource.save', source({ title: 'Bucket', sourceType: 'S3', bucket: 'partner-drop', region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER', filePath: 'daily' }));
    expect(saved).toMatchObject({ hasSecretKey: true, accessKey: 'S3RVER' });
    const [delivery] = await runAndWait(admin, saved.id);
    // a row short of a column is malformed, and told by its row number too
    expect(delivery).toMatchObject({ status: 'DONE', rows: 4, valid: 1, invalid: 3, created: 1 });
    const records = await admin.ok('cloudSourceRecord.getListByPage', { sourceId: saved.id, id: delivery.id });
    expect(records.list.map((r: { row: number; stage: string; reason: string }) => [r.row, r.stage])).toEqual([
      [3, 'CHECK'],
      [5, 'CHECK'],
      [6, 'CHECK'],
    ]);
    expect(records.list[0].reason).toContain("member_id: The value does not match the column's pattern.");
    expect(records.list[1].reason).toContain('mail');
    expect(records.list[2].reason).toBe('The row has 3 columns; the header has 4.');
    const link = await admin.ok('cloudSourceRecord.export', { sourceId: saved.id, id: delivery.id });
    expect(link).toMatchObject({ rows: 3, fileName: 'members_0301-records.csv' });
    const file = await (await fetch(link.url)).text();
    expect(file.split(/\r\n/)[1]).toMatch(/^3,CHECK,X9,/);
  });

  it('a source without keys or a role is refused', async () => {
    const res = await admin.call('cloudSource.save', source({ title: 'No keys', sourceType: 'S3', bucket: 'partner-drop', region: 'us-east-1' }));
    expect(res.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('access key and secret key, or a role ARN') });
  });
});

describe('loops and confirmation', () => {
  it('a loop fires on the clock; held deliveries wait; one is confirmed and another skipped', async () => {
    const saved = await admin.ok('cloudSource.save', source({ title: 'Held', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/held', fileName: '*.csv', loopType: 'EVERY_5_MINUTES', status: 'ACTIVE', holdForConfirmation: true, alertTypes: ['HELD'], emailReceivers: ['approver@example.com'] }));
    sftp.files.set('/held/a.csv', { data: Buffer.from(csv([HEADER, 'M0201,Ono,ono@example.com,gold'])), mtime: 1_700_000_200 });
    // nothing before the loop's time
    await drained();
    expect(await deliveries(admin, saved.id)).toHaveLength(0);
    clock.advance(5 * 60_000);
    await drained();
    const [held] = await deliveries(admin, saved.id);
    expect(held).toMatchObject({ fileName: 'a.csv', status: 'HELD', rows: 1, valid: 1, created: 0, trigger: 'LOOP' });
    expect((await admin.call('account.detail', { id: 'M0201' })).body.errorCode).toBe('720003');
    expect((await admin.ok('cloudSource.detail', { id: saved.id })).nextExecuteTime).toBe(clock.now() + 5 * 60_000);
    await expect.poll(async () => (await sentMail(herald)).some((m) => m.destination.to.includes('approver@example.com') && m.subject.includes('waiting for confirmation'))).toBe(true);

    const confirmed = await admin.ok('cloudSourceHistory.confirm', { sourceId: saved.id, id: held.id });
    expect(confirmed.status).toBe('IMPORTING');
    await drained();
    expect((await deliveries(admin, saved.id))[0]).toMatchObject({ status: 'CONFIRMED', created: 1 });
    expect(await admin.ok('account.detail', { id: 'M0201' })).toMatchObject({ lastName: 'Ono' });
    // confirmed once only
    expect((await admin.call('cloudSourceHistory.confirm', { sourceId: saved.id, id: held.id })).body.errorCode).toBe('720009');

    // the next loop takes the next file, which is skipped
    sftp.files.set('/held/b.csv', { data: Buffer.from(csv([HEADER, 'M0202,Mori,mori@example.com,gold'])), mtime: 1_700_000_300 });
    clock.advance(5 * 60_000);
    await drained();
    const second = (await deliveries(admin, saved.id)).find((d: { fileName: string }) => d.fileName === 'b.csv')!;
    expect(second).toMatchObject({ status: 'HELD' });
    expect(await admin.ok('cloudSourceHistory.skip', { sourceId: saved.id, id: second.id })).toMatchObject({ status: 'SKIPPED' });
    await drained();
    expect((await admin.call('account.detail', { id: 'M0202' })).body.errorCode).toBe('720003');
    expect((await admin.ok('cloudSourceHistory.getListByPage', { sourceId: saved.id, status: 'SKIPPED' })).list).toHaveLength(1);

    // a file changed after its check is not imported
    sftp.files.set('/held/c.csv', { data: Buffer.from(csv([HEADER, 'M0203,Kudo,kudo@example.com,gold'])), mtime: 1_700_000_400 });
    clock.advance(5 * 60_000);
    await drained();
    const third = (await deliveries(admin, saved.id)).find((d: { fileName: string }) => d.fileName === 'c.csv')!;
    sftp.files.set('/held/c.csv', { data: Buffer.from(csv([HEADER, 'M0203,Kudo,kudo@example.com,gold', 'M0204,Sneaky,sneaky@example.com,gold'])), mtime: 1_700_000_500 });
    await admin.ok('cloudSourceHistory.confirm', { sourceId: saved.id, id: third.id });
    await drained();
    expect((await deliveries(admin, saved.id)).find((d: { id: string }) => d.id === third.id)).toMatchObject({ status: 'FAILED', error: expect.stringContaining('changed after its check') });
    expect((await admin.call('account.detail', { id: 'M0204' })).body.errorCode).toBe('720003');

    // made inactive, the loop stops
    const stored = await admin.ok('cloudSource.detail', { id: saved.id });
    await admin.ok('cloudSource.save', { ...stored, status: 'INACTIVE' });
    sftp.files.set('/held/d.csv', { data: Buffer.from(csv([HEADER])), mtime: 1_700_000_600 });
    const before = (await deliveries(admin, saved.id)).length;
    clock.advance(10 * 60_000);
    await drained();
    expect(await deliveries(admin, saved.id)).toHaveLength(before);
  });
});

describe('long files', () => {
  it('a file that outlasts a job is read on by follow-up jobs from the next row, held and confirmed the same way', async () => {
    // every page is a job's whole time here: 2,500 rows are read in three jobs, and imported in three more
    const config = herald.rt.config as { jobSliceMs: number };
    const post = herald.rt.jobs.post;
    const resumed: number[] = [];
    config.jobSliceMs = 0;
    herald.rt.jobs.post = async (job) => {
      if (job.kind === 'cloudSourceResume') resumed.push(job.fromRow);
      return post(job);
    };
    try {
      const rows = Array.from({ length: 2500 }, (_, i) => (i === 1497 ? 'X1,Bad,bad@example.com,gold' : `M${String(5000 + i)},Long${i},long${i}@example.com,gold`));
      sftp.files.set('/long/all.csv', { data: Buffer.from(csv([HEADER, ...rows])), mtime: 1_700_001_000 });
      const saved = await admin.ok('cloudSource.save', source({ title: 'Long', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/long', fileName: '*.csv', holdForConfirmation: true }));
      const [held] = await runAndWait(admin, saved.id);
      expect(held).toMatchObject({ status: 'HELD', rows: 2500, valid: 2499, invalid: 1 });
      expect(resumed).toEqual([1001, 2001, 2502]);
      // the refused row once, by its number, though three jobs read the file
      const records = await admin.ok('cloudSourceRecord.getListByPage', { sourceId: saved.id, id: held.id });
      expect(records.list.map((r: { row: number }) => r.row)).toEqual([1499]);

      resumed.length = 0;
      await admin.ok('cloudSourceHistory.confirm', { sourceId: saved.id, id: held.id });
      await drained();
      expect((await deliveries(admin, saved.id))[0]).toMatchObject({ status: 'CONFIRMED', rows: 2500, valid: 2499, invalid: 1, created: 2499 });
      expect(resumed).toEqual([1001, 2001, 2502]);
      expect(await admin.ok('account.detail', { id: 'M7499' })).toMatchObject({ lastName: 'Long2499' });
    } finally {
      config.jobSliceMs = 240_000;
      herald.rt.jobs.post = post;
    }
  });
});

describe('encodings and limits', () => {
  it('Shift_JIS, GBK and Big5 files import with their names', async () => {
    for (const [encoding, id, name] of [
      ['Shift_JIS', 'M0301', '山田花子'],
      ['GBK', 'M0302', '张伟'],
      ['Big5', 'M0303', '陳美玲'],
    ] as const) {
      const fileName = `names_${encoding}.csv`;
      sftp.files.set(`/enc/${fileName}`, { data: iconv.encode(csv([HEADER, `${id},${name},${id.toLowerCase()}@example.com,gold`]), encoding), mtime: 1_700_001_000 });
      const saved = await admin.ok('cloudSource.save', source({ title: `Names ${encoding}`, host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/enc', fileName, encoding }));
      expect((await runAndWait(admin, saved.id))[0]).toMatchObject({ status: 'DONE', created: 1 });
      expect((await admin.ok('account.detail', { id })).lastName).toBe(name);
    }
  });

  it('a file in the wrong encoding fails naming the row; a header that differs fails; a large file stops at its limit', async () => {
    sftp.files.set('/bad/sjis.csv', { data: iconv.encode(csv([HEADER, 'M0401,Plain,plain@example.com,gold', 'M0402,山田,yamada@example.com,gold']), 'Shift_JIS'), mtime: 1_700_002_000 });
    const utf8 = await admin.ok('cloudSource.save', source({ title: 'Wrong encoding', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/bad', fileName: 'sjis.csv' }));
    expect((await runAndWait(admin, utf8.id))[0]).toMatchObject({ status: 'FAILED', error: 'Row 3 is not UTF-8 text: choose the file\'s encoding.' });

    sftp.files.set('/bad/header.csv', { data: Buffer.from(csv(['id,name,mail,group', 'M0403,A,a@example.com,gold'])), mtime: 1_700_002_000 });
    const header = await admin.ok('cloudSource.save', source({ title: 'Header', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/bad', fileName: 'header.csv' }));
    expect((await runAndWait(admin, header.id))[0]).toMatchObject({ status: 'FAILED', error: "Column 1 of the header is 'id', not 'member_id'." });

    const rows = Array.from({ length: 30 }, (_, i) => `M${String(5000 + i)},N${i},n${i}@example.com,gold`);
    sftp.files.set('/bad/big.csv', { data: Buffer.from(csv([HEADER, ...rows])), mtime: 1_700_002_000 });
    const big = await admin.ok('cloudSource.save', source({ title: 'Big', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/bad', fileName: 'big.csv', largeFileRowLimit: 10, holdForConfirmation: true }));
    expect((await runAndWait(admin, big.id))[0]).toMatchObject({ status: 'FAILED', error: expect.stringContaining('more than 10 data rows') });
  });

  it('first and last data rows bound what is read', async () => {
    sftp.files.set('/rows/r.csv', { data: Buffer.from(csv(['report of the day', HEADER, 'M0501,A,a5@example.com,gold', 'M0502,B,b5@example.com,gold', 'total 2'])), mtime: 1_700_003_000 });
    const saved = await admin.ok('cloudSource.save', source({ title: 'Rows', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/rows', fileName: 'r.csv', firstDataRow: 3, lastDataRow: 4 }));
    expect((await runAndWait(admin, saved.id))[0]).toMatchObject({ status: 'DONE', rows: 2, created: 2 });
  });
});

describe('uploads', () => {
  it('a file put to the upload link is read by the next run', async () => {
    const saved = await admin.ok('cloudSource.save', source({ title: 'Uploaded', sourceType: 'UPLOAD', fileName: '*.csv' }));
    const { url } = await admin.ok('cloudSource.uploadUrl', { id: saved.id, fileName: 'members.csv' });
    const put = await fetch(url, { method: 'PUT', body: csv([HEADER, 'M0601,Uploaded,up@example.com,gold']) });
    expect(put.ok).toBe(true);
    expect((await runAndWait(admin, saved.id))[0]).toMatchObject({ status: 'DONE', created: 1, fileName: 'members.csv' });
    const sftpOnly = await admin.ok('cloudSource.save', source({ title: 'Not upload', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password }));
    expect((await admin.call('cloudSource.uploadUrl', { id: sftpOnly.id, fileName: 'x.csv' })).body.errorCode).toBe('720009');
  });
});

describe('rules and tenancy', () => {
  it('bad input gets the spec\'s messages', async () => {
    const bad = async (extra: Partial<CloudSourceSavePayload>) => (await admin.call('cloudSource.save', source({ host: 'h', username: 'u', password: 'p', ...extra }))).body;
    expect(await bad({ fileColumns: [{ columnId: '' } as never] })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('The Column Id is required!') });
    expect(await bad({ fileColumns: [] })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('The Column Id is required!') });
    expect(await bad({ fileColumns: [{ ...COLUMNS[0]!, regex: '([' }, ...COLUMNS.slice(1)] })).toMatchObject({ errorMessage: expect.stringContaining('not a valid regular expression') });
    expect(await bad({ uniqueIdField: 'nope' })).toMatchObject({ errorMessage: expect.stringContaining('Choose one of the file columns') });
    expect(await bad({ host: '' })).toMatchObject({ errorMessage: expect.stringContaining('Please input the host!') });
    expect(await bad({ password: undefined })).toMatchObject({ errorMessage: expect.stringContaining('password or the private key') });
    expect(await bad({ firstDataRow: 5, lastDataRow: 2 })).toMatchObject({ errorMessage: expect.stringContaining('last data row') });
    expect(await bad({ fileColumns: [...COLUMNS, { columnId: 'mail2', fieldType: 'email' }] })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining("Only one column may fill 'email'") });
    expect(await bad({ emailReceivers: ['not-an-address'] })).toMatchObject({ errorMessage: expect.stringContaining('Please enter the correct email address.') });
    expect(await bad({ fileName: 'a/b.csv' })).toMatchObject({ errorCode: '400016' });
  });

  it('another organization\'s sources, deliveries and records answer as missing', async () => {
    // (their session is refreshed first: the loops above moved the clock past its access token)
    expect((await other.ok('cloudSource.getListByPage', { page: 0, size: 100 })).list).toEqual([]);
    const ours = (await admin.ok('cloudSource.getListByPage', { page: 0, size: 100 })).list.find((s: { title: string }) => s.title === 'Bucket')!;
    const [delivery] = await deliveries(admin, ours.id);
    for (const [service, payload] of [
      ['cloudSource.detail', { id: ours.id }],
      ['cloudSource.runNow', { id: ours.id }],
      ['cloudSource.duplicate', { id: ours.id }],
      ['cloudSource.delete', { id: ours.id }],
      ['cloudSource.uploadUrl', { id: ours.id, fileName: 'x.csv' }],
      ['cloudSource.deleteHistoryRecord', { sourceId: ours.id, id: delivery.id }],
      ['cloudSourceHistory.getListByPage', { sourceId: ours.id }],
      ['cloudSourceHistory.confirm', { sourceId: ours.id, id: delivery.id }],
      ['cloudSourceHistory.skip', { sourceId: ours.id, id: delivery.id }],
      ['cloudSourceRecord.getListByPage', { sourceId: ours.id, id: delivery.id }],
      ['cloudSourceRecord.export', { sourceId: ours.id, id: delivery.id }],
    ] as const) {
      expect([service, (await other.call(service, payload)).body.errorCode]).toEqual([service, '720003']);
    }
    // theirs saved over ours by id is refused too
    expect((await other.call('cloudSource.save', { ...source({ host: 'h', username: 'u', password: 'p' }), id: ours.id, version: 1 })).body.errorCode).toBe('720003');
  });

  it('a duplicate is inactive and has no credentials; a finished delivery can be deleted with its records', async () => {
    const ours = (await admin.ok('cloudSource.getListByPage', { page: 0, size: 100 })).list.find((s: { title: string }) => s.title === 'Bucket')!;
    const copy = await admin.ok('cloudSource.duplicate', { id: ours.id });
    expect(copy).toMatchObject({ title: 'Bucket (copy)', status: 'INACTIVE', hasSecretKey: false, accessKey: 'S3RVER' });
    const [delivery] = await deliveries(admin, ours.id);
    await admin.ok('cloudSource.deleteHistoryRecord', { sourceId: ours.id, id: delivery.id });
    expect(await deliveries(admin, ours.id)).toHaveLength(0);
    expect((await admin.call('cloudSourceRecord.getListByPage', { sourceId: ours.id, id: delivery.id })).body.errorCode).toBe('720003');
  });

  it('a deleted source takes its deliveries and their records with it', async () => {
    const saved = await admin.ok('cloudSource.save', source({ title: 'Short lived', sourceType: 'UPLOAD', fileName: '*.csv' }));
    const { url } = await admin.ok('cloudSource.uploadUrl', { id: saved.id, fileName: 'gone.csv' });
    await fetch(url, { method: 'PUT', body: csv([HEADER, 'bad id,Gone,gone@example.com,gold']) });
    const [delivery] = await runAndWait(admin, saved.id);
    expect(delivery).toMatchObject({ invalid: 1 });
    await admin.ok('cloudSource.delete', { id: saved.id });
    await drained();
    const store = new Store(herald.rt);
    expect(await store.queryAll('cloudSourceHistory', { name: 'historyKey', value: cloudHistoryKeyOf(1, saved.id) })).toEqual([]);
    expect(await store.queryAll('cloudSourceRecord', { name: 'recordKey', value: cloudRecordKeyOf(1, saved.id, delivery.id) })).toEqual([]);
  });
});
