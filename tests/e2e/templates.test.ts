/**
 * The template library and the email builder in Chromium: build a template with a heading, a paragraph and a
 * button, reorder by keyboard and buttons, undo and redo, see it in the sandboxed preview at 600px and 393px (an
 * image too, then removed), add a language, save, find it in the list and reopen it; duplicate, deactivate and
 * delete from the list. axe-core on both screens. The image block's picture chosen from the asset manager.
 */
import type { EmailTemplate } from '../../shared/render';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, closeToasts, expectAccessible, hashPath as hashPathOf, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

const blockNames = (page: Page) => page.locator('.block-item .block-name').allTextContents();
const selectedField = (page: Page, field: string) => page.locator(`.block-item.selected [id$="-${field}"]`).first();
const preview = (page: Page): FrameLocator => page.frameLocator('[data-testid="template-preview"]');
const listRows = (page: Page) => page.locator('[data-testid="template-list"] tbody tr:not(.p-datatable-emptymessage)');

async function addBlock(page: Page, type: string): Promise<void> {
  const before = await page.locator('.block-item').count();
  await page.click(`.palette-list button[data-block-type="${type}"]`);
  await expect.poll(() => page.locator('.block-item').count()).toBe(before + 1);
}

it('builds, previews, saves and reopens an email template', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);

  // The library, empty.
  await page.click('.side-menu a[href="#/library/message"]');
  await waitForPath(page, '/library/message');
  await page.getByRole('heading', { name: 'Messages' }).waitFor();
  await page.locator('[data-testid="template-list"]', { hasText: 'No templates yet.' }).waitFor();
  await expectAccessible(page, 'the empty template library');

  // A new template: nothing to save yet, and the schema says why at the fields.
  // New template asks which channel's
  await page.getByRole('button', { name: 'New template' }).click();
  await page.getByRole('menuitem', { name: 'Email template' }).click();
  await waitForPath(page, '/library/message/template');
  await page.getByRole('heading', { name: 'New email template' }).waitFor();
  await expectAccessible(page, 'the empty builder');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message-error', { hasText: 'Please input required fields' }).waitFor();
  expect(await page.locator('#template-name-error').textContent()).toBe('Please input the name!');
  expect(await page.locator('#template-subject-error').textContent()).toBe('Please input the subject!');

  await page.fill('#template-name', 'Spring welcome');
  await page.fill('#template-subject', 'Hello {{firstName|there}}');
  expect(await page.locator('#template-name-error').count()).toBe(0);

  // Heading, paragraph and button, each edited in its own panel.
  await addBlock(page, 'heading');
  await selectedField(page, 'text').fill('Welcome aboard');
  await addBlock(page, 'paragraph');
  await selectedField(page, 'text').fill('Hi <b>{{firstName|there}}</b>, thanks for joining.');
  await addBlock(page, 'button');
  await selectedField(page, 'text').fill('Start now');
  await selectedField(page, 'href').fill('javascript:alert(1)');
  await expect.poll(() => page.locator('.block-item.selected .p-error[id$="-href-error"]').textContent()).toContain('Please enter a full link');
  await selectedField(page, 'href').fill('https://example.com/start');
  expect(await page.locator('.block-item.selected .p-error[id$="-href-error"]').count()).toBe(0);
  expect(await blockNames(page)).toEqual(['Heading 1', 'Paragraph 2', 'Button 3']);

  // Reorder by keyboard and by the move buttons; undo and redo.
  await page.getByRole('button', { name: /^Paragraph 2/ }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => blockNames(page)).toEqual(['Paragraph 1', 'Heading 2', 'Button 3']);
  expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Paragraph 1');
  await page.locator('.sr-only[role="status"]', { hasText: 'Paragraph is now at position 1 of 3.' }).waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Move Heading 2 up' }).click();
  await expect.poll(() => blockNames(page)).toEqual(['Heading 1', 'Paragraph 2', 'Button 3']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => blockNames(page)).toEqual(['Paragraph 1', 'Heading 2', 'Button 3']);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect.poll(() => blockNames(page)).toEqual(['Heading 1', 'Paragraph 2', 'Button 3']);

  // And by mouse: drag a block by its handle, drag a new one from the palette (a window tall enough to hold both
  // ends of each drag, as a drag that scrolls the page is not one a test can make).
  await page.setViewportSize({ width: 1440, height: 1400 });
  const item = (n: number) => page.locator('.block-item').nth(n);
  await item(2)
    .locator('.block-head')
    .dragTo(item(0), { targetPosition: { x: 40, y: 4 } });
  await expect.poll(() => blockNames(page)).toEqual(['Button 1', 'Heading 2', 'Paragraph 3']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => blockNames(page)).toEqual(['Heading 1', 'Paragraph 2', 'Button 3']);
  await page.locator('.palette-list li', { has: page.locator('[data-block-type="divider"]') }).dragTo(item(1), { targetPosition: { x: 40, y: 4 } });
  await expect.poll(() => blockNames(page)).toEqual(['Heading 1', 'Divider 2', 'Paragraph 3', 'Button 4']);
  await page.getByRole('button', { name: 'Remove Divider 2' }).click();
  await expect.poll(() => blockNames(page)).toEqual(['Heading 1', 'Paragraph 2', 'Button 3']);
  await page.setViewportSize({ width: 1440, height: 900 });

  // The preview: the renderer's mail, personalised, in a frame that runs nothing.
  const frame = page.locator('[data-testid="template-preview"]');
  expect(await frame.getAttribute('sandbox')).toBe('');
  expect(Math.round((await frame.boundingBox())!.width)).toBe(600);
  await preview(page).getByRole('heading', { name: 'Welcome aboard' }).waitFor();
  await preview(page).locator('strong', { hasText: 'Alex' }).waitFor();
  expect(await preview(page).getByRole('link', { name: 'Start now' }).getAttribute('href')).toBe('https://example.com/start');
  expect(await page.getByTestId('preview-subject').textContent()).toBe('Subject: Hello Alex');
  const sidePadding = () =>
    preview(page)
      .locator('td.hd-px')
      .first()
      .evaluate((td) => getComputedStyle(td).paddingLeft);
  expect(await sidePadding()).toBe('24px');
  await page.getByRole('button', { name: 'Mobile, 393 px' }).click();
  await expect.poll(async () => Math.round((await frame.boundingBox())!.width)).toBe(393);
  expect(await frame.getAttribute('title')).toBe('Preview of the email at 393 px');
  await preview(page).getByRole('heading', { name: 'Welcome aboard' }).waitFor();
  await expect.poll(sidePadding).toBe('16px');
  await page.getByLabel('Personalise for a sample recipient (Alex)').uncheck();
  await preview(page).locator('strong', { hasText: 'there' }).waitFor();
  await page.getByRole('button', { name: 'Desktop, 600 px' }).click();
  await expect.poll(async () => Math.round((await frame.boundingBox())!.width)).toBe(600);

  // A picture from an https address shows in the preview (the page's policy allows it); then it goes again.
  await addBlock(page, 'image');
  await selectedField(page, 'image').fill('https://example.com/logo.png');
  await selectedField(page, 'alt').fill('Herald logo');
  expect(await preview(page).getByRole('img', { name: 'Herald logo' }).getAttribute('src')).toBe('https://example.com/logo.png');
  await page.getByRole('button', { name: 'Remove Image 4' }).click();
  await expect.poll(() => blockNames(page)).toEqual(['Heading 1', 'Paragraph 2', 'Button 3']);
  await expect.poll(() => preview(page).getByRole('img', { name: 'Herald logo' }).count()).toBe(0);

  // A Japanese version, copied from English, then translated.
  await page.getByRole('button', { name: 'Add language' }).click();
  await page.fill('#language-code', 'ja');
  await page.locator('.language-add button[type="submit"]').click();
  await page.getByRole('tab', { name: '日本語' }).waitFor();
  expect(await page.getByRole('tab', { name: '日本語' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.inputValue('#template-subject')).toBe('Hello {{firstName|there}}');
  await page.fill('#template-subject', 'ようこそ');
  await expect.poll(() => page.getByTestId('preview-subject').textContent()).toBe('Subject: ようこそ');
  // the Japanese mail links to its web version: the line shows above the content, in Japanese
  await page.locator('label[for="template-web-version"]').click();
  await preview(page).getByRole('link', { name: 'ブラウザで表示' }).waitFor();
  expect(await blockNames(page)).toEqual(['Heading 1', 'Paragraph 2', 'Button 3']);
  await page.getByRole('tab', { name: /^English/ }).click();
  await page.getByRole('button', { name: /^Heading 1/ }).click();
  await expectAccessible(page, 'the builder with content and an open block');

  // Save: created, and the address now names the template.
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message', { hasText: 'Template Spring welcome was created.' }).waitFor();
  expect(new URL(page.url()).hash).toMatch(/^#\/library\/message\/template\?id=/);
  await page.getByRole('heading', { name: 'Spring welcome' }).waitFor();
  expect(await page.locator('.builder-actions', { hasText: 'Unsaved changes' }).count()).toBe(0);
  const stored = (await suite.admin.ok('templateMessage.getAll')).find((t: { name: string }) => t.name === 'Spring welcome');
  const detail = await suite.admin.ok('templateMessage.detail', { id: stored!.id });
  expect(detail.languages).toEqual(['en', 'ja']);
  expect((detail.template as EmailTemplate).contents.en!.blocks.map((b: { type: string }) => b.type)).toEqual(['heading', 'paragraph', 'button']);
  expect((detail.template as EmailTemplate).contents.ja!.subject).toBe('ようこそ');
  expect((detail.template as EmailTemplate).contents.ja!.webVersion).toBe(true);
  expect((detail.template as EmailTemplate).contents.en!.webVersion).toBe(false);

  // A second save is an edit of the version read (the heading is still open).
  expect(await page.getByRole('button', { name: /^Heading 1/ }).getAttribute('aria-expanded')).toBe('true');
  await selectedField(page, 'text').fill('Welcome aboard!');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message', { hasText: 'Template Spring welcome was saved.' }).waitFor();
  expect((await suite.admin.ok('templateMessage.detail', { id: stored!.id })).version).toBe(2);

  // The list shows it; reopening loads it as saved.
  await page.getByRole('link', { name: 'Back to templates' }).click();
  await waitForPath(page, '/library/message');
  await expect.poll(() => listRows(page).count()).toBe(1);
  expect(await listRows(page).first().textContent()).toContain('Hello {{firstName|there}}');
  await expectAccessible(page, 'the template library with a template');
  await page.getByRole('button', { name: 'Edit Spring welcome' }).click();
  await waitForPath(page, '/library/message/template');
  await page.getByRole('heading', { name: 'Spring welcome' }).waitFor();
  expect(await blockNames(page)).toEqual(['Heading 1', 'Paragraph 2', 'Button 3']);
  expect(await page.inputValue('#template-name')).toBe('Spring welcome');
  await preview(page).getByRole('heading', { name: 'Welcome aboard!' }).waitFor();
  expect(await page.getByRole('tab').allTextContents()).toEqual([expect.stringContaining('English'), '日本語']);

  // Leaving with unsaved changes asks first; staying keeps them.
  await page.fill('#template-name', 'Spring welcome, unsaved');
  await page.getByRole('link', { name: 'Back to templates' }).click();
  await page.locator('.app-confirm', { hasText: 'Leave without saving?' }).waitFor();
  await page.locator('.app-confirm').getByRole('button', { name: 'Cancel' }).click();
  await page.locator('.app-confirm').waitFor({ state: 'detached' });
  expect(hashPathOf(page)).toBe('/library/message/template');
  expect(await page.inputValue('#template-name')).toBe('Spring welcome, unsaved');
  await page.getByRole('link', { name: 'Back to templates' }).click();
  await page.locator('.app-confirm').getByRole('button', { name: 'Leave' }).click();
  await waitForPath(page, '/library/message');

  // Duplicate, then delete the copy after the confirmation.
  await page.getByRole('button', { name: 'Duplicate Spring welcome' }).click();
  await page.locator('.p-toast-message', { hasText: 'Spring welcome (copy) was created as a copy.' }).waitFor();
  await expect.poll(() => listRows(page).count()).toBe(2);
  await page.getByRole('button', { name: 'Deactivate Spring welcome (copy)' }).click();
  await page.locator('.p-toast-message', { hasText: 'Spring welcome (copy) is inactive now.' }).waitFor();
  // the list has read the row again before the delete is asked for, so no reload runs under the dialog
  await page.getByRole('button', { name: 'Activate Spring welcome (copy)' }).waitFor();
  await page.getByRole('button', { name: 'Delete Spring welcome (copy)' }).click();
  await page.locator('.app-confirm', { hasText: 'Spring welcome (copy)' }).waitFor();
  await page.locator('.app-confirm').getByRole('button', { name: 'Delete' }).click();
  await page.locator('.app-confirm').waitFor({ state: 'detached' });
  await page.locator('.p-toast-message', { hasText: 'Template Spring welcome (copy) was deleted.' }).waitFor();
  await expect.poll(() => listRows(page).count()).toBe(1);
  await context.close();
});

it('shows a taken name at the field', async () => {
  await suite.admin.ok('templateMessage.save', { name: 'Taken name', template: { contents: { en: { subject: 'x' } } } });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/message/template`);
  await page.getByRole('heading', { name: 'New email template' }).waitFor();
  await page.fill('#template-name', 'taken NAME');
  await page.fill('#template-subject', 'Hi');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.locator('#template-name-error').textContent()).toBe('This template name is already used.');
  await context.close();
});

it('locks and unlocks from the list, exports the library to a file and imports it back with a report', async () => {
  const saved = await suite.admin.ok('templateMessage.save', { name: 'Portable', template: { contents: { en: { subject: 'Carry me' } } } });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/message`);
  const row = listRows(page).filter({ hasText: 'Portable' });
  await row.waitFor();

  await row.getByRole('button', { name: 'Lock Portable' }).click();
  await page.locator('.p-toast-message', { hasText: 'Portable is locked.' }).waitFor();
  await row.getByTestId('locked-mark').waitFor();
  expect((await suite.admin.ok('templateMessage.detail', { id: saved.id })).locked).toBe(true);
  await closeToasts(page, 30_000);
  await expectAccessible(page, 'the template library with a locked template');
  await row.getByRole('button', { name: 'Unlock Portable' }).click();
  await page.locator('.p-toast-message', { hasText: 'Portable is unlocked.' }).waitFor();
  await expect.poll(() => row.getByTestId('locked-mark').count()).toBe(0);

  // export: a file the browser downloads, holding the library
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^herald-templates-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(file).toMatchObject({ format: 'herald.templateMessages', version: 1 });
  expect(file.templates.map((t: { name: string }) => t.name)).toContain('Portable');

  // import it back, with one entry that names no template: the rest are updated, that one is reported
  const doctored = { ...file, templates: [...file.templates, { id: 'f3d2c1b0-0000-4000-8000-000000000000', name: 'Ghost', template: { contents: { en: { subject: 'x' } } } }] };
  const path = join(mkdtempSync(join(tmpdir(), 'herald-templates-')), 'library.json');
  writeFileSync(path, JSON.stringify(doctored));
  await page.setInputFiles('#template-import-file', path);
  await page.locator('.p-toast-message', { hasText: `Imported: 0 new, ${file.templates.length} updated.` }).waitFor();
  await page.getByTestId('template-import-report').getByText('Entry', { exact: false }).waitFor();
  expect(await page.getByTestId('template-import-report').textContent()).toContain(`Entry ${doctored.templates.length} (Ghost): Invalid template id`);
  await closeToasts(page, 30_000);
  await expectAccessible(page, 'the template library with an import report');
  await context.close();
});

