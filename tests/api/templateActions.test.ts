/**
 * Template actions (spec 000 section 4, spec 001 sections 3.6 and 5): lock and unlock with their permission (only
 * the locker or an administrator may change or unlock a locked template; others get 730001 and nothing changes),
 * export to a versioned JSON file and import from it (new templates, updates by id, the spec's failure reasons,
 * an unreadable file refused as a whole), the export and import permissions, and the templates of a category
 * created in a year.
 */
import type { EmailTemplate } from '../../shared/render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
/** a marketer who may lock, export and import, but is no administrator */
let mia: ApiClient;
/** a second marketer with the same rights */
let leo: ApiClient;
/** may use the library but not lock, export or import */
let viewer: ApiClient;

const content = (subject: string) => ({ defaultLanguage: 'en', contents: { en: { subject, blocks: [{ type: 'heading', text: subject }] } } });
const LIBRARY = ['NAV_TEMPLATE_MESSAGE'];
const ACTIONS = [...LIBRARY, 'TEMPLATE_LOCK', 'TEMPLATE_EXPORT', 'TEMPLATE_IMPORT'];

async function signedIn(username: string, permissions: string[]): Promise<ApiClient> {
  const role = await admin.ok('userRole.save', { name: `Role ${username}`, code: `R_${username.toUpperCase()}`, permissions });
  await admin.ok('user.save', { username, email: `${username}@example.com`, roleId: role.id, password: 'Template@123' });
  const client = new ApiClient(herald);
  await client.login(username, 'Template@123');
  return client;
}

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'tpl'));
  mia = await signedIn('mia', ACTIONS);
  leo = await signedIn('leo', ACTIONS);
  viewer = await signedIn('vic', LIBRARY);
});
afterAll(() => herald?.stop());

describe('lock and unlock', () => {
  let id: string;

  it('a locked template is changed and unlocked only by its locker or an administrator', async () => {
    const saved = await mia.ok('templateMessage.save', { name: 'Locked offer', template: content('Offer') });
    id = saved.id;
    const locked = await mia.ok('templateMessage.lock', { id, version: saved.version });
    expect(locked).toMatchObject({ locked: true, version: saved.version + 1 });
    const before = await admin.ok('templateMessage.detail', { id });

    for (const [service, payload] of [
      ['templateMessage.save', { id, version: before.version, name: 'Taken over', template: content('Mine now') }],
      ['templateMessage.setActive', { id, active: false }],
      ['templateMessage.delete', { id }],
      ['templateMessage.unlock', { id }],
      ['templateMessage.lock', { id }],
    ] as const) {
      const r = await leo.call(service, payload);
      expect(r.body.errorCode, service).toBe('730001');
      expect(r.body.errorMessage, service).toContain('locked by another user');
    }
    expect(await admin.ok('templateMessage.detail', { id })).toEqual(before);

    // the locker edits it; the lock stays
    const edited = await mia.ok('templateMessage.save', { id, version: before.version, name: 'Locked offer', template: content('Offer, edited') });
    expect(edited).toMatchObject({ locked: true, subject: 'Offer, edited' });
    // an administrator unlocks it; then anyone with the library may change it again
    const unlocked = await admin.ok('templateMessage.unlock', { id });
    expect(unlocked.locked).toBe(false);
    expect(unlocked.lockedBy).toBeUndefined();
    expect((await leo.ok('templateMessage.setActive', { id, active: false })).active).toBe(false);
  });

  it('needs the lock permission, and a stale version answers 720007', async () => {
    expect((await viewer.call('templateMessage.lock', { id })).body.errorCode).toBe('730001');
    const current = await admin.ok('templateMessage.detail', { id });
    expect((await mia.call('templateMessage.lock', { id, version: current.version - 1 })).body.errorCode).toBe('720007');
  });
});

