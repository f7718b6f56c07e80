/**
 * The administration screens in Chromium, in Japanese, axe-clean: organizations (create, edit with the app
 * feature JSON checked, the white list, the action list, ownership transfer) and role delegation on the users
 * page (made in the form, in effect, ended at its date on the server's clock, ended by hand). Set-up and checks
 * of what was stored go through the API.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ApiClient, manualClock } from '../support/herald';
import { browserSuite, closeToasts, expectAccessible, logOut, openPage, signIn, userWithRole, waitForPath } from './browser';

const HOUR = 3600_000;
// the server's clock starts at the browser's and is moved by hand; the browser's own stays behind it
const clock = manualClock(Date.now());
const suite = browserSuite({ clock, config: { maxClockSkewMs: 24 * HOUR } });

async function choose(page: Page, dropdown: Locator, option: string): Promise<void> {
  await dropdown.click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

async function signedInJa(): Promise<Page> {
  const { page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await page.reload();
  await page.waitForSelector('.side-menu');
  return page;
}

/** `ms` as a `datetime-local` value in UTC, as the form reads it. */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);

it('organizations: create, edit with the app feature JSON checked, the white list, the action list and ownership transfer', async () => {
  const { admin } = suite;
  const heir = await userWithRole(admin, { username: 'heir', password: 'Heir@1234', permissions: ['NAV_ORGANIZATION'] });
  await admin.ok('actionList.save', { name: 'クーポンを開く', code: 'OPEN_COUPONS', type: 'OPEN_PAGE' });
  const page = await signedInJa();
  await page.goto(`${suite.herald.portalUrl}#/organization`);
  await page.getByRole('heading', { name: '組織' }).waitFor();
  const list = page.locator('[data-testid="organization-list"]');
  const row = list.locator('tbody tr', { hasText: 'Default organization' });
  await row.waitFor();
  expect(await row.textContent()).toContain('サインイン中');
  await expectAccessible(page, 'the organization list');

  // create
  await page.getByRole('button', { name: '新しい組織' }).click();
  await page.fill('#org-name', '東京支店');
  await page.fill('#org-code', 'TOKYO');
  await page.locator('#organization-dialog').getByRole('button', { name: '保存' }).click();
  await list.locator('tbody tr', { hasText: '東京支店' }).waitFor();
  await closeToasts(page);

  // edit: a JSON that is not an object is refused in place, then a good one is kept
  await row.getByRole('button', { name: 'Default organization を編集' }).click();
  await page.fill('#org-short-code', 'DEF2');
  // the multi-device switch says what it does to push sends
  expect(await page.locator('label[for="org-multi-device"]').textContent()).toBe('プッシュ通知をアカウントのすべての端末に送る');
  expect(await page.locator('#org-multi-device').getAttribute('aria-describedby')).toBe('org-multi-device-hint');
  expect(await page.locator('#org-multi-device-hint').textContent()).toContain('最後に使われた端末');
  await page.locator('label[for="org-multi-device"]').click();
  await page.fill('#org-app-feature-json', '[1, 2]');
  await page.locator('#organization-dialog').getByRole('button', { name: '保存' }).click();
  expect(await page.locator('#org-app-feature-json-error').textContent()).toBe('アプリ機能 JSON は JSON オブジェクトにしてください。');
  await expectAccessible(page, 'the organization form with an error');
  await page.fill('#org-app-feature-json', '{"inbox": true}');
  await page.locator('#organization-dialog').getByRole('button', { name: '保存' }).click();
  await page.locator('#organization-dialog').waitFor({ state: 'detached' });
  expect(await admin.ok('organization.detail', { id: 1 })).toMatchObject({ shortCode: 'DEF2', supportSendMultiDevicesPerUser: true, appFeatureJson: '{"inbox": true}' });
  await closeToasts(page);

  // the white list
  await row.getByRole('button', { name: 'ホワイトリスト' }).click();
  // what the list is for: while it has entries, only those listed receive (a staging organization)
  expect(await page.locator('#white-list-dialog').textContent()).toContain('ここに記載したメールアドレス・電話番号・アカウント ID にだけ届きます');
  await page.fill('#white-list-content', 'qa@example.com\n+81 90 1234 5678\nqa@example.com');
  await expect.poll(() => page.getByTestId('white-list-size').textContent()).toContain('2 項目');
  await expectAccessible(page, 'the white list');
  await page.locator('#white-list-dialog').getByRole('button', { name: '保存' }).click();
  await page.locator('#white-list-dialog').waitFor({ state: 'detached' });
  expect((await admin.ok('organization.whiteList', { id: 1 })).entries).toEqual(['qa@example.com', '+81 90 1234 5678']);
  await closeToasts(page);

  // the action list
  await row.getByRole('button', { name: 'アクションリスト' }).click();
  await expect.poll(() => page.getByTestId('action-list').textContent()).toContain('OPEN_COUPONS');
  await expectAccessible(page, 'the action list');
  await page.keyboard.press('Escape');

  // ownership transfer
  await row.getByRole('button', { name: 'オーナー権限を譲渡' }).click();
  await choose(page, page.locator('.p-dropdown:has(#transfer-user)'), 'heir');
  await expectAccessible(page, 'the transfer form');
  await page.locator('#transfer-dialog').getByRole('button', { name: '譲渡する' }).click();
  await page.locator('#transfer-dialog').waitFor({ state: 'detached' });
  expect((await admin.ok('organization.detail', { id: 1 })).ownerUserId).toBe(heir.userId);
  // the former holder is offered no transfer any more (the server refuses one too: administration API test)
  await row.getByRole('button', { name: 'ホワイトリスト' }).waitFor();
  await expect.poll(() => row.getByRole('button', { name: 'オーナー権限を譲渡' }).count()).toBe(0);
}, 90_000);

