/**
 * The template library (`templateMessage.*`): save, detail, list with its filters, pickers, unique names (720001),
 * stale versions (720007), duplicate, set active, delete, bad input, permissions and tenant isolation.
 */
import type { EmailTemplate } from '../../shared/render';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { LIST_FIELDS } from '../../functions/services/templateMessage/templates';
import { Store } from '../../functions/store/store';
import { TEMPLATE_NAME_TAKEN } from '../../shared/entities';
import { textsIn } from '../../shared/i18n';
import { BUTTON_COLOR_DEFAULT, THEME_DEFAULT } from '../../shared/render';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
/** administrator of organization 2 only */
let other: ApiClient;
/** a member of organization 1 without any permission */
let nobody: ApiClient;

/** Content with a heading, a paragraph and a button in English, and optionally Japanese. */
function content(subject = 'Hello {{firstName|there}}', ja = false) {
  const en = {
    subject,
    preheader: 'Spring news',
    blocks: [
      { type: 'heading', text: 'Welcome' },
      { type: 'paragraph', text: 'Hi <b>{{firstName|there}}</b>, our spring sale starts today.' },
      { type: 'button', text: 'Shop now', href: 'https://example.com/shop' },
    ],
  };
  return { defaultLanguage: 'en', contents: ja ? { en, ja: { ...en, subject: 'こんにちは' } } : { en } };
}

const save = (client: ApiClient, payload: Record<string, unknown>) => client.call<any>('templateMessage.save', payload);

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

describe('save and detail', () => {
  it('creates a template with every default filled in, and reads it back unchanged', async () => {
    const saved = await admin.ok('templateMessage.save', { name: 'Spring sale', template: content('Hello {{firstName|there}}', true) });
    expect(saved).toMatchObject({ name: 'Spring sale', channel: 'EMAIL', active: true, locked: false, version: 1, subject: 'Hello {{firstName|there}}', languages: ['en', 'ja'] });
    expect(saved.template.theme).toEqual(THEME_DEFAULT);
    expect((saved.template as EmailTemplate).contents.en!.blocks[2]).toMatchObject({ type: 'button', backgroundColor: BUTTON_COLOR_DEFAULT, align: 'center' });
    expect(JSON.stringify(saved)).not.toMatch(/"orgId"|"createdBy"|"updatedBy"/);
    expect(await admin.ok('templateMessage.detail', { id: saved.id })).toEqual(saved);
  });

  it('edits with the version read; a stale save answers 720007 and changes nothing', async () => {
    const first = await admin.ok('templateMessage.save', { name: 'Versioned', template: content('One') });
    const edited = await admin.ok('templateMessage.save', { ...first, template: content('Two') });
    expect(edited).toMatchObject({ id: first.id, version: 2, subject: 'Two', dateCreated: first.dateCreated });
    const stale = await save(admin, { ...first, template: content('Three') });
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('720007');
    expect((await admin.ok('templateMessage.detail', { id: first.id })).subject).toBe('Two');
  });

  it('keeps names unique in the organization whatever their case (720001); a rename frees the old name', async () => {
    const a = await admin.ok('templateMessage.save', { name: 'Welcome mail', template: content() });
    const clash = await save(admin, { name: 'WELCOME MAIL', template: content() });
    expect(clash.body.errorCode).toBe('720001');
    expect(clash.body.errorMessage).toContain(textsIn(TEMPLATE_NAME_TAKEN, 'en'));
    const inJa = await admin.call<any>('templateMessage.save', { name: 'WELCOME MAIL', template: content() }, { 'x-lang': 'ja' });
    expect(inJa.body.errorMessage).toContain('このテンプレート名は既に使われています');
    const renameClash = await save(admin, { ...(await admin.ok('templateMessage.save', { name: 'Another', template: content() })), name: 'welcome mail' });
    expect(renameClash.body.errorCode).toBe('720001');
    await admin.ok('templateMessage.save', { ...a, name: 'Welcome mail v2' });
    expect((await admin.ok('templateMessage.save', { name: 'Welcome mail', template: content() })).name).toBe('Welcome mail');
    // another organization may use the same name
    expect((await other.ok('templateMessage.save', { name: 'Welcome mail', template: content() })).version).toBe(1);
  });

  it('takes a category of the organization only', async () => {
    const category = await admin.ok('templateCategory.save', { name: 'Seasonal' });
    const t = await admin.ok('templateMessage.save', { name: 'In a category', categoryId: category.id, template: content() });
    expect(t.categoryId).toBe(category.id);
    const missing = await save(admin, { name: 'Lost category', categoryId: randomUUID(), template: content() });
    expect(missing.body.errorCode).toBe('720009');
    const foreign = await save(other, { name: 'Lost category', categoryId: category.id, template: content() });
    expect(foreign.body).toEqual(missing.body);
  });
});

