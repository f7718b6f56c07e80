/**
 * The `{service, payload}` envelope codec of the browser: JSON, gzip, AES-256-CBC (key SHA-256 of the secret), base64, HMAC-SHA256 sign.
 * With the secret in the browser this is obfuscation, not secrecy: TLS and server-side checks protect data.
 * The router has its own on Node's crypto (functions/api/envelope.ts), keeping crypto-js and pako out of its bundle.
 */
import CryptoJS from 'crypto-js';
import { Inflate, gzip } from 'pako';
import { AppError } from './errors';
import { type AuthType, isBase64, MAX_PAYLOAD_BYTES, type ResponseEnvelope } from './envelopeFormat';
import { say } from './i18n/say';

export { AUTH_TYPES, type AuthType, isBase64, MAX_PAYLOAD_BYTES, type ResponseEnvelope } from './envelopeFormat';

function bytesToWords(bytes: Uint8Array): CryptoJS.lib.WordArray {
  const words: number[] = [];
  for (let i = 0; i < bytes.length; i++) words[i >>> 2] |= bytes[i] << (24 - (i % 4) * 8);
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

function wordsToBytes(words: CryptoJS.lib.WordArray): Uint8Array {
  const out = new Uint8Array(Math.max(words.sigBytes, 0));
  for (let i = 0; i < out.length; i++) out[i] = (words.words[i >>> 2] >>> (24 - (i % 4) * 8)) & 0xff;
  return out;
}

function keyOf(secret: string): CryptoJS.lib.WordArray {
  return CryptoJS.SHA256(secret);
}

export function signPayload(payload: string, secret: string): string {
  return CryptoJS.HmacSHA256(payload, secret).toString(CryptoJS.enc.Hex);
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export function verifySign(payload: string, sign: unknown, secret: string): void {
  if (typeof sign !== 'string' || sign.length === 0) throw new AppError('400008');
  if (!constantTimeEqual(signPayload(payload, secret), sign.toLowerCase())) throw new AppError('400009');
}

export function encryptPayload(value: unknown, secret: string): string {
  const json = JSON.stringify(value ?? null);
  const zipped = gzip(new TextEncoder().encode(json));
  const iv = CryptoJS.lib.WordArray.random(16);
  const cipher = CryptoJS.AES.encrypt(bytesToWords(zipped), keyOf(secret), { iv });
  return iv.clone().concat(cipher.ciphertext).toString(CryptoJS.enc.Base64);
}

function inflateLimited(data: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflator = new Inflate();
  inflator.onData = (chunk: Uint8Array) => {
    total += chunk.length;
    if (total > limit) throw new AppError('401002', say('request.inflates', { limit }), undefined, 413);
    chunks.push(chunk);
  };
  inflator.push(data, true);
  if (inflator.err || !inflator.ended) throw new AppError('400010', say('request.notGzip'));
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

export function decryptPayload(text: unknown, secret: string, limit = MAX_PAYLOAD_BYTES): unknown {
  if (typeof text !== 'string' || text.length === 0 || text.length % 4 !== 0 || !isBase64(text)) {
    throw new AppError('400010', say('request.notBase64'));
  }
  const raw = CryptoJS.enc.Base64.parse(text);
  if (raw.sigBytes < 32 || raw.sigBytes % 16 !== 0) throw new AppError('400007', say('request.notAes'));
  const bytes = wordsToBytes(raw);
  const iv = bytesToWords(bytes.subarray(0, 16));
  const ciphertext = bytesToWords(bytes.subarray(16));
  let plain: Uint8Array;
  try {
    const decrypted = CryptoJS.AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), keyOf(secret), { iv });
    if (decrypted.sigBytes <= 0) throw new Error('bad padding');
    plain = wordsToBytes(decrypted);
  } catch {
    throw new AppError('400007', say('request.notDecrypted'));
  }
  let inflated: Uint8Array;
  try {
    inflated = inflateLimited(plain, limit);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError('400010', say('request.notGzip'));
  }
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(inflated));
  } catch {
    throw new AppError('400010', say('request.notUtf8'));
  }
}

export function encodeRequest(service: string, payload: unknown, authType: AuthType, secret: string) {
  if (authType === 'NONE') return { service, payload: payload ?? {} };
  const encoded = encryptPayload(payload ?? {}, secret);
  return { service, payload: encoded, sign: signPayload(encoded, secret) };
}

export function decodeResponsePayload(envelope: ResponseEnvelope, authType: AuthType, secret: string): unknown {
  if (authType === 'NONE' || envelope.state !== 'S') return envelope.payload;
  verifySign(envelope.payload as string, envelope.sign, secret);
  return decryptPayload(envelope.payload, secret, Number.MAX_SAFE_INTEGER);
}
