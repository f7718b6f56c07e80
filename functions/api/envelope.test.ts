import { gzipSync } from 'node:zlib';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as browser from '../../shared/envelope';
import { AppError } from '../../shared/errors';
import * as router from './envelope';

const SECRET = 'unit-test-secret';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : `not an AppError: ${String(e)}`;
  }
  return undefined;
}

/** AES-256-CBC of `plain` as both codecs frame it (IV first, base64), for payloads neither codec would write. */
function sealed(plain: Buffer, secret = SECRET): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', createHash('sha256').update(secret).digest(), iv);
  return Buffer.concat([iv, cipher.update(plain), cipher.final()]).toString('base64');
}

describe("the router's envelope codec (Node's crypto and zlib)", () => {
  const value = { name: '日本語 and 中文', n: 42, list: [1, 2, 3], nested: { ok: true }, emoji: '🎉' };

  it("reads what the browser's codec writes, and writes what it reads", () => {
    expect(router.decryptPayload(browser.encryptPayload(value, SECRET), SECRET)).toEqual(value);
    expect(browser.decryptPayload(router.encryptPayload(value, SECRET), SECRET)).toEqual(value);
    expect(router.encryptPayload(value, SECRET)).not.toBe(router.encryptPayload(value, SECRET));
  });

  it('signs as the browser does and refuses a missing or wrong signature', () => {
    const text = router.encryptPayload(value, SECRET);
    expect(router.signPayload(text, SECRET)).toBe(browser.signPayload(text, SECRET));
    expect(codeOf(() => router.verifySign(text, browser.signPayload(text, SECRET).toUpperCase(), SECRET))).toBeUndefined();
    expect(codeOf(() => router.verifySign(text, undefined, SECRET))).toBe('400008');
    expect(codeOf(() => router.verifySign(text, '', SECRET))).toBe('400008');
    expect(codeOf(() => router.verifySign(text, router.signPayload(text, 'other'), SECRET))).toBe('400009');
    expect(codeOf(() => router.verifySign(text, 'abc', SECRET))).toBe('400009');
  });

  it('answers the same catalogue codes as the browser codec for every kind of bad payload', () => {
    const bad: unknown[] = [
      'not base64 !',
      42,
      '',
      'abc',
      Buffer.alloc(20).toString('base64'),
      Buffer.alloc(48).toString('base64'),
      sealed(Buffer.from('{"a":1}')),
      sealed(gzipSync(Buffer.from('{"a":'))),
      sealed(gzipSync(Buffer.from([0xff, 0xfe, 0x7b]))),
    ];
    // a wrong key: Node checks the padding in full, crypto-js does not, so either refusal may come first
    expect(codeOf(() => router.decryptPayload(browser.encryptPayload({ a: 1 }, 'wrong-secret'), SECRET))).toMatch(/^4000(07|10)$/);
    for (const text of bad) {
      const code = codeOf(() => router.decryptPayload(text, SECRET));
      expect(code, String(text)).toMatch(/^4000(07|10)$/);
      expect(code, String(text)).toBe(codeOf(() => browser.decryptPayload(text, SECRET)));
    }
  });

  it('stops inflating a gzip bomb at the limit with HTTP 413', () => {
    const bomb = sealed(gzipSync(Buffer.alloc(20 * 1024 * 1024, 32)));
    let err: unknown;
    try {
      router.decryptPayload(bomb, SECRET, 1024 * 1024);
    } catch (e) {
      err = e;
    }
    expect((err as AppError).code).toBe('401002');
    expect((err as AppError).status).toBe(413);
    // exactly at the limit is still read
    const atLimit = JSON.stringify('x'.repeat(1000 - 2));
    expect(router.decryptPayload(sealed(gzipSync(Buffer.from(atLimit))), SECRET, 1000)).toBe(JSON.parse(atLimit));
  });
});