it("shows a template's languages with their status and copies it with a missing one added", async () => {
  await suite.admin.ok('language.save', { name: 'Japanese', code: 'ja' });
  await suite.admin.ok('language.save', { name: 'Chinese', code: 'zh' });
  await suite.admin.ok('templateMessage.save', {
    name: 'Multilingual',
    template: { defaultLanguage: 'en', contents: { en: { subject: 'Hello' }, ja: { subject: 'こんにちは' } } },
  });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/message`);
  await page.getByRole('button', { name: 'Languages of Multilingual' }).click();
  const dialog = page.locator('#template-languages');
  const rows = dialog.locator('[data-testid="template-language-list"] tbody tr');
  await expect
    .poll(() => rows.allTextContents())
    .toEqual([expect.stringMatching(/^English \(en\)Default/), expect.stringMatching(/^Japanese \(ja\)Translated/), expect.stringMatching(/^Chinese \(zh\)Missing--$/)]);
  await expectAccessible(page, 'template languages');
  await dialog.locator('label[for="add-language-zh"]').click();
  await dialog.getByRole('button', { name: 'Copy with 1 language(s)' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.p-toast-message-success', { hasText: 'A copy of Multilingual with the new languages was made.' }).waitFor();
  const copy = (await suite.admin.ok('templateMessage.getListByPage', { page: 0, size: 50, name: 'Multilingual (copy)' })).list[0]!;
  expect(copy.languages).toEqual(['en', 'ja', 'zh']);
  await context.close();
});

it('builds a title, a list and legal text, and the preview shows them as edited', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/message/template`);
  await page.getByRole('heading', { name: 'New email template' }).waitFor();
  await page.fill('#template-name', 'Blocks of text');
  await page.fill('#template-subject', 'Blocks');
  await addBlock(page, 'title');
  await selectedField(page, 'text').fill('Winter sale');
  await addBlock(page, 'list');
  // one item per line; the empty line is left out of the message
  await selectedField(page, 'items').fill('Free delivery\n\nEasy returns');
  await addBlock(page, 'legal');
  await selectedField(page, 'text').fill('Herald Inc., 1 Main St.');
  await expect.poll(() => preview(page).locator('h1').textContent()).toBe('Winter sale');
  await expect.poll(() => preview(page).locator('ul li').allTextContents()).toEqual(['Free delivery', 'Easy returns']);
  await expect.poll(() => preview(page).getByText('Herald Inc., 1 Main St.').count()).toBe(1);
  await expectAccessible(page, 'the builder with a list block');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message-success').first().waitFor();
  const saved = (await suite.admin.ok('templateMessage.getListByPage', { page: 0, size: 50, name: 'Blocks of text' })).list[0]!;
  const detail = await suite.admin.ok('templateMessage.detail', { id: saved.id });
  expect((detail.template as EmailTemplate).contents.en!.blocks.map((b: { type: string }) => b.type)).toEqual(['title', 'list', 'legal']);
  expect((detail.template as EmailTemplate).contents.en!.blocks[1]).toMatchObject({ items: ['Free delivery', '', 'Easy returns'], style: 'bulleted' });
  await context.close();
});

