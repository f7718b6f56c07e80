/**
 * Apps and the app SDK in Chromium: an app made on /application gets its signing secret in a one-time dialog;
 * the typed SDK client signs with that secret; the account the app registered shows its device, its permission
 * record and its events in the account detail. axe-core on the list, the confirmation, the secret dialog and the
 * account tabs, in en, then the list in zh and ja.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createSdkClient } from '../../shared/sdk/client';
import { browserSuite, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite();

async function choose(page: Page, dropdown: Locator, option: string): Promise<void> {
  await dropdown.click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

it('issues a secret once, and the account an app registered shows its device, permission changes and events', async () => {
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/application`);
  await page.getByRole('heading', { name: 'Applications' }).waitFor();
  await page.getByRole('button', { name: 'New app' }).click();
  await page.fill('#application-name', 'Shop for iPhone');
  await choose(page, page.locator('.p-dropdown:has(#application-appType)'), 'iOS');
  await page.fill('#application-bundleId', 'not a bundle');
  await page.locator('#application-dialog').getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#application-bundleId-error').textContent()).toContain('com.example.app');
  await page.fill('#application-bundleId', 'com.example.shop');
  await expectAccessible(page, 'the app form');
  await page.locator('#application-dialog').getByRole('button', { name: 'Save' }).click();
  const row = page.locator('[data-testid="application-list"] tbody tr', { hasText: 'Shop for iPhone' });
  await row.waitFor();
  await expectAccessible(page, 'the app list');

  await row.getByRole('button', { name: 'Issue signing secret for Shop for iPhone' }).click();
  await page.locator('.app-confirm').waitFor();
  await expectAccessible(page, 'the issue confirmation');
  await page.getByRole('button', { name: 'Issue secret' }).click();
  const dialog = page.getByTestId('issued-secret');
  await dialog.waitFor();
  const appKey = await page.inputValue('#issued-app-key');
  const secret = await page.inputValue('#issued-secret');
  expect(appKey).toMatch(/^hk\./);
  expect(secret.length).toBeGreaterThan(30);
  // the first secret comes with the server key for user tokens, shown once beside it
  const serverKey = await page.inputValue('#issued-server-key');
  expect(serverKey.length).toBeGreaterThan(30);
  expect(serverKey).not.toBe(secret);
  await expectAccessible(page, 'the secret dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // the list shows the key, never the secret
  await expect.poll(() => row.textContent()).toContain(appKey);
  expect(await page.content()).not.toContain(secret);
  expect(await page.content()).not.toContain(serverKey);

  const sdk = createSdkClient({ baseUrl: suite.herald.url, appKey, secret });
  await sdk.identify({ accountId: 'app-user-1', firstName: 'Aiko', device: { deviceId: 'iphone-1', platform: 'IOS', pushToken: 'b'.repeat(64), permission: 'ALWAYS' } });
  await sdk.permission({ accountId: 'app-user-1', deviceId: 'iphone-1', permission: 'WHEN_IN_USE' });
  await sdk.events({ accountId: 'app-user-1', events: [{ type: 'custom', name: 'add_to_cart', at: Date.now(), deviceId: 'iphone-1' }] });

  await page.goto(`${suite.herald.portalUrl}#/library/account`);
  await page.fill('#account-search', 'app-user-1');
  const view = page.getByRole('button', { name: 'Show app-user-1' });
  await view.waitFor();
  await view.click();
  const detail = page.locator('#account-dialog');
  await detail.waitFor();
  await detail.getByRole('tab', { name: 'Permissions' }).click();
  const record = page.getByTestId('account-permission-record');
  await record.waitFor();
  expect(await record.locator('tbody tr').first().textContent()).toContain('When in use');
  await expectAccessible(page, 'the permission record');
  await detail.getByRole('tab', { name: 'Events' }).click();
  await page.getByTestId('account-events').waitFor();
  expect(await page.getByTestId('account-events').textContent()).toContain('add_to_cart');
  await expectAccessible(page, 'the account events');

  for (const [lang, title] of [
    ['zh', '应用'],
    ['ja', 'アプリ'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('herald.lang', l), lang);
    await page.goto(`${suite.herald.portalUrl}#/application`);
    await page.reload();
    await page.getByRole('heading', { name: title, exact: true }).waitFor();
    await expectAccessible(page, `the app list in ${lang}`);
  }
  await context.close();
});