describe('bad input gets catalogue errors', () => {
  it('answers 400016 naming the field, with the schema message', async () => {
    const noName = await save(admin, { template: content() });
    expect(noName.status).toBe(400);
    expect(noName.body.errorCode).toBe('400016');
    expect(noName.body.errorMessage).toContain('Please input the name!');
    const noSubject = await save(admin, { name: 'No subject', template: content('  ') });
    expect(noSubject.body.errorCode).toBe('400016');
    expect(noSubject.body.errorMessage).toContain('payload.template.contents.en.subject');
    expect(noSubject.body.errorMessage).toContain('Please input the subject!');
    const badColor = await save(admin, { name: 'Bad colour', template: { ...content(), theme: { primaryColor: 'red' } } });
    expect(badColor.body.errorMessage).toContain('Invalid HEX color format');
    const script = content();
    script.contents.en.blocks[2] = { type: 'button', text: 'Go', href: 'javascript:alert(1)' };
    expect((await save(admin, { name: 'Script link', template: script })).body.errorCode).toBe('400016');
    const unknown = content();
    unknown.contents.en.blocks.push({ type: 'poll', text: '' });
    expect((await save(admin, { name: 'Unknown block', template: unknown })).body.errorCode).toBe('400016');
    // the HTML builder's blocks have no place in a mail
    const inApp = content();
    inApp.contents.en.blocks.push({ type: 'carousel', text: '' });
    expect((await save(admin, { name: 'In-app block', template: inApp })).body).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('belongs to the HTML (in-app) builder'),
    });
    const noDefault = await save(admin, { name: 'No default', template: { ...content(), defaultLanguage: 'fr' } });
    expect(noDefault.body.errorMessage).toContain('The default language needs content.');
    expect((await save(admin, { name: 'x'.repeat(101), template: content() })).body.errorCode).toBe('400016');
    expect((await save(admin, { name: 'Push', channel: 'PUSH_NATIVE', template: content() })).body.errorCode).toBe('400016');
    expect((await admin.call('templateMessage.getListByPage', { page: -1, size: 10 })).body.errorCode).toBe('400016');
    expect((await admin.call('templateMessage.setActive', { id: randomUUID() })).body.errorCode).toBe('400016');
    expect((await admin.call('templateMessage.detail', { id: randomUUID() })).body.errorCode).toBe('720003');
  });

  it('refuses a template too large to store with 720009', async () => {
    const big = content();
    big.contents.en.blocks = Array.from({ length: 20 }, () => ({ type: 'paragraph', text: 'x'.repeat(20_000) }));
    const r = await save(admin, { name: 'Too big', template: big });
    expect(r.body.errorCode).toBe('720009');
    expect(r.body.errorMessage).toContain('too large');
    expect((await admin.ok('templateMessage.getAll')).map((t: { name: string }) => t.name)).not.toContain('Too big');
  });
});

describe('lists and pickers', () => {
  const names = ['Paged A', 'Paged B', 'Paged C', 'Paged D', 'Paged E'];
  let category: string;

  beforeAll(async () => {
    category = (await admin.ok('templateCategory.save', { name: 'Paging' })).id;
    for (const [i, name] of names.entries()) {
      await admin.ok('templateMessage.save', { name, active: i % 2 === 0, categoryId: i < 2 ? category : undefined, template: content(`Subject ${i}`) });
    }
  });

  it('pages, sorts and filters by name, category and active, without the content', async () => {
    const page0 = await admin.ok('templateMessage.getListByPage', { page: 0, size: 2, name: 'paged', sortField: 'name', sortOrder: 'desc' });
    expect(page0.total).toBe(5);
    expect(page0.list.map((t: { name: string }) => t.name)).toEqual(['Paged E', 'Paged D']);
    expect(page0.list[0]).not.toHaveProperty('template');
    expect(page0.list[0]).toMatchObject({ subject: 'Subject 4', languages: ['en'], channel: 'EMAIL' });
    const page2 = await admin.ok('templateMessage.getListByPage', { page: 2, size: 2, name: 'paged', sortField: 'name', sortOrder: 'desc' });
    expect(page2.list.map((t: { name: string }) => t.name)).toEqual(['Paged A']);
    const inCategory = await admin.ok('templateMessage.getListByPage', { page: 0, size: 10, categoryId: category, sortField: 'name' });
    expect(inCategory.list.map((t: { name: string }) => t.name)).toEqual(['Paged A', 'Paged B']);
    const inactive = await admin.ok('templateMessage.getListByPage', { page: 0, size: 10, name: 'paged', active: false, sortField: 'name' });
    expect(inactive.list.map((t: { name: string }) => t.name)).toEqual(['Paged B', 'Paged D']);
    const push = await admin.ok('templateMessage.getListByPage', { page: 0, size: 100, pushWay: 'PUSH_NATIVE' });
    expect(push.total).toBe(0);
  });

  it('reads only the list fields from the table, never the content', async () => {
    const rows = await new Store(herald.rt).forOrg(1).list('templateMessage', LIST_FIELDS);
    expect(rows.length).toBeGreaterThanOrEqual(names.length);
    for (const row of rows)
      expect(
        Object.keys(row).every((k) => (LIST_FIELDS as readonly string[]).includes(k)),
        JSON.stringify(row),
      ).toBe(true);
    expect(rows.find((r) => r.name === 'Paged A')).toMatchObject({ subject: 'Subject 0', categoryId: category, active: true });
  });

  it('the picker answers id and name by name, per channel and optionally active only', async () => {
    const all = await admin.ok('templateMessage.getAll', { pushWay: 'EMAIL' });
    const paged = all.filter((t: { name: string }) => t.name.startsWith('Paged'));
    expect(paged.map((t: { name: string }) => t.name)).toEqual(names);
    // with its approval state, so a picker can mark what the template approval switch keeps out
    expect(Object.keys(paged[0]).sort()).toEqual(['active', 'approval', 'channel', 'id', 'name']);
    const active = await admin.ok('templateMessage.getAll', { activeOnly: true });
    expect(active.filter((t: { name: string }) => t.name.startsWith('Paged')).map((t: { name: string }) => t.name)).toEqual(['Paged A', 'Paged C', 'Paged E']);
    expect(await admin.ok('templateMessage.getAll', { pushWay: 'SMS' })).toEqual([]);
  });
});

