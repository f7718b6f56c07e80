/** Every error path of the envelope API, against the real router on DynamoDB Local. */
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, goodHeaders, rawPost, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
const API = '/service/web/api/index';
const logLines: string[] = [];

beforeAll(async () => {
  herald = await startHerald({ logLevel: 'info', logSink: (l) => logLines.push(l) });
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

function expectFailure(r: { status: number; json?: any }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.json?.state).toBe('F');
  expect(r.json?.errorCode).toBe(code);
  expect(typeof r.json?.errorMessage).toBe('string');
}

describe('initRequest', () => {
  it('answers the auth type and version', async () => {
    const r = await rawPost(herald, '/service/web/api/index/initRequest', '{}', { 'content-type': 'application/json' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ state: 'S', payload: { authType: 'NONE', version: '4.1.0' } });
  });
  it('refuses other methods with 400005', async () => {
    const res = await fetch(`${herald.url}/service/web/api/index/initRequest`);
    expect(res.status).toBe(405);
    expect((await res.json()).errorCode).toBe('400005');
  });
});

describe('envelope errors', () => {
  it('unknown app key: 400001', async () => {
    expectFailure(await rawPost(herald, API, JSON.stringify({ service: 'auth.init', payload: {} }), goodHeaders(herald, { 'x-app-key': 'nope' })), 400, '400001');
  });

  it('unknown service: 400011', async () => {
    expectFailure(await rawPost(herald, API, JSON.stringify({ service: 'user.hack', payload: {} }), goodHeaders(herald)), 404, '400011');
  });

  it('malformed body: 401002', async () => {
    for (const body of ['{not json', '[]', 'null', '"text"', JSON.stringify({ payload: {} }), JSON.stringify({ service: 42 })]) {
      expectFailure(await rawPost(herald, API, body, goodHeaders(herald)), 400, '401002');
    }
  });

  it('missing or bad headers: 401001', async () => {
    const h = goodHeaders(herald);
    for (const drop of ['x-device-id', 'x-app-key', 'x-timestamp']) {
      const headers = { ...h };
      delete headers[drop as keyof typeof headers];
      expectFailure(await rawPost(herald, API, '{"service":"auth.init"}', headers), 400, '401001');
    }
    expectFailure(await rawPost(herald, API, '{"service":"auth.init"}', { ...h, 'x-timestamp': 'yesterday' }), 400, '401001');
    expectFailure(await rawPost(herald, API, '{"service":"auth.init"}', { ...h, 'x-device-id': 'a b<script>' }), 400, '401001');
  });

  it('wrong content type: 400015', async () => {
    expectFailure(await rawPost(herald, API, '{"service":"auth.init"}', goodHeaders(herald, { 'content-type': 'text/plain' })), 415, '400015');
  });

  it('clock skew over 5 minutes: 401005, within it: accepted', async () => {
    const body = JSON.stringify({ service: 'auth.init', payload: {} });
    const now = Date.now();
    expectFailure(await rawPost(herald, API, body, goodHeaders(herald, { 'x-timestamp': String(now - 5 * 60_000 - 5_000) })), 400, '401005');
    expectFailure(await rawPost(herald, API, body, goodHeaders(herald, { 'x-timestamp': String(now + 6 * 60_000) })), 400, '401005');
    const ok = await rawPost(herald, API, body, goodHeaders(herald, { 'x-timestamp': String(now - 4 * 60_000) }));
    expect(ok.json?.state).toBe('S');
  });

  it('payload failing its schema: 400016 naming the field', async () => {
    const r = await rawPost(herald, API, JSON.stringify({ service: 'auth.login', payload: { username: 'admin', password: 7 } }), goodHeaders(herald));
    expectFailure(r, 400, '400016');
    expect(r.json.errorMessage).toContain('payload.password');
    const r2 = await admin.call('userRole.save', { name: 'x', code: 'bad code!', permissions: [] });
    expect(r2.body.errorCode).toBe('400016');
    expect(r2.body.errorMessage).toContain('payload.code');
    const r3 = await admin.call('userRole.save', { name: 'x', code: 'OK', permissions: ['NOT_A_PERMISSION'] });
    expect(r3.body.errorMessage).toContain('payload.permissions.0');
  });

  it('missing token: 400018; bad or forged token: 710005', async () => {
    const anon = new ApiClient(herald);
    expect((await anon.call('user.getListByPage', { page: 0, size: 10 })).body.errorCode).toBe('400018');
    anon.token = 'not-a-jwt';
    expect((await anon.call('user.getListByPage', { page: 0, size: 10 })).body.errorCode).toBe('710005');
    const [h, p] = admin.token!.split('.');
    anon.token = `${h}.${p}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    const r = await anon.call('user.getListByPage', { page: 0, size: 10 });
    expect(r.status).toBe(401);
    expect(r.body.errorCode).toBe('710005');
  });

  it('body over the size limit: 413 with a catalogue code, and the server stays up', async () => {
    const huge = JSON.stringify({ service: 'auth.init', payload: { x: 'a'.repeat(3 * 1024 * 1024) } });
    const r = await rawPost(herald, API, huge, goodHeaders(herald));
    expectFailure(r, 413, '401002');
    expect((await admin.call('auth.validToken')).body.state).toBe('S');
  });

  it('messages come in the caller language', async () => {
    const r = await rawPost(herald, API, JSON.stringify({ service: 'nope.nope' }), goodHeaders(herald, { 'x-lang': 'ja' }));
    expect(r.json.errorMessage).toContain('API が存在しません');
    expect(r.json.error).toBe('The API does not exist.');
  });

  it('a body that is gzip garbage in NONE mode is a catalogue error, not a crash', async () => {
    const r = await rawPost(herald, API, gzipSync('{"service":"auth.init"}'), goodHeaders(herald));
    expectFailure(r, 400, '401002');
  });
});

describe('unexpected failures', () => {
  it('answer 400000 without a stack trace and log the details as one structured line', async () => {
    const broken = await startHerald({ logLevel: 'info', logSink: (l) => logLines.push(l) });
    const c = new ApiClient(broken);
    await c.login();
    await broken.rt.aws.dynamo.send(new DeleteTableCommand({ TableName: `${broken.rt.config.tablePrefix}userRole` }));
    const r = await c.call('userRole.getListByPage', { page: 0, size: 10 });
    expect(r.status).toBe(500);
    expect(r.body.errorCode).toBe('400000');
    expect(JSON.stringify(r.body)).not.toMatch(/ResourceNotFound|at .*\.ts|stack/i);
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unexpected error');
    expect(line).toBeDefined();
    expect(line.level).toBe('error');
    expect(line.stack).toContain('ResourceNotFound');
    expect(JSON.stringify(logLines)).not.toContain(c.token!);
    await broken.stop();
  });
});
