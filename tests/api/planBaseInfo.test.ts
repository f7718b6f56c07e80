/**
 * Issue 23 item 4: a message's base info (plan.edit: name, intro, tags, category, group) changes in any state but
 * archived, each change on the operation record; report addresses (plan.editReportMails); the campaign list
 * filters by tag, category and group; plan.getAll lists the organization's messages for pickers. Tags, categories
 * and groups of another organization are refused as missing ones, and another organization's message answers 720003.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import type { ApiClient } from '../support/herald';
import { startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

const content = { kind: 'EMAIL', template: { defaultLanguage: 'en', contents: { en: { subject: 'Hello', blocks: [{ type: 'heading', text: 'Hello' }] } } } };
let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;
let tag: { id: string };
let tag2: { id: string };
let category: { id: string };
let group: { id: string };
let theirs: { tag: string; category: string; group: string };

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other, nobody } = await twoOrganizations(herald, 'base'));
  tag = await admin.ok('planTag.save', { name: 'Spring', color: '#336699' });
  tag2 = await admin.ok('planTag.save', { name: 'VIP', color: '#993366' });
  category = await admin.ok('planCategory.save', { name: 'Seasonal' });
  group = await admin.ok('planGroup.save', { name: 'Q4 campaigns' });
  theirs = {
    tag: (await other.ok('planTag.save', { name: 'Theirs', color: '#000000' })).id,
    category: (await other.ok('planCategory.save', { name: 'Theirs' })).id,
    group: (await other.ok('planGroup.save', { name: 'Theirs' })).id,
  };
});
afterAll(() => herald?.stop());

const draft = (name: string, extra: Record<string, unknown> = {}) =>
  admin.ok('plan.saveSingle', { name, title: `${name} title`, channel: 'EMAIL', content, trigger: { kind: 'IMMEDIATELY' }, ...extra });

it('edits name, intro, tags, category and group, with the version read, and records the change', async () => {
  const plan = await draft('Base one');
  const edited = await admin.ok('plan.edit', {
    id: plan.id,
    version: plan.version,
    name: 'Base one renamed',
    intro: 'For spring',
    tagIds: [tag.id, tag.id, tag2.id],
    categoryId: category.id,
    groupId: group.id,
  });
  expect(edited).toMatchObject({
    name: 'Base one renamed',
    intro: 'For spring',
    tagIds: [tag.id, tag2.id],
    categoryId: category.id,
    groupId: group.id,
    version: plan.version + 1,
    status: 'DRAFT',
  });
  expect(await admin.ok('plan.detail', { id: plan.id })).toEqual(edited);
  // a stale version is refused and changes nothing
  const stale = await admin.call('plan.edit', { id: plan.id, version: plan.version, name: 'Lost', intro: '', tagIds: [] });
  expect(stale.body).toMatchObject({ state: 'F', errorCode: '720007' });
  // null clears the category; leaving the group out keeps it
  const cleared = await admin.ok('plan.edit', { id: plan.id, name: 'Base one renamed', intro: 'For spring', tagIds: [], categoryId: null });
  expect(cleared.categoryId).toBeUndefined();
  expect(cleared).toMatchObject({ groupId: group.id, tagIds: [] });
  const records = await admin.ok('operationRecord.getListByPage', { planId: plan.id, page: 0, size: 20 });
  expect(records.list.filter((r: { action: string }) => r.action === 'editBaseInfo')).toHaveLength(2);
});

it('edits a message that has been sent, but not an archived one', async () => {
  const plan = await draft('Base archived');
  // straight to the store: the state is what matters here, not how it got there
  const store = new Store(herald.rt);
  await store.update('plan', { orgId: 1, id: plan.id }, { status: 'DEPLOYED' });
  expect((await admin.ok('plan.edit', { id: plan.id, name: 'Sent, renamed', intro: '', tagIds: [tag.id] })).name).toBe('Sent, renamed');
  await store.update('plan', { orgId: 1, id: plan.id }, { status: 'ARCHIVE' });
  expect((await admin.call('plan.edit', { id: plan.id, name: 'Archived', intro: '', tagIds: [] })).body).toMatchObject({ state: 'F', errorCode: '730007' });
  expect((await admin.ok('plan.detail', { id: plan.id })).name).toBe('Sent, renamed');
});

it("refuses another organization's tags, category and group, on save and on edit, naming the field", async () => {
  for (const [field, value] of [
    ['tagIds', [theirs.tag]],
    ['categoryId', theirs.category],
    ['groupId', theirs.group],
  ] as const) {
    const saved = await admin.call('plan.saveSingle', { name: `Theirs ${field}`, title: 't', channel: 'EMAIL', content, [field]: value });
    expect(saved.body).toMatchObject({ state: 'F', errorCode: '720009' });
    expect(String(saved.body.errorMessage)).toContain(field);
  }
  const plan = await draft('Base refused');
  const edit = await admin.call('plan.edit', { id: plan.id, name: 'x', intro: '', tagIds: [tag.id, theirs.tag] });
  expect(edit.body).toMatchObject({ state: 'F', errorCode: '720009' });
  expect((await admin.ok('plan.detail', { id: plan.id })).name).toBe('Base refused');
  const names = (await admin.ok('plan.getAll', {})).map((p: { name: string }) => p.name);
  expect(names).not.toContain('Theirs tagIds');
});

it("answers another organization's message as missing, and a caller without the permission 730001", async () => {
  const plan = await draft('Base private');
  expect((await other.call('plan.edit', { id: plan.id, name: 'Taken', intro: '', tagIds: [] })).body).toMatchObject({ state: 'F', errorCode: '720003' });
  expect((await other.call('plan.editReportMails', { id: plan.id, reportMails: [] })).body).toMatchObject({ state: 'F', errorCode: '720003' });
  expect((await nobody.call('plan.edit', { id: plan.id, name: 'Taken', intro: '', tagIds: [] })).body).toMatchObject({ state: 'F', errorCode: '730001' });
  expect((await other.ok('plan.getAll', {})).map((p: { id: string }) => p.id)).not.toContain(plan.id);
  expect((await admin.ok('plan.detail', { id: plan.id })).name).toBe('Base private');
});

it('keeps report addresses, once each, and refuses a bad one with its field named', async () => {
  const plan = await draft('Base reports');
  const saved = await admin.ok('plan.editReportMails', { id: plan.id, reportMails: ['lead@example.com', 'LEAD@example.com', 'boss@example.com'] });
  expect(saved.reportMails).toEqual(['lead@example.com', 'boss@example.com']);
  const bad = await admin.call('plan.editReportMails', { id: plan.id, reportMails: ['not an address'] });
  expect(bad.body).toMatchObject({ state: 'F', errorCode: '400016' });
  expect(String(bad.body.errorMessage)).toContain('reportMails');
  const tooMany = await admin.call('plan.editReportMails', { id: plan.id, reportMails: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`) });
  expect(tooMany.body).toMatchObject({ state: 'F', errorCode: '400016' });
  expect((await admin.ok('plan.detail', { id: plan.id })).reportMails).toEqual(['lead@example.com', 'boss@example.com']);
});

it('filters the campaign list by tag, category and group', async () => {
  const a = await draft('Filter A', { tagIds: [tag.id], categoryId: category.id });
  const b = await draft('Filter B', { tagIds: [tag2.id], groupId: group.id });
  const names = async (filter: Record<string, string>) =>
    (await admin.ok('plan.getCateByPage', { page: 0, size: 100, filter: 'ALL', name: 'Filter', ...filter })).list.map((p: { name: string }) => p.name).sort();
  expect(await names({})).toEqual(['Filter A', 'Filter B']);
  expect(await names({ tagId: tag.id })).toEqual(['Filter A']);
  expect(await names({ tagId: tag2.id })).toEqual(['Filter B']);
  expect(await names({ categoryId: category.id })).toEqual(['Filter A']);
  expect(await names({ groupId: group.id })).toEqual(['Filter B']);
  expect(await names({ groupId: theirs.group })).toEqual([]);
  const all = await admin.ok('plan.getAll', { name: 'Filter' });
  expect(all.map((p: { id: string }) => p.id).sort()).toEqual([a.id, b.id].sort());
});
