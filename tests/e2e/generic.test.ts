/** The generic entity screen, once for all: the tag library (/library/tag) driven by the registry. */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();
const rows = (page: Page) => page.locator('[data-testid="planTag-list"] tbody tr:not(.p-datatable-emptymessage)');

it('lists, adds with validation, edits, filters and deletes a tag', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.click('.side-menu a[href="#/library/tag"]');
  await waitForPath(page, '/library/tag');
  await page.getByRole('heading', { name: 'Tags' }).waitFor();
  await page.locator('[data-testid="planTag-list"]', { hasText: 'No tags yet.' }).waitFor();

  // The schema's own messages, before anything is sent.
  await page.getByRole('button', { name: 'New tag' }).click();
  const dialog = page.locator('#planTag-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#planTag-name-error').textContent()).toBe('Please input the name!');
  await page.fill('#planTag-name', 'Spring sale');
  expect(await page.locator('#planTag-name-error').count()).toBe(0);
  await page.fill('#planTag-color', '#12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#planTag-color-error').textContent()).toBe('Invalid HEX color format');
  await page.fill('#planTag-color', '#FF8800');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message', { hasText: 'Spring sale was created.' }).waitFor();
  await expect.poll(() => rows(page).count()).toBe(1);

  // A taken name comes back from the server with the spec's text.
  await suite.admin.ok('planTag.save', { name: 'Autumn', color: '#336699' });
  await page.getByRole('button', { name: 'New tag' }).click();
  await page.fill('#planTag-name', 'autumn');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.locator('#planTag-name-error').textContent()).toBe('The tags name is already used.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Edit, then filter.
  await page.reload();
  await expect.poll(() => rows(page).count()).toBe(2);
  await rows(page).filter({ hasText: 'Spring sale' }).locator('button[aria-label="Edit Spring sale"]').click();
  await page.fill('#planTag-description', 'Runs in March');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.locator('.p-toast-message', { hasText: 'Spring sale was saved.' }).waitFor();
  await page.fill('#filter-name', 'spring');
  await expect.poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('Runs in March')]);

  // Delete asks first; Cancel keeps it.
  await rows(page).first().locator('button[aria-label="Delete Spring sale"]').click();
  await page.locator('.app-confirm').getByRole('button', { name: 'Cancel' }).click();
  expect(await rows(page).count()).toBe(1);
  await rows(page).first().locator('button[aria-label="Delete Spring sale"]').click();
  await page.locator('.app-confirm').getByRole('button', { name: 'Delete' }).click();
  await page.locator('.p-toast-message', { hasText: 'Spring sale was deleted.' }).waitFor();
  expect((await suite.admin.ok('planTag.getAll')).map((t: { name: string }) => t.name)).toEqual(['Autumn']);
  await context.close();
});
