/**
 * The asset manager in the browser: folders, uploads with the spec's refusals shown before anything is sent,
 * rename and delete after a confirmation that starts on Cancel.
 */
import { expect, it } from 'vitest';
import { gif } from '../../shared/fixtures/gif';
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, ...Buffer.from('IHDR'), 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

it('creates a folder, uploads into it, refuses what the spec refuses, renames and deletes', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.click('.side-menu a[href="#/library/s3-manage"]');
  await waitForPath(page, '/library/s3-manage');
  const rows = page.locator('[data-testid="asset-list"] tbody tr:not(.p-datatable-emptymessage)');
  await page.getByText('This folder is empty.').waitFor();
  await expectAccessible(page, 'the asset manager, empty');

  await page.getByRole('button', { name: 'New folder' }).click();
  await page.fill('#asset-name', 'bad/name');
  await page.locator('#asset-name-dialog').getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.locator('#asset-name-error').textContent()).toContain('The name may not hold');
  await page.fill('#asset-name', 'spring');
  await page.locator('#asset-name-dialog').getByRole('button', { name: 'Save' }).click();
  await page.locator('#asset-name-dialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Open folder spring' }).click();
  await page.getByText('This folder is empty.').waitFor();

  // two good files and two the spec refuses: refused here, before anything is sent
  const big = Buffer.alloc(3 * 1024 * 1024 + 1);
  Buffer.from(gif(1)).copy(big);
  await page.setInputFiles('#asset-upload', [
    { name: 'hero.png', mimeType: 'image/png', buffer: png },
    { name: 'moving.gif', mimeType: 'image/gif', buffer: Buffer.from(gif(3)) },
    { name: 'huge.gif', mimeType: 'image/gif', buffer: big },
    { name: 'what?.png', mimeType: 'image/png', buffer: png },
  ]);
  await page.locator('.p-toast-message-success', { hasText: '2 file(s) uploaded.' }).waitFor();
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['hero.png', 'moving.gif']);
  const refused = page.locator('[data-testid="asset-refused"] li');
  expect(await refused.allTextContents()).toEqual([
    'huge.gif: The maximum file size is 3MB, please re-upload!',
    'what?.png: The name may not hold / \\ : * ? " < > | or control characters, nor start with a dot.',
  ]);
  // the stored file is served at its public address
  const href = await rows.first().locator('a').getAttribute('href');
  expect((await page.request.get(href!)).status()).toBe(200);
  await expectAccessible(page, 'the asset manager with files and refusals');

  await rows.first().getByRole('button', { name: 'Rename hero.png' }).click();
  await page.fill('#asset-name', 'banner.png');
  await page.locator('#asset-name-dialog').getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['banner.png', 'moving.gif']);

  await rows.first().getByRole('button', { name: 'Delete banner.png' }).click();
  const confirm = page.locator('.app-confirm');
  await confirm.waitFor();
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cancel');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['moving.gif']);

  // back at the top, the folder is there
  await page.getByRole('button', { name: 'Assets' }).click();
  await expect.poll(() => rows.locator('td:first-child').allTextContents()).toEqual(['spring']);
  await context.close();
});