describe('actions', () => {
  it('duplicates under a free name, content and all, never locked', async () => {
    const source = await admin.ok('templateMessage.save', { name: 'Original', template: content('Copied', true) });
    const copy = await admin.ok('templateMessage.duplicate', { id: source.id });
    expect(copy).toMatchObject({ name: 'Original (copy)', version: 1, locked: false, template: source.template, subject: 'Copied', languages: ['en', 'ja'] });
    expect(copy.id).not.toBe(source.id);
    expect((await admin.ok('templateMessage.duplicate', { id: source.id })).name).toBe('Original (copy 2)');
    const named = await admin.ok('templateMessage.duplicate', { id: source.id, name: 'Summer sale' });
    expect(named.name).toBe('Summer sale');
    expect((await admin.call('templateMessage.duplicate', { id: source.id, name: 'original' })).body.errorCode).toBe('720001');
    const long = await admin.ok('templateMessage.save', { name: 'L'.repeat(100), template: content() });
    const longCopy = await admin.ok('templateMessage.duplicate', { id: long.id });
    expect(longCopy.name).toHaveLength(100);
    expect(longCopy.name.endsWith(' (copy)')).toBe(true);
  });

  it('sets active with the version read', async () => {
    const t = await admin.ok('templateMessage.save', { name: 'Switch', template: content() });
    const off = await admin.ok('templateMessage.setActive', { id: t.id, active: false, version: t.version });
    expect(off).toMatchObject({ active: false, version: 2 });
    expect(off).not.toHaveProperty('template');
    expect((await admin.call('templateMessage.setActive', { id: t.id, active: true, version: 1 })).body.errorCode).toBe('720007');
    expect((await admin.ok('templateMessage.detail', { id: t.id })).active).toBe(false);
  });

  it('deletes, and a deleted template frees its name', async () => {
    const t = await admin.ok('templateMessage.save', { name: 'Short lived', template: content() });
    expect(await admin.ok('templateMessage.delete', { id: t.id })).toEqual({ ok: true });
    expect((await admin.call('templateMessage.detail', { id: t.id })).body.errorCode).toBe('720003');
    expect((await admin.call('templateMessage.delete', { id: t.id })).body.errorCode).toBe('720003');
    expect((await admin.ok('templateMessage.save', { name: 'short lived', template: content() })).id).not.toBe(t.id);
  });
});

describe('access', () => {
  it("another organization's ids answer exactly as missing ones, and nothing changes", async () => {
    const mine = await admin.ok('templateMessage.save', { name: 'Private', template: content() });
    const missing = randomUUID();
    const probes: [string, (id: string) => unknown][] = [
      ['detail', (id) => ({ id })],
      ['delete', (id) => ({ id })],
      ['duplicate', (id) => ({ id })],
      ['setActive', (id) => ({ id, active: false })],
      ['save', (id) => ({ id, version: 1, name: 'Hijacked', template: content() })],
    ];
    for (const [op, payload] of probes) {
      const a = await other.call(`templateMessage.${op}`, payload(mine.id));
      const b = await other.call(`templateMessage.${op}`, payload(missing));
      expect({ status: a.status, body: a.body }, op).toEqual({ status: b.status, body: b.body });
      expect(a.body.errorCode, op).toBe('720003');
    }
    const theirs = await other.ok('templateMessage.getListByPage', { page: 0, size: 100 });
    expect(theirs.list.map((t: { id: string }) => t.id)).not.toContain(mine.id);
    expect((await other.ok('templateMessage.getAll')).map((t: { id: string }) => t.id)).not.toContain(mine.id);
    expect(await admin.ok('templateMessage.detail', { id: mine.id })).toEqual(mine);
  });

  it('needs the template permission for reading and writing', async () => {
    for (const [op, payload] of [
      ['getListByPage', { page: 0, size: 10 }],
      ['getAll', {}],
      ['detail', { id: randomUUID() }],
      ['save', { name: 'Nope', template: content() }],
      ['delete', { id: randomUUID() }],
      ['duplicate', { id: randomUUID() }],
      ['setActive', { id: randomUUID(), active: true }],
    ] as const) {
      expect((await nobody.call(`templateMessage.${op}`, payload)).body.errorCode, op).toBe('730001');
    }
  });
});
