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
  // a system that asks for less motion (openPage's default) gets the side menu without its slide
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.layout-sidebar')!).transitionDuration)).toMatch(/^(1e-05s|0\.00001s)(, (1e-05s|0\.00001s))*$/);
  // the menu button stays on screen
  const toggle = (await page.locator('.topbar-toggle').boundingBox())!;
  expect(toggle.x + toggle.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'the users list at 390 px');
  await context.close();
});

it('at 390 px the top bar keeps the menu button, the bell and the profile; organization and language are in the profile menu', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${suite.herald.portalUrl}#/dashboard`);
  await page.locator('[data-testid="current-org"]').waitFor();
  for (const selector of ['.topbar-toggle', '.topbar button[aria-label^="Notifications"]', '.profile-button']) {
    const box = (await page.locator(selector).boundingBox())!;
    expect(box, selector).not.toBeNull();
    expect(box.x, selector).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, selector).toBeLessThanOrEqual(390);
  }
  expect(await page.locator('.topbar .language-switcher').isVisible()).toBe(false);
  expect(await page.locator('.topbar .org-static, .topbar .org-switcher').first().isVisible()).toBe(false);

  await page.locator('.profile-button').click();
  const menu = page.locator('#profile-menu');
  await menu.getByText('Default organization').waitFor();
  await expectAccessible(page, 'the profile menu at 390 px');
  await menu.getByRole('menuitem', { name: '日本語' }).click();
  await expect.poll(() => page.locator('.side-menu').getByText('承認待ち').count()).toBe(1);
  // the seeded names read in the new language
  await expect.poll(() => page.locator('[data-testid="current-org"]').textContent()).toBe('デフォルト組織');
  expect(await page.locator('[data-testid="current-role"]').textContent()).toBe('管理者');
  await page.locator('.profile-button').click();
  await menu.getByRole('menuitem', { name: 'English' }).click();
  await expect.poll(() => page.locator('[data-testid="current-org"]').textContent()).toBe('Default organization');

  // on a wide screen the menu holds only the profile entries
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.profile-button').click();
  await menu.getByRole('menuitem', { name: 'Log Out' }).waitFor();
  expect(await menu.getByRole('menuitem', { name: '日本語' }).isVisible()).toBe(false);
  await context.close();
});

it('at 390 px the campaign list shows each message with its name, channel and status, and its actions', async () => {
  await suite.admin.ok('plan.saveSingle', {
    name: 'Phone sale',
    title: 'Phone sale',
    channel: 'EMAIL',
    content: { kind: 'EMAIL', template: { contents: { en: { subject: 'Phone sale', blocks: [{ type: 'heading', text: 'Hello' }] } } } },
  });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${suite.herald.portalUrl}#/campaigns`);
  const row = page.locator('[data-testid="campaign-list"] tbody tr', { hasText: 'Phone sale' });
  await row.waitFor();
  const headers = await page.locator('[data-testid="campaign-list"] thead th').evaluateAll((ths) => ths.filter((th) => th.checkVisibility()).map((th) => th.textContent?.trim()));
  expect(headers).toEqual(['Name', 'Channel', 'Status']);
  for (const text of ['Phone sale', 'Email', 'Draft']) {
    const box = (await row.locator('td', { hasText: text }).first().boundingBox())!;
    expect(box.x, text).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, text).toBeLessThanOrEqual(390);
  }
  // the row's actions on a line of their own, all on screen
  for (const button of await row.locator('td.actions-column button').all()) {
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // neither the page nor the table scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const wrapper = await page.locator('[data-testid="campaign-list"] .p-datatable-wrapper').evaluate((w) => [w.scrollWidth, w.clientWidth]);
  expect(wrapper[0]).toBeLessThanOrEqual(wrapper[1]);
  await expectAccessible(page, 'the campaign list at 390 px');
  await context.close();
});

it("at 390 px in Japanese the wizard's buttons keep their labels on one line", async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.selectOption('#language-switcher', 'ja');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${suite.herald.portalUrl}#/campaigns/new-single`);
  await page.getByRole('button', { name: '下書き保存' }).waitFor();
  const labels = await page.locator('.campaign-wizard .p-button-label').evaluateAll((spans) =>
    spans
      .filter((s) => s.checkVisibility() && s.textContent)
      .map((s) => {
        const box = s.getBoundingClientRect();
        return { text: s.textContent, height: box.height, fontSize: parseFloat(getComputedStyle(s).fontSize), right: box.right };
      }),
  );
  expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining(['下書き保存', '戻る', '次へ']));
  for (const l of labels) {
    expect(l.height, `${l.text} is on one line`).toBeLessThan(2 * l.fontSize);
    expect(l.right, `${l.text} is on screen`).toBeLessThanOrEqual(390);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.selectOption('#language-switcher', 'en');
  await expect.poll(async () => (await suite.admin.ok('user.profile', {})).language).toBe('en');
  await context.close();
});
