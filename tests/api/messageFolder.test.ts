/** Message folders: the generic CRUD entity with its order index rule, templates filed in them, and the delete guard. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
const template = { defaultLanguage: 'en', contents: { en: { subject: 'Hi', blocks: [{ type: 'heading', text: 'Hello' }] } } };

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
});
afterAll(() => herald?.stop());

it('takes an order index below 100 and lists folders by it', async () => {
  const over = await admin.call('messageFolder.save', { title: 'Too far', tagColor: '#FF0000', orderIndex: 100 });
  expect(over.status).toBe(400);
  expect(over.body.errorMessage).toContain('Folder order index is a number below 100.');
  await admin.ok('messageFolder.save', { title: 'Later', tagColor: '#00AA00', orderIndex: 20 });
  await admin.ok('messageFolder.save', { title: 'First', tagColor: '#0000AA', orderIndex: 1 });
  const page = await admin.ok('messageFolder.getListByPage', { page: 0, size: 10 });
  expect(page.list.map((f: { title: string }) => f.title)).toEqual(['First', 'Later']);
});

it('files templates in a folder, filters by it, and refuses to delete a folder that holds one', async () => {
  const folder = await admin.ok('messageFolder.save', { title: 'Spring', tagColor: '#33CCFF', orderIndex: 5 });
  const filed = await admin.ok('templateMessage.save', { name: 'Filed', folderId: folder.id, template });
  await admin.ok('templateMessage.save', { name: 'Loose', template });
  const inFolder = await admin.ok('templateMessage.getListByPage', { page: 0, size: 10, folderId: folder.id });
  expect(inFolder.list.map((t) => t.name)).toEqual(['Filed']);

  const refused = await admin.call('messageFolder.delete', { id: folder.id });
  expect(refused.body.errorCode).toBe('720009');
  expect(refused.body.errorMessage).toContain('A folder that holds messages cannot be deleted');
  await admin.ok('templateMessage.save', { ...filed, folderId: undefined, version: filed.version });
  await admin.ok('messageFolder.delete', { id: folder.id });
});

it("refuses another organization's folder for a template, as a missing one", async () => {
  await admin.ok('organization.save', { name: 'Folders two', code: 'FOLDERS2' });
  const other = new ApiClient(herald);
  other.token = (await admin.ok('user.switchOrganization', { orgId: 2 })).accessToken;
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
  const theirs = await other.ok('messageFolder.save', { title: 'Theirs', tagColor: '#123456', orderIndex: 0 });
  const foreign = await admin.call('templateMessage.save', { name: 'Sneaky', folderId: theirs.id, template });
  const missing = await admin.call('templateMessage.save', { name: 'Sneaky', folderId: 'no-such-folder', template });
  expect(foreign.body).toEqual(missing.body);
  expect(foreign.body.errorCode).toBe('720009');
});
