/**
 * Cloud sources (issue 10 item 4, spec 001 3.13) against real servers: an SFTP server the test starts (password,
 * then private key), S3 through the s3rver stand-in, and uploads. A loop fires on the controllable clock; a held
 * delivery is confirmed and another skipped; Shift_JIS, GBK and Big5 files import with their names; failed rows
 * are records with their row numbers; a file over the large-file limit fails and alerts by mail; credentials go
 * in sealed and never come out; another organization's sources, deliveries and records answer as missing.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ASSET_BUCKET, freePort } from '../../functions/local/standins';
import { Store } from '../../functions/store/store';
import { cloudRecordKeyOf } from '../../shared/entities';
import type { CloudSourceSavePayload } from '../../shared/services';
import { type ApiClient, manualClock, sentMail, startHerald, uploadThroughLink } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { startFilteredPort } from '../support/filteredPort';
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

/** An SFTP source saved with the test server's host key confirmed, as its owner would after checking it. */
async function saveTrusted(payload: CloudSourceSavePayload, server = sftp, client = admin) {
  const saved = await client.ok('cloudSource.save', payload);
  return client.ok('cloudSource.confirmHostKey', { id: saved.id, fingerprint: server.hostKey });
}

async function runAndWait(client: ApiClient, sourceId: string) {
  await client.ok('cloudSource.runNow', { id: sourceId });
  await drained();
  return deliveries(client, sourceId);
}

/** The deliveries one run made (the manual clock gives a source's deliveries the same time, so order cannot tell). */
async function runOnce(client: ApiClient, sourceId: string) {
  const before = new Set((await deliveries(client, sourceId)).map((d: { id: string }) => d.id));
  return (await runAndWait(client, sourceId)).filter((d: { id: string }) => !before.has(d.id));
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
    sftp.files.set('/outbox/members_1.csv', {
      data: Buffer.from(csv([HEADER, 'M0001,Tanaka,tanaka@example.com,gold', 'M0002,Suzuki,suzuki@example.com,silver'])),
      mtime: 1_700_000_000,
    });
    sftp.files.set('/outbox/other.csv', { data: Buffer.from('not ours'), mtime: 1_700_000_000 });
    const saved = await saveTrusted(source({ host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/outbox' }));
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
    const byKey = await saveTrusted(
      source({ title: 'Partner by key', host: '127.0.0.1', port: sftp.port, username: sftp.username, privateKey: sftp.privateKey, filePath: '/outbox', fileName: 'members_2.csv' }),
    );
    expect(byKey).toMatchObject({ hasPassword: false, hasPrivateKey: true });
    sftp.files.set('/outbox/members_2.csv', { data: Buffer.from(csv([HEADER, 'M0003,Sato,sato@example.com,gold'])), mtime: 1_700_000_100 });
    expect((await runAndWait(admin, byKey.id))[0]).toMatchObject({ status: 'DONE', created: 1 });
    expect(sftp.logins).toContain('publickey');
  });

  it('a wrong password fails the run with its reason, and mails the receivers', async () => {
    const wrong = await saveTrusted(
      source({ title: 'Wrong password', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: 'nope', emailReceivers: ['ops@example.com'] }),
    );
    const [failed] = await runAndWait(admin, wrong.id);
    expect(failed).toMatchObject({ status: 'FAILED', fileName: '', error: expect.stringMatching(/authentication/i) });
    await expect
      .poll(async () => (await sentMail(herald)).some((m) => m.destination.to.includes('ops@example.com') && m.subject.includes('Wrong password') && m.subject.includes('failed')))
      .toBe(true);
    expect(JSON.stringify(await sentMail(herald))).not.toContain(sftp.password);
  });
});

