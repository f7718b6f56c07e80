/**
 * Property: any malformed envelope (bad JSON, wrong types, huge strings, unknown services, bad encodings,
 * bad headers) gets a catalogue error with a 4xx status: never a 5xx, never a hang.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ERROR_CATALOGUE } from '../../shared/errors';
import { CATALOGUE } from '../../shared/services';
import { goodHeaders, startHerald } from '../support/herald';

let plain: LocalHerald;
let aes: LocalHerald;

beforeAll(async () => {
  [plain, aes] = await Promise.all([startHerald(), startHerald({ config: { authType: 'AES256' } })]);
});
afterAll(async () => {
  await Promise.all([plain?.stop(), aes?.stop()]);
});

const services = [...CATALOGUE.keys()];
const notAnObject = fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 50 }), fc.boolean(), fc.constant(null), fc.array(fc.anything(), { maxLength: 5 }));

/** A request: body bytes and header changes. */
type Probe = { body: string | Uint8Array; headers?: Record<string, string | undefined> };

const probes: fc.Arbitrary<Probe> = fc.oneof(
  // bad JSON
  fc
    .string({ maxLength: 200 })
    .filter((s) => {
      try {
        const v = JSON.parse(s);
        return typeof v !== 'object' || v === null || Array.isArray(v);
      } catch {
        return true;
      }
    })
    .map((body) => ({ body })),
  // wrong types for service and payload
  fc
    .record({ service: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string()), fc.object(), fc.constant('')), payload: fc.anything() })
    .map((o) => ({ body: JSON.stringify(o) })),
  // unknown services
  fc.record({ service: fc.string({ minLength: 1, maxLength: 100 }).filter((s) => !CATALOGUE.has(s)), payload: fc.object() }).map((o) => ({ body: JSON.stringify(o) })),
  // known services with payloads of the wrong shape
  fc.record({ service: fc.constantFrom(...services), payload: notAnObject }).map((o) => ({ body: JSON.stringify(o) })),
  // huge strings
  fc.record({ size: fc.integer({ min: 100_000, max: 3_000_000 }), where: fc.constantFrom('service', 'payload', 'junk') }).map(({ size, where }) => {
    const big = 'x'.repeat(size);
    const o = where === 'service' ? { service: big } : where === 'payload' ? { service: 'auth.login', payload: { username: big, password: big } } : { service: 'nope', junk: big };
    return { body: JSON.stringify(o) };
  }),
  // bad encodings: raw bytes, invalid UTF-8
  fc.uint8Array({ minLength: 1, maxLength: 500 }).map((bytes) => ({ body: bytes })),
  fc.constantFrom(new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]), new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])).map((body) => ({ body })),
  // bad headers on an otherwise fine request
  fc
    .record({
      header: fc.constantFrom('x-device-id', 'x-app-key', 'x-timestamp', 'content-type'),
      value: fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 300 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
        fc.constantFrom('0', '99999999999999999', 'application/xml'),
      ),
    })
    .filter(({ header, value }) => !(header === 'content-type' && value !== undefined && /^application\/json\b/i.test(value)))
    .map(({ header, value }) => ({ body: JSON.stringify({ service: 'user.getListByPage', payload: { page: 0, size: 10 } }), headers: { [header]: value } })),
);

async function send(herald: LocalHerald, probe: Probe) {
  const headers: Record<string, string> = goodHeaders(herald);
  for (const [k, v] of Object.entries(probe.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  const res = await fetch(`${herald.url}/service/web/api/index`, { method: 'POST', headers, body: probe.body as BodyInit, signal: AbortSignal.timeout(10_000) });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

function expectCatalogueError(r: { status: number; json: any }) {
  expect(r.status).toBeGreaterThanOrEqual(400);
  expect(r.status).toBeLessThan(500);
  expect(r.json?.state).toBe('F');
  expect(Object.keys(ERROR_CATALOGUE)).toContain(r.json?.errorCode);
}

describe('malformed envelopes', () => {
  it('1,000 random malformed envelopes in NONE mode all get 4xx catalogue errors', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(probes, async (probe) => {
        const r = await send(plain, probe);
        expectCatalogueError(r);
        seen.add(r.json.errorCode);
      }),
      { numRuns: 1000 },
    );
    // The generators reach the main refusal paths.
    for (const code of ['401002', '400011', '400016', '400018', '401001', '400015']) expect(seen, code).toContain(code);
  });

  it('300 random payload strings and signatures in AES256 mode all get 4xx catalogue errors', async () => {
    const aesProbe = fc.record({
      service: fc.constantFrom(...services),
      payload: fc.oneof(
        fc.string({ maxLength: 400 }),
        fc.base64String({ maxLength: 400 }),
        fc.uint8Array({ minLength: 16, maxLength: 256 }).map((b) => Buffer.from(b).toString('base64')),
        notAnObject,
      ),
      sign: fc.oneof(fc.constant(undefined), fc.stringMatching(/^[0-9a-f]{64}$/), fc.string({ maxLength: 80 })),
    });
    await fc.assert(
      fc.asyncProperty(aesProbe, async (o) => expectCatalogueError(await send(aes, { body: JSON.stringify(o) }))),
      { numRuns: 300 },
    );
  });
});