it('edits the links of a link group item by item: change, remove, add up to five', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/message/template`);
  await page.getByRole('heading', { name: 'New email template' }).waitFor();
  await addBlock(page, 'textLinkGroup');
  const panel = page.locator('.block-item.selected');
  await expect.poll(() => preview(page).locator('a').allTextContents()).toEqual(expect.arrayContaining(['Website', 'Help', 'Contact']));
  await panel.locator('[id$="-items-1-text"]').fill('Support');
  await panel.getByRole('button', { name: 'Remove item 3' }).click();
  await expect.poll(() => preview(page).locator('div > a').allTextContents()).toEqual(['Website', 'Support']);
  const add = panel.getByRole('button', { name: 'Add an item (at most 5)' });
  for (let i = 0; i < 3; i++) await add.click();
  expect(await add.isDisabled()).toBe(true);
  await panel.locator('[id$="-items-4-text"]').fill('Careers');
  await panel.locator('[id$="-items-4-href"]').fill('https://example.com/careers');
  await expect.poll(() => preview(page).locator('a', { hasText: 'Careers' }).getAttribute('href')).toBe('https://example.com/careers');
  await expectAccessible(page, 'the builder with a link group');
  await context.close();
});

it("chooses the image block's picture from the assets: folders, a name filter, and the asset's public address in the preview", async () => {
  // set up through the API: two pictures and a file that is no picture, in a folder
  const onePixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  await suite.admin.ok('s3Manager.saveFolder', { baseDir: '', name: 'picker' });
  const uploaded = await suite.admin.ok('upload.index', {
    baseDir: 'picker',
    use: 'image',
    files: [
      { name: 'spring-hero.png', contentBase64: onePixel },
      { name: 'autumn.png', contentBase64: onePixel },
    ],
  });
  await suite.admin.ok('upload.index', { baseDir: 'picker', use: 'file', files: [{ name: 'notes.txt', contentBase64: Buffer.from('not a picture').toString('base64') }] });
  const hero = uploaded.files.find((f) => f.name === 'spring-hero.png')!;

  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/message/template`);
  await page.getByRole('heading', { name: 'New email template' }).waitFor();
  await addBlock(page, 'image');
  const open = page.locator('.block-item.selected').getByRole('button', { name: 'Choose from assets' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Choose an image from the assets' });
  await dialog.getByRole('button', { name: 'Open folder picker' }).click();
  const items = dialog.locator('[data-testid="asset-picker-item"]');
  // pictures only, each with its thumbnail at its public address
  await expect.poll(() => items.locator('[data-testid="asset-picker-name"]').allTextContents()).toEqual(['autumn.png', 'spring-hero.png']);
  expect(await items.nth(1).locator('img').getAttribute('src')).toBe(hero.url);
  await dialog.getByLabel('Filter by name').fill('HERO');
  await expect.poll(() => items.locator('[data-testid="asset-picker-name"]').allTextContents()).toEqual(['spring-hero.png']);
  await expectAccessible(page, 'the asset picker');
  await dialog.getByLabel('Filter by name').fill('winter');
  await dialog.getByText('No picture here has "winter" in its name.').waitFor();
  await dialog.getByLabel('Filter by name').fill('hero');

  // by keyboard: Tab to the picture and Enter
  await dialog.getByLabel('Filter by name').focus();
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Use spring-hero.png');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  expect(await selectedField(page, 'image').inputValue()).toBe(hero.url);
  await expect.poll(() => preview(page).locator('img').first().getAttribute('src')).toBe(hero.url);
  // focus is back on the button that opened the picker
  await expect.poll(() => open.evaluate((b) => b === document.activeElement)).toBe(true);

  // a typed address still works
  await selectedField(page, 'image').fill('https://example.com/typed.png');
  await expect.poll(() => preview(page).locator('img').first().getAttribute('src')).toBe('https://example.com/typed.png');
  await context.close();
});
