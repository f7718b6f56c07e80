/**
 * The push channel screen (/push-channel) in Chromium: a channel added with a .p8 file after the form names what
 * is missing, listed without its key, edited without sending the key again, deleted after a confirmation; the
 * key's text never reaches the page. axe-core on the list, the form and the confirmation; the list in ja.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn } from './browser';

// HERALD_E2E_WEB_ROOT: a portal build of one's own (the shared web/dist is built by `npm run build:web`)
const suite = browserSuite(process.env.HERALD_E2E_WEB_ROOT ? { webRoot: process.env.HERALD_E2E_WEB_ROOT } : {});

async function choose(page: Page, dropdown: Locator, option: string): Promise<void> {
  await dropdown.click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

it('adds, lists, edits and deletes a push channel; the key never comes back to the page', async () => {
  const app = await suite.admin.ok('application.save', { name: 'Shop iOS', appType: 'IOS', bundleId: 'com.example.shop' });
  const tokenKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const { page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/push-channel`);
  await page.getByTestId('push-channel-page').waitFor();
  await page.getByRole('button', { name: 'Add push channel' }).click();
  const dialog = page.locator('#push-channel-dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await dialog.textContent()).toContain('Please input the title!');
  expect(await dialog.textContent()).toContain('Please select the app!');
  await page.fill('#push-title', 'iPhone (sandbox)');
  await choose(page, dialog.locator('.p-dropdown:has(#push-app)'), app.name);
  await choose(page, dialog.locator('.p-dropdown:has(#push-type)'), 'APNs (sandbox)');
  await page.fill('#push-bundle', 'com.example.shop');
  await page.fill('#push-team', 'abcde12345');
  await page.fill('#push-key-id', 'KEY1234567');
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(await page.locator('#push-token-key-message').textContent()).toContain('.p8');
  await page.setInputFiles('#push-token-key', { name: 'AuthKey_KEY1234567.p8', mimeType: 'application/octet-stream', buffer: Buffer.from(tokenKey) });
  await expectAccessible(page, 'the push channel form');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = page.locator('[data-testid="push-channels"] tbody tr', { hasText: 'iPhone (sandbox)' });
  await row.waitFor();
  expect(await row.textContent()).toContain('Key KEY1234567, team ABCDE12345');
  expect(await page.content()).not.toContain(tokenKey.split('\n')[1]);
  await closeToasts(page);
  await expectAccessible(page, 'the push channel list');

  // an edit keeps the key without sending it again
  await row.getByRole('button', { name: 'Edit iPhone (sandbox)' }).click();
  await dialog.waitFor();
  expect(await page.locator('#push-token-key-message').textContent()).toContain('Never shown again');
  await page.fill('#push-title', 'iPhone (dev)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const edited = page.locator('[data-testid="push-channels"] tbody tr', { hasText: 'iPhone (dev)' });
  await edited.waitFor();
  expect((await suite.admin.ok('pushChannelSetting.list', {})).list).toMatchObject([{ title: 'iPhone (dev)', credentialSet: true, version: 2 }]);

  // deleted after a confirmation
  await edited.getByRole('button', { name: 'Delete iPhone (dev)' }).click();
  await page.locator('.app-confirm').waitFor();
  await expectAccessible(page, 'the delete confirmation');
  await page.locator('.app-confirm').getByRole('button', { name: 'Delete' }).click();
  await edited.waitFor({ state: 'detached' });
  expect((await suite.admin.ok('pushChannelSetting.list', {})).list).toEqual([]);

  // the screen in Japanese
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await suite.admin.ok('pushChannelSetting.save', {
    title: 'Android',
    appId: app.id,
    type: 'GCM',
    serviceJson: JSON.stringify({
      type: 'service_account',
      project_id: 'p',
      client_email: 'a@p.iam.gserviceaccount.com',
      private_key: generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }),
    }),
  });
  await page.reload();
  await page.getByRole('button', { name: 'プッシュチャネルを追加' }).waitFor();
  await expect.poll(() => page.locator('[data-testid="push-channels"]').textContent()).toContain('FCM');
  expect(await page.locator('[data-testid="push-channels"]').textContent()).toContain('はい');
});

it('keeps the organization’s own providers in ja: what a provider needs is named, its secret never comes back, and a test send shows the provider’s answer', async () => {
  await suite.admin.ok('user.saveProfile', { language: 'ja' });
  try {
    const { page } = await openPage(suite.browser);
    await signIn(page, `${suite.herald.portalUrl}#/push-channel`);
    await page.getByRole('heading', { name: 'メール・SMS プロバイダー' }).waitFor();
    expect(await page.getByTestId('messageProvider-list').textContent()).toContain('プロバイダーはまだありません');
    await page.getByRole('button', { name: 'プロバイダーを作成' }).click();
    const dialog = page.locator('#messageProvider-dialog');
    await dialog.waitFor();
    await page.fill('#messageProvider-title', '銀行の SES');
    await choose(page, dialog.locator('.p-dropdown:has(#messageProvider-provider)'), 'Amazon SES（自社アカウント）');
    await page.fill('#messageProvider-fromEmail', 'news@bank.example');
    await page.fill('#messageProvider-accessKey', 'AKIAORGEXAMPLE000001');
    await page.fill('#messageProvider-secretKey', 'bank-secret-never-shown');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => dialog.textContent()).toContain('リージョンを入力してください');
    await page.fill('#messageProvider-region', 'ap-northeast-1');
    await expectAccessible(page, 'the provider form (ja)');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('[data-testid="messageProvider-list"] tbody tr', { hasText: '銀行の SES' });
    await row.waitFor();
    expect(await row.textContent()).toContain('メール');
    expect(await page.content()).not.toContain('bank-secret-never-shown');
    await closeToasts(page);
    await expectAccessible(page, 'the provider list (ja)');

    await row.getByRole('button', { name: '銀行の SES でテスト送信' }).click();
    const test = page.locator('#provider-test');
    await test.waitFor();
    await page.fill('#provider-test-to', 'ops@bank.example');
    await test.getByRole('button', { name: 'テスト送信' }).click();
    await expect.poll(() => test.textContent()).toContain('送信しました');
    await expectAccessible(page, 'the provider test (ja)');
  } finally {
    await suite.admin.ok('user.saveProfile', { language: 'en' });
  }
});