it('role delegation: made in the form, in effect, ended at its date on the clock, and ended by hand', async () => {
  const { admin } = suite;
  await userWithRole(admin, { username: 'lender', password: 'Lender@123', permissions: ['NAV_PLAN_TAG'] });
  await userWithRole(admin, { username: 'taker', password: 'Taker@1234', permissions: [] });
  const taker = new ApiClient(suite.herald);
  const canReadTags = async () => {
    await taker.login('taker', 'Taker@1234');
    return (await taker.call('planTag.getAll')).body.state === 'S';
  };
  const page = await signedInJa();
  await page.goto(`${suite.herald.portalUrl}#/admin-pennel`);
  const panel = page.getByTestId('delegations');
  await panel.getByRole('heading', { name: 'ロールの委任' }).waitFor();

  const now = clock.now();
  await panel.getByRole('button', { name: '新しい委任' }).click();
  await choose(page, page.locator('.p-dropdown:has(#delegation-from)'), 'lender');
  await choose(page, page.locator('.p-dropdown:has(#delegation-to)'), 'taker');
  // an end before the start is refused in place
  await page.fill('#delegation-start', local(now - HOUR));
  await page.fill('#delegation-end', local(now - 2 * HOUR));
  await page.locator('#delegation-dialog').getByRole('button', { name: '保存' }).click();
  expect(await page.locator('#delegation-end-error').textContent()).toBe('開始日は終了日より前にしてください！');
  await page.fill('#delegation-end', local(now + 2 * HOUR));
  await expectAccessible(page, 'the delegation form');
  await page.locator('#delegation-dialog').getByRole('button', { name: '保存' }).click();
  await page.locator('#delegation-dialog').waitFor({ state: 'detached' });
  const row = panel.locator('tbody tr', { hasText: 'taker' });
  await expect.poll(() => row.textContent()).toContain('有効');
  await closeToasts(page);
  await expectAccessible(page, 'the delegation list');
  expect(await canReadTags()).toBe(true);

  // past its end on the server's clock it lends nothing, with no job run, and shows as ended
  clock.advance(3 * HOUR);
  expect(await canReadTags()).toBe(false);
  await page.reload();
  await expect.poll(() => page.getByTestId('delegations').locator('tbody tr', { hasText: 'taker' }).textContent()).toContain('終了');

  // a delegation ended by hand
  await admin.login();
  const lenderId = (await admin.ok('user.getAll')).find((u: { username: string }) => u.username === 'lender')!.id;
  const takerId = (await admin.ok('user.getAll')).find((u: { username: string }) => u.username === 'taker')!.id;
  await admin.ok('userDelegate.save', { fromUserId: lenderId, toUserId: takerId, startAt: clock.now(), endAt: clock.now() + 24 * HOUR });
  expect(await canReadTags()).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'taker への委任を終了' }).click();
  await page.locator('.app-confirm').waitFor();
  await expectAccessible(page, 'the end confirmation');
  await page.locator('.app-confirm').getByRole('button', { name: '委任を終了' }).click();
  await page.getByRole('button', { name: 'taker への委任を終了' }).waitFor({ state: 'detached' });
  expect(await canReadTags()).toBe(false);
}, 90_000);

