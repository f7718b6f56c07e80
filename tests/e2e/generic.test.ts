/** The generic entity screen, once for all: the tag library (/library/tag) driven by the registry. */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

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

it('adds a geofence with its tags and a beacon in its group through the generic screens', async () => {
  await suite.admin.ok('geofenceTag.save', { name: 'Stores', color: '#FF8800' });
  await suite.admin.ok('beaconGroup.save', { name: 'Entrances' });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);

  await page.goto(`${suite.herald.portalUrl}#/library/geofence`);
  await page.getByRole('heading', { name: 'Geofences' }).waitFor();
  await page.getByRole('button', { name: 'New geofence' }).click();
  const dialog = page.locator('#geofence-dialog');
  await page.fill('#geofence-name', 'Shibuya store');
  await page.locator('.p-multiselect:has(#geofence-tagIds)').click();
  await page.locator('.p-multiselect-item', { hasText: 'Stores' }).click();
  await page.locator('.p-multiselect-close').click();
  await page.locator('#geofence-latitude').clear();
  await page.locator('#geofence-latitude').pressSequentially('91');
  await page.locator('#geofence-longitude').clear();
  await page.locator('#geofence-longitude').pressSequentially('139.7005');
  await page.locator('#geofence-radius').clear();
  await page.locator('#geofence-radius').pressSequentially('200');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#geofence-latitude-error').textContent()).toBe('The latitude must be between -90 and 90.');
  await page.locator('#geofence-latitude').clear();
  await page.locator('#geofence-latitude').pressSequentially('35.6595');
  // the map picker on plain coordinates: centred on the typed point, a click there places the point there
  const picker = page.getByTestId('location-picker');
  await picker.getByText('35.6595, 139.7005').waitFor();
  await picker.getByRole('button', { name: 'Centre the map on the point' }).click();
  const box = (await picker.locator('svg').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 1, box.y + box.height / 2 + 1);
  await expect.poll(async () => Math.abs(Number(await page.inputValue('#geofence-longitude')) - 139.7005)).toBeLessThan(0.01);
  expect(Math.abs(Number(await page.inputValue('#geofence-latitude')) - 35.6595)).toBeLessThan(0.01);
  await expectAccessible(page, 'the geofence form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const fence = page.locator('[data-testid="geofence-list"] tbody tr', { hasText: 'Shibuya store' });
  await fence.waitFor();
  await fence.locator('.p-tag', { hasText: 'Stores' }).waitFor();
  await expectAccessible(page, 'the geofence list');

  await page.goto(`${suite.herald.portalUrl}#/library/beacon`);
  await page.getByRole('heading', { name: 'Beacons' }).waitFor();
  await page.getByRole('button', { name: 'New beacon' }).click();
  await page.fill('#beacon-name', 'Front door');
  await page.locator('.p-dropdown:has(#beacon-groupId)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Entrances' }).click();
  await page.fill('#beacon-uuid', 'not a uuid');
  await page.locator('#beacon-major').clear();
  await page.locator('#beacon-major').pressSequentially('1');
  await page.locator('#beacon-minor').clear();
  await page.locator('#beacon-minor').pressSequentially('7');
  await page.locator('#beacon-dialog').getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#beacon-uuid-error').textContent()).toContain('Please enter a UUID');
  await page.fill('#beacon-uuid', 'f7826da6-4fa2-4e98-8024-bc5b71e0893e');
  await expectAccessible(page, 'the beacon form');
  await page.locator('#beacon-dialog').getByRole('button', { name: 'Save' }).click();
  const beacon = page.locator('[data-testid="beacon-list"] tbody tr', { hasText: 'Front door' });
  await beacon.waitFor();
  await beacon.locator('.p-tag', { hasText: 'Entrances' }).waitFor();
  await expectAccessible(page, 'the beacon list');
  await context.close();
});
