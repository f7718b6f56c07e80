import { gzip } from 'pako';
import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { decryptPayload, encodeRequest, encryptPayload, signPayload, verifySign } from './envelope';

const SECRET = 'unit-test-secret';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : `not an AppError: ${String(e)}`;
  }
  return undefined;
}

describe('envelope codec', () => {
  it('round-trips unicode payloads through gzip + AES-256 + base64', () => {
    const value = { name: '日本語 and 中文', n: 42, list: [1, 2, 3], nested: { ok: true } };
    const encoded = encryptPayload(value, SECRET);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decryptPayload(encoded, SECRET)).toEqual(value);
  });

  it('uses a fresh IV each time', () => {
    expect(encryptPayload({ a: 1 }, SECRET)).not.toBe(encryptPayload({ a: 1 }, SECRET));
  });

  it('signs with HMAC-SHA256 and rejects a wrong or missing signature', () => {
    const body = encodeRequest('auth.login', { username: 'a' }, 'AES256', SECRET) as { payload: string; sign: string };
    expect(body.sign).toBe(CryptoJS.HmacSHA256(body.payload, SECRET).toString());
    expect(codeOf(() => verifySign(body.payload, body.sign, SECRET))).toBeUndefined();
    expect(codeOf(() => verifySign(body.payload, undefined, SECRET))).toBe('400008');
    expect(codeOf(() => verifySign(body.payload, signPayload(body.payload, 'other'), SECRET))).toBe('400009');
  });

  it('answers catalogue codes for undecodable payloads', () => {
    expect(codeOf(() => decryptPayload('not base64 !', SECRET))).toBe('400010');
    expect(codeOf(() => decryptPayload(42, SECRET))).toBe('400010');
    expect(codeOf(() => decryptPayload(Buffer.alloc(20).toString('base64'), SECRET))).toBe('400007');
    expect(codeOf(() => decryptPayload(encryptPayload({ a: 1 }, 'wrong-secret'), SECRET))).toMatch(/^4000(07|10)$/);
  });

  it('refuses data that is not gzip, and JSON that is not JSON', () => {
    const key = CryptoJS.SHA256(SECRET);
    const iv = CryptoJS.lib.WordArray.random(16);
    const plain = CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse('{"a":1}'), key, { iv });
    const notGzip = iv.clone().concat(plain.ciphertext).toString(CryptoJS.enc.Base64);
    expect(codeOf(() => decryptPayload(notGzip, SECRET))).toBe('400010');
  });

  it('stops inflating a gzip bomb at the limit with HTTP 413', () => {
    const bomb = gzip(new Uint8Array(20 * 1024 * 1024).fill(32));
    expect(bomb.length).toBeLessThan(100_000);
    const key = CryptoJS.SHA256(SECRET);
    const iv = CryptoJS.lib.WordArray.random(16);
    const w: number[] = [];
    for (const [i, b] of bomb.entries()) w[i >>> 2] |= b << (24 - (i % 4) * 8);
    const cipher = CryptoJS.AES.encrypt(CryptoJS.lib.WordArray.create(w, bomb.length), key, { iv });
    const encoded = iv.clone().concat(cipher.ciphertext).toString(CryptoJS.enc.Base64);
    let err: unknown;
    try {
      decryptPayload(encoded, SECRET, 1024 * 1024);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('401002');
    expect((err as AppError).status).toBe(413);
  });

  it('leaves NONE-mode requests as plain JSON', () => {
    expect(encodeRequest('auth.init', { a: 1 }, 'NONE', SECRET)).toEqual({ service: 'auth.init', payload: { a: 1 } });
  });
});