it('applications: an OAuth app with its secret sealed, an API key app with its header, edited and deleted', async () => {
  const page = await signedInJa();
  await page.goto(`${suite.herald.portalUrl}#/application`);
  const list = page.locator('[data-testid="application-list"]');
  await list.waitFor();
  await page.getByRole('button', { name: 'アプリを作成' }).click();
  const dialog = page.locator('#application-dialog');
  await page.fill('#application-name', 'CRM 連携');
  await choose(page, page.locator('.p-dropdown:has(#application-appType)'), 'OAuth');
  // the OAuth fields appear with the type; the mobile ones go
  await page.locator('#application-clientSecret').waitFor();
  expect(await page.locator('#application-bundleId').count()).toBe(0);
  await page.fill('#application-clientId', 'crm-client');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect.poll(() => page.locator('.p-toast').textContent()).toContain('クライアントシークレットを入力してください！');
  await closeToasts(page);
  await page.fill('#application-clientSecret', 'oauth-secret-4711');
  // its push endpoint: a web address, checked in the form; with it, the token URL the server asks for
  await page.fill('#application-apiUrl', 'ftp://crm.example.com/push');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect.poll(() => dialog.textContent()).toContain('https://api.example.com/push のような Web アドレスを入力してください。');
  await page.fill('#application-apiUrl', 'https://crm.example.com/push');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect.poll(() => page.locator('.p-toast').textContent()).toContain('トークン URL を入力してください！');
  await closeToasts(page);
  await page.fill('#application-tokenUrl', 'https://crm.example.com/oauth/token');
  await expectAccessible(page, 'the OAuth app form');
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = list.locator('tbody tr', { hasText: 'CRM 連携' });
  await row.waitFor();
  await closeToasts(page);
  expect(await page.content()).not.toContain('oauth-secret-4711');

  // edited: the secret is never shown again, and left empty it stays
  await row.getByRole('button', { name: 'CRM 連携 を編集' }).click();
  expect(await page.inputValue('#application-clientSecret')).toBe('');
  expect(await page.getAttribute('#application-clientSecret', 'placeholder')).toBe('設定済み：空欄のままなら変更しません');
  await page.fill('#application-name', 'CRM 連携（本番）');
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
  const apps = (await suite.admin.ok('application.getAll')) as { name: string; clientSecretSet: boolean }[];
  expect(apps.find((a) => a.name === 'CRM 連携（本番）')).toMatchObject({
    clientSecretSet: true,
    apiUrl: 'https://crm.example.com/push',
    tokenUrl: 'https://crm.example.com/oauth/token',
  });
  await closeToasts(page);

  // an API key app carries its key in a header entry
  await page.getByRole('button', { name: 'アプリを作成' }).click();
  await page.fill('#application-name', '在庫 API');
  await choose(page, page.locator('.p-dropdown:has(#application-appType)'), 'API キー');
  await page.getByRole('button', { name: '項目を追加' }).click();
  await page.getByLabel('項目 1 の名前').fill('X-Api-Key');
  await page.getByLabel('項目 1 の値').fill('key-value-31337');
  await expectAccessible(page, 'the API key app form');
  await dialog.getByRole('button', { name: '保存' }).click();
  await dialog.waitFor({ state: 'detached' });
  await list.locator('tbody tr', { hasText: '在庫 API' }).waitFor();
  expect(await page.content()).not.toContain('key-value-31337');
  await closeToasts(page);

  // deleted after a confirmation
  const keyed = list.locator('tbody tr', { hasText: '在庫 API' });
  await keyed.getByRole('button', { name: '在庫 API を削除' }).click();
  await page.locator('.app-confirm').waitFor();
  await page.locator('.app-confirm').getByRole('button', { name: '削除' }).click();
  await keyed.waitFor({ state: 'detached' });
}, 90_000);

