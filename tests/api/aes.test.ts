/** AES256 envelope mode end to end: encrypted, signed payloads both ways, and every decoding failure. */
import CryptoJS from 'crypto-js';
import { gzip } from 'pako';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { encryptPayload, signPayload } from '../../shared/envelope';
import { ApiClient, goodHeaders, rawPost, startHerald } from '../support/herald';

let herald: LocalHerald;
let secret: string;
const API = '/service/web/api/index';

beforeAll(async () => {
  herald = await startHerald({ config: { authType: 'AES256' } });
  secret = herald.seed.portalAppSecret;
});
afterAll(() => herald?.stop());

const post = (body: unknown) => rawPost(herald, API, JSON.stringify(body), goodHeaders(herald));

describe('AES256 mode', () => {
  it('initRequest and the web config announce AES256 and hand the portal its key', async () => {
    const init = await rawPost(herald, '/service/web/api/index/initRequest', '{}', { 'content-type': 'application/json' });
    expect(init.json?.payload).toEqual({ authType: 'AES256', version: '4.1.0' });
    const cfg = await (await fetch(`${herald.url}/service/web/config`)).json();
    expect(cfg).toEqual({ appKey: 'portal', authType: 'AES256', appSecret: secret });
  });

  it('signs in and lists users with encrypted payloads both ways', async () => {
    const c = new ApiClient(herald);
    const signIn = await c.login();
    expect(signIn.userdetails.username).toBe('admin');
    const raw = await c.call('user.getListByPage', { page: 0, size: 10 });
    expect(typeof raw.body.payload).toBe('string');
    expect(raw.body.sign).toBe(signPayload(raw.body.payload as string, secret));
    expect((raw.payload as any).total).toBe(1);
  });

  it('refuses a plain JSON payload: 400010', async () => {
    const r = await post({ service: 'auth.init', payload: {} });
    expect(r.status).toBe(400);
    expect(r.json?.errorCode).toBe('400010');
  });

  it('missing signature: 400008; wrong signature: 400009', async () => {
    const payload = encryptPayload({}, secret);
    expect((await post({ service: 'auth.init', payload })).json?.errorCode).toBe('400008');
    expect((await post({ service: 'auth.init', payload, sign: signPayload(payload, 'wrong') })).json?.errorCode).toBe('400009');
  });

  it('payload encrypted with another key: 400007 or 400010', async () => {
    const payload = encryptPayload({}, 'another-secret');
    const r = await post({ service: 'auth.init', payload, sign: signPayload(payload, secret) });
    expect(r.status).toBe(400);
    expect(['400007', '400010']).toContain(r.json?.errorCode);
  });

  it('not base64: 400010; not AES blocks: 400007', async () => {
    expect((await post({ service: 'auth.init', payload: '%%%', sign: signPayload('%%%', secret) })).json?.errorCode).toBe('400010');
    const short = Buffer.alloc(24).toString('base64');
    expect((await post({ service: 'auth.init', payload: short, sign: signPayload(short, secret) })).json?.errorCode).toBe('400007');
  });

  it('a gzip bomb is stopped at the inflate limit with HTTP 413', async () => {
    const bomb = gzip(new Uint8Array(64 * 1024 * 1024).fill(32));
    const words: number[] = [];
    for (const [i, b] of bomb.entries()) words[i >>> 2] |= b << (24 - (i % 4) * 8);
    const iv = CryptoJS.lib.WordArray.random(16);
    const cipher = CryptoJS.AES.encrypt(CryptoJS.lib.WordArray.create(words, bomb.length), CryptoJS.SHA256(secret), { iv });
    const payload = iv.clone().concat(cipher.ciphertext).toString(CryptoJS.enc.Base64);
    const before = process.memoryUsage().rss;
    const r = await post({ service: 'auth.login', payload, sign: signPayload(payload, secret) });
    expect(r.status).toBe(413);
    expect(r.json?.errorCode).toBe('401002');
    expect(process.memoryUsage().rss - before).toBeLessThan(48 * 1024 * 1024);
  });

  it('errors are not encrypted, so a client can always read them', async () => {
    const c = new ApiClient(herald);
    const r = await c.call('auth.login', { username: 'admin', password: 'Wrong@123' });
    expect(r.body).toMatchObject({ state: 'F', errorCode: '710002', payload: null });
  });
});
