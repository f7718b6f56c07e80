/**
 * The router's codec of the AES256 envelope (shared/envelope.ts has the format and the browser's codec), on Node's
 * crypto and zlib: the same bytes and the same refusals, without crypto-js and pako in the router's bundle.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { isBase64, MAX_PAYLOAD_BYTES } from '../../shared/envelopeFormat';
import { AppError } from '../../shared/errors';
import { say } from '../../shared/i18n/say';

const keyOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

export function signPayload(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

export function verifySign(payload: string, sign: unknown, secret: string): void {
  if (typeof sign !== 'string' || sign.length === 0) throw new AppError('400008');
  const expected = Buffer.from(signPayload(payload, secret));
  const given = Buffer.from(sign.toLowerCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('400009');
}

export function encryptPayload(value: unknown, secret: string): string {
  return encryptJson(JSON.stringify(value ?? null), secret);
}

export function encryptJson(json: string, secret: string): string {
  const zipped = gzipSync(Buffer.from(json, 'utf8'));
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', keyOf(secret), iv);
  return Buffer.concat([iv, cipher.update(zipped), cipher.final()]).toString('base64');
}

export function decryptPayload(text: unknown, secret: string, limit = MAX_PAYLOAD_BYTES): unknown {
  if (typeof text !== 'string' || text.length === 0 || !isBase64(text)) throw new AppError('400010', say('request.notBase64'));
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length < 32 || bytes.length % 16 !== 0) throw new AppError('400007', say('request.notAes'));
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', keyOf(secret), bytes.subarray(0, 16));
    plain = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]);
  } catch {
    throw new AppError('400007', say('request.notDecrypted'));
  }
  if (plain.length === 0) throw new AppError('400007', say('request.notDecrypted'));
  let inflated: Buffer;
  try {
    // zlib stops at the limit, so a gzip bomb never inflates in full
    inflated = gunzipSync(plain, { maxOutputLength: limit });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new AppError('401002', say('request.inflates', { limit }), undefined, 413);
    throw new AppError('400010', say('request.notGzip'));
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated));
  } catch {
    throw new AppError('400010', say('request.notUtf8'));
  }
}