it("onboarding: a new organization's first administrator is led from sign-in through its steps once, in Japanese", async () => {
  // set-up through the API: a new organization and its administrator (the admin's own session moves back to organization 1)
  const setup = new ApiClient(suite.herald);
  await setup.login();
  const org = await setup.ok('organization.save', { name: 'Onboard KK', code: 'ONBOARD_KK' });
  setup.token = (await setup.ok('user.switchOrganization', { orgId: org.id })).accessToken;
  const adminRole = (await setup.ok('userRole.getAll'))[0].id;
  await setup.ok('user.save', { username: 'founder', email: 'founder@example.com', roleId: adminRole, password: 'Founder@123' });
  await setup.ok('user.switchOrganization', { orgId: 1 });
  const founder = new ApiClient(suite.herald);
  await founder.login('founder', 'Founder@123');
  await founder.ok('user.saveProfile', { language: 'ja', timeZone: 'Asia/Tokyo' });

  const { page } = await openPage(suite.browser);
  // the founder's language (ja) comes with the sign-in
  await signIn(page, suite.herald.portalUrl, 'founder', 'Founder@123');
  await waitForPath(page, '/onboarding/welcome');
  await page.getByRole('heading', { name: 'Onboard KK へようこそ' }).waitFor();
  await page.getByRole('button', { name: 'オンボーディングをスキップ' }).waitFor();
  await expectAccessible(page, 'onboarding: welcome');

  await page.getByRole('button', { name: '始める' }).click();
  await waitForPath(page, '/onboarding/base-info');
  await page.locator('#onboarding-name').waitFor();
  await expect.poll(() => page.inputValue('#onboarding-name')).toBe('Onboard KK');
  await page.fill('#onboarding-name', 'オンボード株式会社');
  await page.fill('#onboarding-intro', '東京の小売チェーンです。');
  await expectAccessible(page, 'onboarding: base info');
  await page.getByRole('button', { name: '保存して次へ' }).click();

  await waitForPath(page, '/onboarding/brand');
  await page.fill('#onboarding-icon', 'https://cdn.example.com/onboard-logo.png');
  // the brand colours, checked as the brand voice's design step checks them
  await page.fill('#onboarding-primary-color', '#1A5E3');
  await expect.poll(() => page.locator('#onboarding-primary-color-error').textContent()).toBe('HEX カラーの形式が正しくありません');
  expect(await page.getByRole('button', { name: '保存して次へ' }).isDisabled()).toBe(true);
  await page.fill('#onboarding-primary-color', '#1A5E3A');
  await page.fill('#onboarding-secondary-color', '#F4EFE6');
  // a light colour is named as one (a background, never a text colour)
  await expect.poll(() => page.locator('.field-hint', { hasText: '明るい色：背景に使い' }).count()).toBe(1);
  await closeToasts(page);
  await expectAccessible(page, 'onboarding: brand');
  await page.getByRole('button', { name: '保存して次へ' }).click();

  await waitForPath(page, '/onboarding/brand-complete');
  await page.getByRole('heading', { name: 'ブランドの準備ができました' }).waitFor();
  const shownColors = await page.getByTestId('onboarding-colors').textContent();
  expect(shownColors).toContain('プライマリ #1A5E3A');
  expect(shownColors).toContain('#F4EFE6 — 明るい色');
  await closeToasts(page);
  await expectAccessible(page, 'onboarding: brand complete');
  await page.getByRole('button', { name: 'ポータルへ進む' }).click();
  await waitForPath(page, '/dashboard');

  expect(await founder.ok('organization.detail', { id: org.id })).toMatchObject({
    name: 'オンボード株式会社',
    intro: '東京の小売チェーンです。',
    icon: 'https://cdn.example.com/onboard-logo.png',
    onboardingPending: false,
  });
  // the colours are the brand voice's, so a message composed now is in them
  expect((await founder.ok('brandVoice.detail')).brandColors).toEqual([
    { type: 'PRIMARY', value: '#1A5E3A' },
    { type: 'SECONDARY', value: '#F4EFE6' },
  ]);
  const composed = await founder.ok('aiBot.templateMessage', { prompt: '開店のお知らせ', languages: ['ja'] });
  expect(composed.template).toMatchObject({ theme: { primaryColor: '#1A5E3A', secondaryColor: '#F4EFE6' } });
  // never shown again: the next sign-in lands on the dashboard
  await logOut(page);
  await signIn(page, suite.herald.portalUrl, 'founder', 'Founder@123');
  await waitForPath(page, '/dashboard');
}, 90_000);
