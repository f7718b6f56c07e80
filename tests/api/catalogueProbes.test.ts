/**
 * Generated over the catalogue: every operation, called by a signed-in administrator (who passes every
 * permission check) with payloads of the wrong shape, answers a catalogue error with a 4xx status and stores
 * nothing it should not: bad input never reaches a handler as a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ERROR_CATALOGUE } from '../../shared/errors';
import { CATALOGUE } from '../../shared/services';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

/** Sessions end or change with these; they are probed elsewhere (session.test.ts). */
const SKIP = new Set(['auth.logout', 'user.switchOrganization']);
const BAD_PAYLOADS: unknown[] = ['a string', [1, 2, 3], 42, { id: 123, page: -1, size: 1e9, name: { nested: true } }, { id: 'x'.repeat(5000) }];

const SURROGATES = '\uD800x\uDC00';
/** Strings with lone surrogates, in fields many operations name, and keys that reach prototypes when indexed. */
const HOSTILE_PAYLOADS: unknown[] = [
  { id: `a${SURROGATES}`, name: SURROGATES, title: SURROGATES, keyword: SURROGATES, path: SURROGATES, page: 1, size: 10 },
  { list: [{ deep: [`x${SURROGATES}`] }], [`key${SURROGATES}`]: 'x' },
  JSON.parse('{"id": "x", "__proto__": {"polluted": "yes"}, "attributes": {"__proto__": {"polluted": "yes"}}}'),
  { id: 'x', name: 'x', attributes: { constructor: 'x', prototype: 'y' } },
  { id: 'x', settings: { constructor: { prototype: { polluted: 'yes' } } } },
];

describe.each([...CATALOGUE.keys()].filter((s) => !SKIP.has(s)))('%s', (service) => {
  it('refuses lone surrogates and prototype keys anywhere in a payload with 400016, never a 5xx', async () => {
    for (const payload of HOSTILE_PAYLOADS) {
      const r = await admin.call(service, payload);
      const shown = `${service} ${JSON.stringify(payload).slice(0, 60)}`;
      expect(r.status, shown).toBeLessThan(500);
      expect([r.body.state, r.body.errorCode], shown).toEqual(['F', '400016']);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers wrong-shaped payloads with a catalogue error, never a 5xx', async () => {
    for (const payload of BAD_PAYLOADS) {
      const r = await admin.call(service, payload);
      expect(r.status, `${service} ${JSON.stringify(payload).slice(0, 40)}`).toBeLessThan(500);
      if (r.body.state !== 'S') expect(Object.keys(ERROR_CATALOGUE)).toContain(r.body.errorCode);
      // a payload that is not an object is never taken as one
      if (typeof payload !== 'object' || Array.isArray(payload)) expect(r.body.state, service).toBe('F');
    }
  });
});
