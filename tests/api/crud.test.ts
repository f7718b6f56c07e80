/**
 * The generic CRUD stack, generated over every entity the registry marks `crud`: list, filters, sorting,
 * pickers, detail, versioned edits, unique values, delete, bad input, permissions and tenant isolation.
 */
import { randomUUID } from 'node:crypto';
import { textsIn } from '../../shared/i18n';
import type * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { CRUD_ENTITIES, type CrudEntityDef } from '../../shared/services';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
/** administrator of organization 2 only */
let other: ApiClient;
/** a member of organization 1 without any permission */
let nobody: ApiClient;

/** A value the entity's schema accepts for a form field, different for each `n`. */
function sample(def: CrudEntityDef, field: string, n: number): unknown {
  const kind = def.crud.form.find((f) => f.field === field)!;
  const schema = (def.schema.shape as Record<string, z.ZodType>)[field];
  // references start empty: the other entity's records are tested where they live (geo.test.ts)
  if (kind.kind === 'refs') return [];
  if (kind.kind === 'ref') return undefined;
  // a provider's samples alternate between the two whose needs samples meet (host and port, API URL and key)
  if (def.name === 'messageProvider' && field === 'provider') return n % 2 ? 'SMTP' : 'EMAIL_API';
  const candidates: unknown[] =
    kind.kind === 'select'
      ? [kind.options![n % kind.options!.length]]
      : kind.kind === 'boolean'
        ? [false]
        : kind.kind === 'number'
          ? [n * 10, n + 1]
          : kind.kind === 'color'
            ? [`#${String(100000 + n).slice(-6)}`]
            : kind.kind === 'email'
              ? [`contact${n}@example.com`]
              : kind.kind === 'url'
                ? [`https://example.com/${n}`]
                : kind.kind === 'headers'
                  ? [[{ key: `X-Sample-${n}`, value: `v${n}`, place: 'header' }]]
                  : kind.kind === 'modelFields'
                    ? [[{ name: `field${n}`, type: 'TEXT', required: n % 2 === 0 }]]
                    : [`Sample ${n}`, `code_${n}`, `xx-n${n}`, `+81 3 5555 ${1000 + n}`, `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, `attributes.sample${n}`, ''];
  const value = candidates.find((c) => schema.safeParse(c).success);
  if (value === undefined) throw new Error(`no sample for ${def.name}.${field}`);
  return value;
}

function recordOf(def: CrudEntityDef, n: number): Record<string, unknown> {
  return Object.fromEntries(def.crud.form.map((f) => [f.field, sample(def, f.field, n)]).filter(([, v]) => v !== undefined));
}

/** What an answer shows of a record sent: written-only fields are never read back, and header values come back empty. */
function shownOf(def: CrudEntityDef, record: Record<string, unknown>): Record<string, unknown> {
  const kinds = new Map(def.crud.form.map((f) => [f.field, f.kind]));
  return Object.fromEntries(
    Object.entries(record)
      .filter(([k]) => kinds.get(k) !== 'secret')
      .map(([k, v]) => [k, kinds.get(k) === 'headers' ? (v as object[]).map((h) => ({ ...h, value: '' })) : v]),
  );
}

/** The unique values of an entity that a client sends. */
const clientUnique = (def: CrudEntityDef) => (def.crud.unique ?? []).filter((u) => def.crud.form.some((f) => f.field === u.field));

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
  await admin.ok('organization.save', { name: 'Other', code: 'OTHER' });
  const inOrg2 = new ApiClient(herald);
  inOrg2.token = (await admin.ok('user.switchOrganization', { orgId: 2 })).accessToken;
  const role2 = (await inOrg2.ok('userRole.getAll'))[0].id;
  await inOrg2.ok('user.save', { username: 'other2', email: 'other2@example.com', roleId: role2, password: 'Other@123' });
  other = new ApiClient(herald);
  await other.login('other2', 'Other@123');
  admin = new ApiClient(herald);
  await admin.login();
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
  const empty = await admin.ok('userRole.save', { name: 'Nothing', code: 'NOTHING', permissions: [] });
  await admin.ok('user.save', { username: 'nobody', email: 'nobody@example.com', roleId: empty.id, password: 'Nobody@123' });
  nobody = new ApiClient(herald);
  await nobody.login('nobody', 'Nobody@123');
});
afterAll(() => herald?.stop());

it('the registry serves the plain entities of the spec through the generic stack', () => {
  // most entities have a unique value the generated tests check; a registry change that lost them all would show here
  expect(CRUD_ENTITIES.filter((d) => clientUnique(d).length).length).toBeGreaterThan(CRUD_ENTITIES.length / 2);
  expect(CRUD_ENTITIES.map((d) => d.name)).toEqual(
    expect.arrayContaining(['templateCategory', 'planTag', 'planCategory', 'planGroup', 'language', 'actionList', 'company', 'kpiTarget', 'geofenceTag']),
  );
});

/** Entities whose save needs fields together that samples cannot make one by one, tested in their own files. */
const OWN_TESTS = new Set<string>();

describe.each(CRUD_ENTITIES.filter((d) => !OWN_TESTS.has(d.name)).map((d) => [d.name, d] as const))('%s', (name, def) => {
  const op = (o: string) => `${name}.${o}`;
  const textFilter = (def.listColumns ?? []).find((c) => c.filter === 'text');
  let first: Record<string, any>;
  let second: Record<string, any>;

  it('creates, lists, filters, sorts, picks and reads', async () => {
    first = await admin.ok(op('save'), recordOf(def, 1));
    second = await admin.ok(op('save'), recordOf(def, 2));
    expect(first).toMatchObject({ ...shownOf(def, recordOf(def, 1)), version: 1 });
    expect(JSON.stringify(first)).not.toMatch(/"orgId"|"createdBy"/);
    const list = await admin.ok(op('getListByPage'), { page: 0, size: 10 });
    expect(list.total).toBe(2);
    if (textFilter) {
      const filtered = await admin.ok(op('getListByPage'), { page: 0, size: 10, [textFilter.field]: String(second[textFilter.field]) });
      expect(filtered.list.map((r: { id: string }) => r.id)).toEqual([second.id]);
    }
    const sortField = def.crud.defaultSort.field;
    const desc = await admin.ok(op('getListByPage'), { page: 0, size: 1, sortField, sortOrder: 'desc' });
    const asc = await admin.ok(op('getListByPage'), { page: 0, size: 1, sortField, sortOrder: 'asc' });
    expect(desc.list[0].id).not.toBe(asc.list[0].id);
    expect((await admin.ok(op('getAll'))).map((r: { id: string }) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(await admin.ok(op('detail'), { id: first.id })).toEqual(first);
  });

  it('edits with the version read; a stale edit answers 720007', async () => {
    const edited = await admin.ok(op('save'), { ...first, ...recordOf(def, 3) });
    expect(edited).toMatchObject({ id: first.id, version: 2, ...shownOf(def, recordOf(def, 3)) });
    const stale = await admin.call(op('save'), { ...first, ...recordOf(def, 4) });
    expect(stale.body.errorCode).toBe('720007');
    first = edited;
  });

  // one test per unique value a client sends (one the server derives, a beacon's uuid:major:minor, is tested with
  // its entity), so no entity runs an empty test; in the other case where the schema takes it
  for (const u of clientUnique(def)) {
    const otherCase = (value: string) => (value.toUpperCase() === value ? value.toLowerCase() : value.toUpperCase());
    const caseBlind = (def.schema.shape as Record<string, z.ZodType>)[u.field].safeParse(otherCase(String(sample(def, u.field, 3)))).success;
    it(`keeps ${u.field} unique${caseBlind ? ', whatever its case' : ''}`, async () => {
      expect.hasAssertions();
      const value = String(first[u.field]);
      const clash = await admin.call(op('save'), { ...recordOf(def, 5), [u.field]: caseBlind ? otherCase(value) : value });
      expect(clash.body.errorCode, u.field).toBe(u.code);
      expect(clash.body.errorMessage).toContain(textsIn(u.message, 'en'));
    });
  }

  it('answers bad input with 400016 and an unknown id with 720003', async () => {
    const bad = await admin.call(op('save'), {});
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('400016');
    expect((await admin.call(op('save'), { ...recordOf(def, 6), [def.crud.form[0].field]: 42 })).body.errorCode).toBe('400016');
    expect((await admin.call(op('detail'), { id: randomUUID() })).body.errorCode).toBe('720003');
    expect((await admin.call(op('getListByPage'), { page: -1, size: 10 })).body.errorCode).toBe('400016');
  });

  it("another organization's ids answer exactly as missing ones, and nothing changes", async () => {
    const missing = randomUUID();
    const payloads: [string, (id: string) => unknown][] = [
      ['detail', (id) => ({ id })],
      ['delete', (id) => ({ id })],
      ['save', (id) => ({ ...recordOf(def, 7), id, version: 2 })],
    ];
    for (const [o, payload] of payloads) {
      const a = await other.call(op(o), payload(first.id));
      const b = await other.call(op(o), payload(missing));
      expect({ status: a.status, body: a.body }, o).toEqual({ status: b.status, body: b.body });
    }
    expect((await other.ok(op('getListByPage'), { page: 0, size: 10 })).total).toBe(0);
    expect(await admin.ok(op('detail'), { id: first.id })).toEqual(first);
  });

  it('needs its permission', async () => {
    expect((await nobody.call(op('getListByPage'), { page: 0, size: 10 })).body.errorCode).toBe('730001');
    expect((await nobody.call(op('save'), recordOf(def, 8))).body.errorCode).toBe('730001');
  });

  it('deletes, and a deleted record frees its unique values', async () => {
    expect(await admin.ok(op('delete'), { id: second.id })).toEqual({ ok: true });
    expect((await admin.call(op('detail'), { id: second.id })).body.errorCode).toBe('720003');
    expect((await admin.call(op('delete'), { id: second.id })).body.errorCode).toBe('720003');
    const again = await admin.ok(op('save'), recordOf(def, 2));
    expect(again.id).not.toBe(second.id);
  });
});

describe('language', () => {
  it('at most one language is the default: setting one clears the other', async () => {
    const en = await admin.ok('language.save', { name: 'English', code: 'en', isDefault: true });
    const ja = await admin.ok('language.save', { name: 'Japanese', code: 'ja', isDefault: true });
    expect((await admin.ok('language.detail', { id: en.id })).isDefault).toBe(false);
    expect((await admin.ok('language.detail', { id: ja.id })).isDefault).toBe(true);
    const defaults = await admin.ok('language.getListByPage', { page: 0, size: 50, isDefault: true });
    expect(defaults.list.map((l: { code: string }) => l.code)).toEqual(['ja']);
  });

  it('asks for the name with the spec text', async () => {
    const r = await admin.call('language.save', { code: 'fr' });
    expect(r.body.errorMessage).toContain('Please input the name!');
  });
});