describe('export and import', () => {
  let file: string;
  let ids: string[];

  it('exports the chosen templates as a versioned file', async () => {
    const a = await mia.ok('templateMessage.save', { name: 'Spring', template: content('Spring is here') });
    const b = await mia.ok('templateMessage.save', { name: 'Autumn', template: content('Autumn is here') });
    ids = [a.id, b.id];
    const exported = await mia.ok('templateMessage.export', { ids });
    expect(exported).toMatchObject({
      format: 'herald.templateMessages',
      version: 1,
      templates: [
        { id: a.id, name: 'Spring' },
        { id: b.id, name: 'Autumn' },
      ],
    });
    expect((exported.templates[0].template as EmailTemplate).contents.en!.subject).toBe('Spring is here');
    file = JSON.stringify(exported);
    expect((await viewer.call('templateMessage.export', { ids })).body.errorCode).toBe('730001');
  });

  it('imports into another organization as new templates, and back home as updates by id', async () => {
    const category = await other.ok('templateCategory.save', { name: 'Imported' });
    // another organization has none of these ids: they are not its templates
    const foreign = await other.ok('templateMessage.importFile', { file, categoryId: category.id });
    expect(foreign).toEqual({ created: 0, updated: 0, failures: [1, 2].map((entry) => expect.objectContaining({ entry, reason: 'Invalid template id' })) });
    const doc = JSON.parse(file);
    const fresh = JSON.stringify({ ...doc, templates: doc.templates.map(({ id: _id, ...t }: { id: string }) => t) });
    expect(await other.ok('templateMessage.importFile', { file: fresh, categoryId: category.id })).toEqual({ created: 2, updated: 0, failures: [] });
    const theirs = await other.ok('templateMessage.getListByPage', { page: 0, size: 10, categoryId: category.id });
    expect(theirs.list.map((t: { name: string }) => t.name).sort()).toEqual(['Autumn', 'Spring']);
    // lossless: exported again there, the templates are what was exported here, but for their new ids
    const again = await other.ok('templateMessage.export', { categoryId: category.id });
    const strip = (ts: { id?: string; name: string }[]) => ts.map(({ id: _id, ...t }) => t).sort((a, b) => a.name.localeCompare(b.name));
    expect(strip(again.templates)).toEqual(strip(doc.templates));
    // a second import of the same file keeps both, under free names
    await other.ok('templateMessage.importFile', { file: fresh });
    expect((await other.ok('templateMessage.getAll')).map((t: { name: string }) => t.name).sort()).toEqual(['Autumn', 'Autumn (copy)', 'Spring', 'Spring (copy)']);

    // at home, the ids update the templates
    const changed = JSON.stringify({
      ...doc,
      templates: doc.templates.map((t: { template: { contents: { en: { subject: string } } } }) => ({ ...t, template: content(`${t.template.contents.en.subject}!`) })),
    });
    expect(await mia.ok('templateMessage.importFile', { file: changed })).toEqual({ created: 0, updated: 2, failures: [] });
    expect((await mia.ok('templateMessage.detail', { id: ids[0] })).subject).toBe('Spring is here!');
  });

  it("reports the spec's reasons per entry and imports the rest", async () => {
    const doc = JSON.parse(file);
    const entries = [
      { name: 'Fine', template: content('Fine') },
      { name: 'Bad shape', template: { contents: 'nope' } },
      { id: 'not an id!', name: 'Bad id', template: content('x') },
      { id: 'f3d2c1b0-0000-4000-8000-000000000000', name: 'Gone', template: content('x') },
      'not an object',
    ];
    const r = await mia.ok('templateMessage.importFile', { file: JSON.stringify({ ...doc, templates: entries }) });
    expect(r).toEqual({
      created: 1,
      updated: 0,
      failures: [
        { entry: 2, name: 'Bad shape', reason: 'JSON format error' },
        { entry: 3, name: 'Bad id', reason: 'Regex mismatch' },
        { entry: 4, name: 'Gone', reason: 'Invalid template id' },
        { entry: 5, reason: 'JSON format error' },
      ],
    });
  });

  it('refuses an unreadable file as a whole, and needs the import permission', async () => {
    for (const [text, why] of [
      ['{ not json', 'the file is not JSON'],
      [JSON.stringify({ templates: [] }), 'not a Herald template export'],
      [JSON.stringify({ format: 'herald.templateMessages', version: 99, exportedAt: 0, templates: [] }), 'version 99'],
    ]) {
      const r = await mia.call('templateMessage.importFile', { file: text });
      expect(r.body.errorCode, text).toBe('720009');
      expect(r.body.errorMessage, text).toContain('JSON format error');
      expect(r.body.errorMessage, text).toContain(why);
    }
    expect((await viewer.call('templateMessage.importFile', { file })).body.errorCode).toBe('730001');
    expect((await mia.call('templateMessage.importFile', { file, categoryId: 'no-such-category' })).body.errorCode).toBe('720009');
  });
});

it('lists the templates of a category created in a year', async () => {
  const category = await admin.ok('templateCategory.save', { name: 'Yearly' });
  const t = await admin.ok('templateMessage.save', { name: 'This year', categoryId: category.id, template: content('Now') });
  const year = new Date(t.dateCreated).getUTCFullYear();
  expect((await admin.ok('templateMessage.getListByCategoryAndYear', { categoryId: category.id, year })).map((x: { id: string }) => x.id)).toEqual([t.id]);
  expect(await admin.ok('templateMessage.getListByCategoryAndYear', { categoryId: category.id, year: year - 1 })).toEqual([]);
  expect((await admin.call('templateMessage.getListByCategoryAndYear', { year: 1999 })).body.errorCode).toBe('400016');
});