describe('S3', () => {
  it('imports from a bucket with keys; rows that fail are records with their row numbers, exported as CSV', async () => {
    await s3.send(
      new PutObjectCommand({
        Bucket: 'partner-drop',
        Key: 'daily/members_0301.csv',
        Body: csv([HEADER, 'M0101,Kato,kato@example.com,gold', 'X9,Bad id,bad@example.com,gold', '', 'M0103,Ito,not-an-address,gold', 'M0104,Abe,abe@example.com']),
      }),
    );
    const saved = await admin.ok(
      'cloudSource.save',
      source({ title: 'Bucket', sourceType: 'S3', bucket: 'partner-drop', region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER', filePath: 'daily' }),
    );
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

describe('credentials are never optional (issue 19 item 1)', () => {
  const VICTIM = csv([HEADER, 'M0901,Victim,victim@example.com,gold']);

  it("with the worker's AWS credentials in the environment, a source without its secret reads nothing of Herald's bucket", async () => {
    // organization 1's account export, where Herald keeps it
    const exportsOfA = `${herald.rt.config.tablePrefix}exports/1`;
    await s3.send(new PutObjectCommand({ Bucket: ASSET_BUCKET, Key: `${exportsOfA}/accounts.csv`, Body: VICTIM }));
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    // as on Lambda: the worker's own credentials are in the environment (s3rver knows one key id, and checks no signature)
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'the-job-role-secret';
    try {
      const envSigned = new S3Client({ region: 'us-east-1', endpoint: herald.standIns.endpoints.s3, forcePathStyle: true });
      const listed = await envSigned.send(new ListObjectsV2Command({ Bucket: ASSET_BUCKET, Prefix: `${exportsOfA}/` }));
      expect(listed.Contents?.map((o) => o.Key)).toContain(`${exportsOfA}/accounts.csv`);
      envSigned.destroy();

      const attack = {
        title: 'Their exports',
        sourceType: 'S3' as const,
        bucket: ASSET_BUCKET,
        region: 'us-east-1',
        accessKey: 'AKIAONLYTHEKEY',
        filePath: exportsOfA,
        fileName: 'accounts.csv',
      };
      const refused = await other.call('cloudSource.save', source(attack));
      expect(refused.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('access key and secret key, or a role ARN') });

      // a duplicate keeps no secret, is marked, and its save asks for the secret again
      const own = await other.ok(
        'cloudSource.save',
        source({ title: 'Own bucket', sourceType: 'S3', bucket: 'partner-drop', region: 'us-east-1', accessKey: 'S3RVER', secretKey: 'S3RVER', filePath: 'theirs' }),
      );
      const copy = await other.ok('cloudSource.duplicate', { id: own.id });
      expect(copy).toMatchObject({ hasSecretKey: false, accessKey: 'S3RVER', credentialsNeeded: true, status: 'INACTIVE' });
      expect((await other.call('cloudSource.save', { ...source(attack), id: copy.id, version: copy.version })).body).toMatchObject({
        errorCode: '400016',
        errorMessage: expect.stringContaining('A copy keeps no secret'),
      });
      expect(await runOnce(other, copy.id)).toMatchObject([{ status: 'FAILED', problem: 'credentials', rows: 0 }]);

      // the item written straight to the store (past every check of the save) runs, and reads nothing
      const store = new Store(herald.rt);
      const stored = (await store.scanAll('cloudSource')).find((x) => x.id === copy.id)!;
      await store.put('cloudSource', { ...stored, ...attack, credentialsNeeded: false });
      expect(await runOnce(other, copy.id)).toMatchObject([
        { status: 'FAILED', problem: 'credentials', rows: 0, created: 0, error: expect.stringContaining('no complete credentials') },
      ]);
      expect((await other.call('account.detail', { id: 'M0901' })).body.errorCode).toBe('720003');
      expect((await admin.call('account.detail', { id: 'M0901' })).body.errorCode).toBe('720003');
    } finally {
      for (const [name, value] of [
        ['AWS_ACCESS_KEY_ID', saved.id],
        ['AWS_SECRET_ACCESS_KEY', saved.secret],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('an SFTP source stored without a password or key does not connect', async () => {
    const saved = await saveTrusted(source({ title: 'No password', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/outbox' }));
    const store = new Store(herald.rt);
    const { passwordSealed: _p, ...stored } = (await store.scanAll('cloudSource')).find((x) => x.id === saved.id)!;
    await store.put('cloudSource', stored);
    const before = sftp.attempts.length;
    expect((await runAndWait(admin, saved.id))[0]).toMatchObject({ status: 'FAILED', problem: 'credentials' });
    expect(sftp.attempts.length).toBe(before);
  });
});

describe('roles (issue 19 item 2)', () => {
  it('are assumed with an external id Herald makes per source; the payload cannot set it; roles of its own account are refused', async () => {
    // a stand-in for STS that records what it is asked and hands out a session
    const asked: URLSearchParams[] = [];
    const sts = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        const params = new URLSearchParams(body);
        asked.push(params);
        res.setHeader('content-type', 'text/xml');
        // the test's clock (HERALD_TEST_START may shift it; Node's own Date header keeps the real one, which the SDK
        // would take for clock skew and retry the refusal below)
        res.setHeader('date', new Date().toUTCString());
        // a role whose trust policy does not name Herald: STS refuses as it does on AWS
        if (params.get('RoleArn')?.endsWith('/Untrusting')) {
          res.statusCode = 403;
          res.end(
            '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>User is not authorized to perform: sts:AssumeRole</Message></Error><RequestId>r</RequestId></ErrorResponse>',
          );
          return;
        }
        res.end(
          `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><Credentials><AccessKeyId>S3RVER</AccessKeyId><SecretAccessKey>role-secret</SecretAccessKey><SessionToken>role-token</SessionToken><Expiration>2099-01-01T00:00:00Z</Expiration></Credentials><AssumedRoleUser><Arn>arn:aws:sts::210987654321:assumed-role/HeraldReader/s</Arn><AssumedRoleId>AROA:s</AssumedRoleId></AssumedRoleUser></AssumeRoleResult></AssumeRoleResponse>`,
        );
      });
    });
    await new Promise<void>((r) => sts.listen(0, '127.0.0.1', r));
    const env = { ...process.env };
    process.env.AWS_ENDPOINT_URL_STS = `http://127.0.0.1:${(sts.address() as AddressInfo).port}`;
    process.env.AWS_ACCESS_KEY_ID = 'ASIAHERALDJOBWORKER';
    process.env.AWS_SECRET_ACCESS_KEY = 'the-job-role-secret';
    const config = herald.rt.config.cloudSources;
    try {
      await s3.send(new PutObjectCommand({ Bucket: 'partner-drop', Key: 'role/members_1.csv', Body: csv([HEADER, 'M0951,Role,role@example.com,gold']) }));
      const roleArn = 'arn:aws:iam::210987654321:role/HeraldReader';
      const payload = {
        ...source({ title: 'By role', sourceType: 'S3', bucket: 'partner-drop', region: 'us-east-1', roleArn, filePath: 'role' }),
        externalId: 'herald-chosen-by-caller',
      };
      const saved = await admin.ok('cloudSource.save', payload);
      expect(saved.externalId).toMatch(/^herald-[0-9a-f]{32}$/);
      // kept by later saves, whatever they send
      const again = await admin.ok('cloudSource.save', { ...payload, id: saved.id, version: saved.version, title: 'By role again' });
      expect(again.externalId).toBe(saved.externalId);
      expect((await runAndWait(admin, saved.id))[0]).toMatchObject({ status: 'DONE', created: 1 });
      expect(asked.map((p) => [p.get('Action'), p.get('RoleArn'), p.get('ExternalId')])).toEqual([['AssumeRole', roleArn, saved.externalId]]);
      // a copy answers to its own external id, made at its save
      const copy = await admin.ok('cloudSource.duplicate', { id: saved.id });
      expect(copy.externalId).toBeUndefined();
      const copySaved = await admin.ok('cloudSource.save', { ...payload, id: copy.id, version: copy.version });
      expect(copySaved.externalId).toMatch(/^herald-[0-9a-f]{32}$/);
      expect(copySaved.externalId).not.toBe(saved.externalId);

      // a role that does not trust Herald: the delivery says what its trust policy must hold
      const untrusting = await admin.ok(
        'cloudSource.save',
        source({ title: 'Untrusting', sourceType: 'S3', bucket: 'partner-drop', region: 'us-east-1', roleArn: 'arn:aws:iam::210987654321:role/Untrusting', filePath: 'role' }),
      );
      const [refused] = await runAndWait(admin, untrusting.id);
      expect(refused).toMatchObject({ status: 'FAILED', problem: 'roleRefused', error: expect.stringContaining('sts:ExternalId'), created: 0 });

      // the deployment's own account: refused at save, in the caller's language, and at run
      config.awsAccountId = '123456789012';
      config.jobRoleArn = 'arn:aws:iam::123456789012:role/HeraldApi-JobFunctionServiceRole';
      const ownRole = source({
        title: 'Own account',
        sourceType: 'S3',
        bucket: 'partner-drop',
        region: 'us-east-1',
        roleArn: 'arn:aws:iam::123456789012:role/cdk-hnb659fds-lookup-role',
      });
      expect((await admin.call('cloudSource.save', ownRole)).body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining("Herald's own AWS account") });
      expect((await admin.call('cloudSource.save', ownRole, { 'x-lang': 'ja' })).body.errorMessage).toContain('Herald 自身の AWS アカウント');
      expect((await admin.ok('cloudSource.detail', { id: saved.id })).trustPrincipal).toBe(config.jobRoleArn);
      const store = new Store(herald.rt);
      const stored = (await store.scanAll('cloudSource')).find((x) => x.id === saved.id)!;
      await store.put('cloudSource', { ...stored, roleArn: ownRole.roleArn });
      expect(await runOnce(admin, saved.id)).toMatchObject([{ status: 'FAILED', problem: 'ownAccountRole' }]);
      // (the first run and the untrusting one asked STS; the own-account role never reaches it)
      expect(asked).toHaveLength(2);
    } finally {
      config.awsAccountId = undefined;
      config.jobRoleArn = undefined;
      process.env = env;
      await new Promise<void>((r) => sts.close(() => r()));
    }
  });
});

describe('SFTP host keys (issue 19 item 3)', () => {
  it('are fetched without a credential, confirmed, and checked before every sign-in; a changed key sends nothing', async () => {
    const server = await startSftpServer();
    try {
      server.files.set('/keyed/members_1.csv', { data: Buffer.from(csv([HEADER, 'M0971,First,first@example.com,gold'])), mtime: 1_700_010_000 });
      const saved = await admin.ok(
        'cloudSource.save',
        source({ title: 'Pinned', host: '127.0.0.1', port: server.port, username: server.username, password: server.password, filePath: '/keyed' }),
      );
      expect(saved).toMatchObject({ hasPassword: true });
      expect(saved.hostKey).toBeUndefined();

      // first connection: the key is fetched and kept as pending, nothing is sent, nothing read
      const [first] = await runAndWait(admin, saved.id);
      expect(first).toMatchObject({ status: 'FAILED', problem: 'hostKeyUnconfirmed', rows: 0 });
      expect(server.attempts).toEqual([]);
      const pending = await admin.ok('cloudSource.detail', { id: saved.id });
      expect(pending).toMatchObject({ pendingHostKey: server.hostKey });
      expect(pending.hostKey).toBeUndefined();

      await admin.ok('cloudSource.confirmHostKey', { id: saved.id, fingerprint: pending.pendingHostKey! });
      expect(await runOnce(admin, saved.id)).toMatchObject([{ status: 'DONE', created: 1 }]);
      expect(server.attempts).toContainEqual({ method: 'password', password: server.password });
      const confirmed = await admin.ok('cloudSource.detail', { id: saved.id });
      expect(confirmed).toMatchObject({ hostKey: server.hostKey });
      expect(confirmed.pendingHostKey).toBeUndefined();

      // the server comes back with another key: no credential goes to it, nothing is imported
      const oldKey = server.hostKey;
      await server.restartWithNewHostKey();
      expect(server.hostKey).not.toBe(oldKey);
      server.attempts.length = 0;
      server.files.set('/keyed/members_2.csv', { data: Buffer.from(csv([HEADER, 'M0972,Second,second@example.com,gold'])), mtime: 1_700_010_100 });
      const [changed, ...more] = await runOnce(admin, saved.id);
      expect(more).toEqual([]);
      expect(changed).toMatchObject({ status: 'FAILED', problem: 'hostKeyChanged', rows: 0, error: expect.stringContaining('no password or key was sent') });
      expect(server.attempts).toEqual([]);
      expect(server.attempts.some((a) => a.password === server.password)).toBe(false);
      expect((await admin.call('account.detail', { id: 'M0972' })).body.errorCode).toBe('720003');
      expect(await admin.ok('cloudSource.detail', { id: saved.id })).toMatchObject({ hostKey: oldKey, pendingHostKey: server.hostKey });

      // the owner confirms the new key, and the next run imports
      await admin.ok('cloudSource.confirmHostKey', { id: saved.id, fingerprint: server.hostKey });
      expect(await runOnce(admin, saved.id)).toMatchObject([{ status: 'DONE', fileName: 'members_2.csv', created: 1 }]);
      expect(await admin.ok('account.detail', { id: 'M0972' })).toMatchObject({ lastName: 'Second' });

      // another server (host or port) forgets the key; a malformed fingerprint is refused
      const current = await admin.ok('cloudSource.detail', { id: saved.id });
      const moved = await admin.ok('cloudSource.save', {
        ...source({ title: 'Pinned', host: 'localhost', port: server.port, username: server.username, filePath: '/keyed' }),
        id: saved.id,
        version: current.version,
      });
      expect(moved.hostKey).toBeUndefined();
      expect((await admin.call('cloudSource.confirmHostKey', { id: saved.id, fingerprint: 'SHA256:short' })).body.errorCode).toBe('400016');
    } finally {
      await server.stop();
    }
  });
});

describe('outbound addresses (issue 19, SFTP host and port as an oracle)', () => {
  it('on AWS a source does not connect to loopback or private addresses, and says so the same way whether the port is open or not', async () => {
    const outbound = herald.rt.config.outbound;
    outbound.allowLoopback = false;
    try {
      const closed = await freePort();
      const errors: unknown[] = [];
      for (const [host, port] of [
        ['127.0.0.1', sftp.port],
        ['127.0.0.1', closed],
        ['localhost', sftp.port],
        ['0x7f000001', sftp.port],
        ['::ffff:127.0.0.1', sftp.port],
        ['10.0.0.1', 22],
        ['169.254.169.254', 22],
      ] as const) {
        const saved = await saveTrusted(source({ title: `Inside ${host}:${port}`, host, port, username: sftp.username, password: sftp.password, filePath: '/outbox' }));
        const before = sftp.attempts.length;
        const [run] = await runAndWait(admin, saved.id);
        expect(run).toMatchObject({ status: 'FAILED', problem: 'addressRefused' });
        expect(sftp.attempts.length).toBe(before);
        errors.push(run.error);
      }
      expect(new Set(errors).size).toBe(1);
    } finally {
      outbound.allowLoopback = true;
    }
  });

  it('a closed port, a filtered port and a port that is not SFTP answer alike, at the same mark (issue 38)', async () => {
    const config = herald.rt.config.cloudSources;
    const connectMs = config.sftpConnectMs;
    config.sftpConnectMs = 1500;
    const closed = await freePort();
    const filtered = await startFilteredPort();
    const web = createServer((_req, res) => res.end('not SFTP'));
    let webConnections = 0;
    web.on('connection', () => webConnections++);
    try {
      await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
      const answers: { error: unknown; problem: unknown; ms: number }[] = [];
      for (const port of [closed, filtered.port, (web.address() as AddressInfo).port]) {
        const saved = await saveTrusted(source({ title: `Port ${port}`, host: '127.0.0.1', port, username: sftp.username, password: sftp.password, filePath: '/outbox' }));
        const started = Date.now();
        const [run] = await runAndWait(admin, saved.id);
        answers.push({ error: run.error, problem: run.problem, ms: Date.now() - started });
      }
      expect(webConnections).toBeGreaterThan(0);
      expect(new Set(answers.map((a) => `${a.problem}: ${a.error}`))).toEqual(new Set(['unreachable: The server could not be reached.']));
      for (const { ms } of answers) expect(ms).toBeGreaterThanOrEqual(1500);
      const times = answers.map((a) => a.ms);
      expect(Math.max(...times) - Math.min(...times)).toBeLessThan(1000);
    } finally {
      config.sftpConnectMs = connectMs;
      filtered.stop();
      await new Promise((resolve) => web.close(resolve));
    }
  });
});

describe('loops and confirmation', () => {
  it('a loop fires on the clock; held deliveries wait; one is confirmed and another skipped', async () => {
    const saved = await saveTrusted(
      source({
        title: 'Held',
        host: '127.0.0.1',
        port: sftp.port,
        username: sftp.username,
        password: sftp.password,
        filePath: '/held',
        fileName: '*.csv',
        loopType: 'EVERY_5_MINUTES',
        status: 'ACTIVE',
        holdForConfirmation: true,
        alertTypes: ['HELD'],
        emailReceivers: ['approver@example.com'],
      }),
    );
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
    await expect
      .poll(async () => (await sentMail(herald)).some((m) => m.destination.to.includes('approver@example.com') && m.subject.includes('waiting for confirmation')))
      .toBe(true);

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
    expect((await deliveries(admin, saved.id)).find((d: { id: string }) => d.id === third.id)).toMatchObject({
      status: 'FAILED',
      error: expect.stringContaining('changed after its check'),
    });
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
      const saved = await saveTrusted(
        source({
          title: 'Long',
          host: '127.0.0.1',
          port: sftp.port,
          username: sftp.username,
          password: sftp.password,
          filePath: '/long',
          fileName: '*.csv',
          holdForConfirmation: true,
        }),
      );
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
      const saved = await saveTrusted(
        source({ title: `Names ${encoding}`, host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/enc', fileName, encoding }),
      );
      expect((await runAndWait(admin, saved.id))[0]).toMatchObject({ status: 'DONE', created: 1 });
      expect((await admin.ok('account.detail', { id })).lastName).toBe(name);
    }
  });

  it('a file in the wrong encoding fails naming the row; a header that differs fails; a large file stops at its limit', async () => {
    sftp.files.set('/bad/sjis.csv', {
      data: iconv.encode(csv([HEADER, 'M0401,Plain,plain@example.com,gold', 'M0402,山田,yamada@example.com,gold']), 'Shift_JIS'),
      mtime: 1_700_002_000,
    });
    const utf8 = await saveTrusted(
      source({ title: 'Wrong encoding', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/bad', fileName: 'sjis.csv' }),
    );
    expect((await runAndWait(admin, utf8.id))[0]).toMatchObject({ status: 'FAILED', error: "Row 3 is not UTF-8 text: choose the file's encoding." });

    sftp.files.set('/bad/header.csv', { data: Buffer.from(csv(['id,name,mail,group', 'M0403,A,a@example.com,gold'])), mtime: 1_700_002_000 });
    const header = await saveTrusted(
      source({ title: 'Header', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password, filePath: '/bad', fileName: 'header.csv' }),
    );
    expect((await runAndWait(admin, header.id))[0]).toMatchObject({ status: 'FAILED', error: "Column 1 of the header is 'id', not 'member_id'." });

    const rows = Array.from({ length: 30 }, (_, i) => `M${String(5000 + i)},N${i},n${i}@example.com,gold`);
    sftp.files.set('/bad/big.csv', { data: Buffer.from(csv([HEADER, ...rows])), mtime: 1_700_002_000 });
    const big = await saveTrusted(
      source({
        title: 'Big',
        host: '127.0.0.1',
        port: sftp.port,
        username: sftp.username,
        password: sftp.password,
        filePath: '/bad',
        fileName: 'big.csv',
        largeFileRowLimit: 10,
        holdForConfirmation: true,
      }),
    );
    expect((await runAndWait(admin, big.id))[0]).toMatchObject({ status: 'FAILED', error: expect.stringContaining('more than 10 data rows') });
  });

  it('first and last data rows bound what is read', async () => {
    sftp.files.set('/rows/r.csv', {
      data: Buffer.from(csv(['report of the day', HEADER, 'M0501,A,a5@example.com,gold', 'M0502,B,b5@example.com,gold', 'total 2'])),
      mtime: 1_700_003_000,
    });
    const saved = await saveTrusted(
      source({
        title: 'Rows',
        host: '127.0.0.1',
        port: sftp.port,
        username: sftp.username,
        password: sftp.password,
        filePath: '/rows',
        fileName: 'r.csv',
        firstDataRow: 3,
        lastDataRow: 4,
      }),
    );
    expect((await runAndWait(admin, saved.id))[0]).toMatchObject({ status: 'DONE', rows: 2, created: 2 });
  });
});

describe('uploads', () => {
  it('a file put to the upload link is read by the next run', async () => {
    const saved = await admin.ok('cloudSource.save', source({ title: 'Uploaded', sourceType: 'UPLOAD', fileName: '*.csv' }));
    const put = await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: saved.id, fileName: 'members.csv' }, csv([HEADER, 'M0601,Uploaded,up@example.com,gold']));
    expect(put.ok).toBe(true);
    expect((await runAndWait(admin, saved.id))[0]).toMatchObject({ status: 'DONE', created: 1, fileName: 'members.csv' });
    const sftpOnly = await saveTrusted(source({ title: 'Not upload', host: '127.0.0.1', port: sftp.port, username: sftp.username, password: sftp.password }));
    expect((await admin.call('cloudSource.uploadUrl', { id: sftpOnly.id, fileName: 'x.csv', size: 10 })).body.errorCode).toBe('720009');
    // a link is signed for one file's exact size and type, and none is made for an empty or too large file
    const link = new URL((await admin.ok('cloudSource.uploadUrl', { id: saved.id, fileName: 'next.csv', size: 1234 })).url);
    expect(link.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    for (const [size, message] of [
      [0, 'Please upload a file first.'],
      [2048 * 1024 * 1024 + 1, 'The maximum file size is 2GB, please re-upload!'],
    ] as const) {
      const refused = (await admin.call('cloudSource.uploadUrl', { id: saved.id, fileName: 'next.csv', size })).body;
      expect([refused.errorCode, refused.errorMessage]).toEqual(['400016', expect.stringContaining(message)]);
    }
  });
});

describe('uploads under another name', () => {
  it("records a file whose name does not match the source's pattern as a failed delivery, once", async () => {
    const saved = await admin.ok('cloudSource.save', source({ title: 'Named uploads', sourceType: 'UPLOAD', fileName: 'members*.csv' }));
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: saved.id, fileName: 'x.csv' }, csv([HEADER, 'M0701,Wrong,wrong@example.com,gold']));
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: saved.id, fileName: 'members-1.csv' }, csv([HEADER, 'M0702,Right,right@example.com,gold']));
    const first = await runAndWait(admin, saved.id);
    expect(first).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fileName: 'members-1.csv', status: 'DONE', created: 1 }),
        expect.objectContaining({
          fileName: 'x.csv',
          status: 'FAILED',
          problem: 'fileNameMismatch',
          error: "The file name x.csv does not match the source's pattern members*.csv.",
        }),
      ]),
    );
    // a second run does not record the same file again
    const second = await runAndWait(admin, saved.id);
    expect(second.filter((h: { fileName: string }) => h.fileName === 'x.csv')).toHaveLength(1);
  });
});

describe('rules and tenancy', () => {
  it("bad input gets the spec's messages", async () => {
    const bad = async (extra: Partial<CloudSourceSavePayload>) => (await admin.call('cloudSource.save', source({ host: 'h', username: 'u', password: 'p', ...extra }))).body;
    expect(await bad({ fileColumns: [{ columnId: '' } as never] })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('The Column Id is required!') });
    expect(await bad({ fileColumns: [] })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('The Column Id is required!') });
    expect(await bad({ fileColumns: [{ ...COLUMNS[0]!, regex: '([' }, ...COLUMNS.slice(1)] })).toMatchObject({
      errorMessage: expect.stringContaining('not a valid regular expression'),
    });
    expect(await bad({ uniqueIdField: 'nope' })).toMatchObject({ errorMessage: expect.stringContaining('Choose one of the file columns') });
    expect(await bad({ host: '' })).toMatchObject({ errorMessage: expect.stringContaining('Please input the host!') });
    expect(await bad({ password: undefined })).toMatchObject({ errorMessage: expect.stringContaining('password or the private key') });
    expect(await bad({ firstDataRow: 5, lastDataRow: 2 })).toMatchObject({ errorMessage: expect.stringContaining('last data row') });
    expect(await bad({ fileColumns: [...COLUMNS, { columnId: 'mail2', fieldType: 'email' }] })).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining("Only one column may fill 'email'"),
    });
    expect(await bad({ emailReceivers: ['not-an-address'] })).toMatchObject({ errorMessage: expect.stringContaining('Please enter the correct email address.') });
    expect(await bad({ fileName: 'a/b.csv' })).toMatchObject({ errorCode: '400016' });
  });

  it("another organization's sources, deliveries and records answer as missing", async () => {
    // (their session is refreshed first: the loops above moved the clock past its access token)
    // (only the two it made itself in the credential test above: its bucket, and the copy turned to the attack)
    expect((await other.ok('cloudSource.getListByPage', { page: 0, size: 100 })).list.map((s: { title: string }) => s.title).sort()).toEqual(['Own bucket', 'Their exports']);
    const ours = (await admin.ok('cloudSource.getListByPage', { page: 0, size: 100 })).list.find((s: { title: string }) => s.title === 'Bucket')!;
    const [delivery] = await deliveries(admin, ours.id);
    for (const [service, payload] of [
      ['cloudSource.detail', { id: ours.id }],
      ['cloudSource.runNow', { id: ours.id }],
      ['cloudSource.duplicate', { id: ours.id }],
      ['cloudSource.delete', { id: ours.id }],
      ['cloudSource.uploadUrl', { id: ours.id, fileName: 'x.csv', size: 10 }],
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
    expect(copy).toMatchObject({ title: 'Bucket (copy)', status: 'INACTIVE', hasSecretKey: false, accessKey: 'S3RVER', credentialsNeeded: true });
    const [delivery] = await deliveries(admin, ours.id);
    await admin.ok('cloudSource.deleteHistoryRecord', { sourceId: ours.id, id: delivery.id });
    expect(await deliveries(admin, ours.id)).toHaveLength(0);
    expect((await admin.call('cloudSourceRecord.getListByPage', { sourceId: ours.id, id: delivery.id })).body.errorCode).toBe('720003');
  });

  it('a deleted source takes its deliveries and their records with it', async () => {
    const saved = await admin.ok('cloudSource.save', source({ title: 'Short lived', sourceType: 'UPLOAD', fileName: '*.csv' }));
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: saved.id, fileName: 'gone.csv' }, csv([HEADER, 'bad id,Gone,gone@example.com,gold']));
    const [delivery] = await runAndWait(admin, saved.id);
    expect(delivery).toMatchObject({ invalid: 1 });
    await admin.ok('cloudSource.delete', { id: saved.id });
    await drained();
    const store = new Store(herald.rt);
    expect(await store.forOrg(1).keyed('cloudSourceHistory').list(saved.id)).toEqual([]);
    expect(await store.queryAll('cloudSourceRecord', { name: 'recordKey', value: cloudRecordKeyOf(1, saved.id, delivery.id) })).toEqual([]);
  });
});
