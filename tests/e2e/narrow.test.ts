/**
 * The portal on a phone (390 × 844): the top bar keeps its menu button usable, and a list's row actions (a
 * user's edit and delete) are on screen without scrolling sideways.
 */
import { expect, it } from 'vitest';
import { browserSuite, expectAccessible, openPage, signIn, userWithRole } from './browser';

const suite = browserSuite();

it("reaches a user's edit and delete actions at 390 px without scrolling sideways", async () => {
  await userWithRole(suite.admin, { username: 'phone.user', password: 'Phone@12345', permissions: ['NAV_DASHBOARD'] });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${suite.herald.portalUrl}#/admin-pennel`);
  const row = page.locator('[data-testid="user-list"] tbody tr', { hasText: 'phone.user' });
  await row.waitFor();
  // the page itself never scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const name of ['Edit', 'Delete']) {
    const button = row.locator(`button[aria-label^="${name}"]`);
    const box = (await button.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(390);
  }
  await row.locator('button[aria-label^="Edit"]').click();
  await page.locator('#user-dialog').waitFor();
  await page.locator('#user-dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.locator('#user-dialog').waitFor({ state: 'detached' });
  // the menu button stays on screen
  const toggle = (await page.locator('.topbar-toggle').boundingBox())!;
  expect(toggle.x + toggle.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'the users list at 390 px');
  await context.close();
});
