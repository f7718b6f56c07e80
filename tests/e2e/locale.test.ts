/**
 * Locale defaults in Chromium (issue 21 item 4): a member who chose no zone sees the campaign list's dates in the
 * organization's default zone, named, and the wizard's schedule starts in it; once they choose their own zone,
 * theirs. A new message's content starts in the organization's default language. A CSV's encoding is guessed
 * with the portal's language: GBK and Big5 in the zh portal, Shift_JIS in the ja portal. A language chosen on the
 * sign-in page is kept once signed in, and stored in the profile; the avatar shows a Japanese name's family initial.
 * The wizard offers, in Japanese, only the message types the member's role holds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { formatDateTime } from '../../shared/format';
import { ADMIN_PASSWORD, ApiClient } from '../support/herald';
import { browserSuite, expectAccessible, openPage, signIn, userWithRole } from './browser';

const suite = browserSuite();
const NAME = 'Zoned message';

async function listedDate(page: Page): Promise<string | null> {
  await page.goto(`${suite.herald.portalUrl}#/campaigns`);
  const row = page.getByTestId('campaign-list').locator('tbody tr', { hasText: NAME });
  await row.waitFor();
  return row.textContent();
}

async function scheduleZone(page: Page): Promise<string | null> {
  await page.goto(`${suite.herald.portalUrl}#/campaigns/new-single?step=trigger`);
  await page.getByLabel('At a date and time').check();
  return page.locator('.p-dropdown:has(#plan-trigger-zone) .p-dropdown-label').textContent();
}

async function pick(page: Page, inputId: string, option: string, filter?: string): Promise<void> {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  if (filter) await page.locator('.p-dropdown-panel .p-dropdown-filter').fill(filter);
  await page.locator('.p-dropdown-panel .p-dropdown-item', { hasText: option }).first().click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

it("shows list dates and starts schedules in the user's zone, else the organization's", async () => {
  const { admin, browser } = suite;
  const draft = await admin.ok('plan.saveSingle', { name: NAME, title: NAME, channel: 'EMAIL', content: { kind: 'EMAIL', template: { contents: { en: { subject: NAME } } } } });

  const first = await openPage(browser);
  await signIn(first.page, suite.herald.portalUrl);
  // the organization's defaults, set on the system setting screen
  await first.page.goto(`${suite.herald.portalUrl}#/systemSetting`);
  await pick(first.page, 'system-default-language', '中文');
  await pick(first.page, 'system-default-zone', 'Asia/Shanghai', 'Shanghai');
  await first.page.locator('form[aria-labelledby="system-org-title"]').getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await admin.ok('systemSetting.detail')).organization).toMatchObject({ defaultLanguage: 'zh', defaultTimeZone: 'Asia/Shanghai' });
  const shanghai = formatDateTime(draft.dateUpdated, { timeZone: 'Asia/Shanghai' });
  expect(shanghai).toMatch(/ Asia\/Shanghai$/);
  expect(await listedDate(first.page)).toContain(shanghai);
  expect(await scheduleZone(first.page)).toContain('Asia/Shanghai (UTC+08:00)');
  // the new message's content starts in the organization's language
  await first.page.goto(`${suite.herald.portalUrl}#/campaigns`);
  await first.page.goto(`${suite.herald.portalUrl}#/campaigns/new-single`);
  await expect.poll(() => first.page.locator('.language-tabs [role=tab][aria-selected=true] span[lang=zh]').textContent()).toBe('中文');
  await first.context.close();

  // her own choice (an offset of the settings list) wins over the organization's
  await admin.ok('user.saveProfile', { timeZone: 'UTC+09:00' });
  const second = await openPage(browser);
  await signIn(second.page, suite.herald.portalUrl);
  expect(await listedDate(second.page)).toContain(formatDateTime(draft.dateUpdated, { timeZone: 'UTC+09:00' }));
  expect(await scheduleZone(second.page)).toContain('Etc/GMT-9 (UTC+09:00)');
  await second.context.close();
});

it("guesses a file's encoding with the portal's language", async () => {
  const { admin, browser } = suite;
  const dir = mkdtempSync(join(tmpdir(), 'herald-locale-'));
  const file = (name: string, text: string, encoding: string) => {
    const path = join(dir, name);
    writeFileSync(path, iconv.encode(text, encoding));
    return path;
  };
  const cases = [
    { lang: 'zh', path: file('gbk.csv', 'customer_id,email,first_name\r\nGB1,gb1@example.com,张伟\r\nGB2,gb2@example.com,欧阳娜娜\r\n', 'GBK'), encoding: 'GBK', name: '张伟' },
    {
      lang: 'zh',
      path: file('big5.csv', 'customer_id,email,first_name\r\nB51,b51@example.com,陳大文\r\nB52,b52@example.com,許功蓋\r\n', 'Big5'),
      encoding: 'Big5',
      name: '陳大文',
    },
    {
      lang: 'ja',
      path: file('sjis.csv', 'customer_id,email,first_name\r\nSJ1,sj1@example.com,山田太郎\r\nSJ2,sj2@example.com,ｶﾀｶﾅ\r\n', 'Shift_JIS'),
      encoding: 'Shift_JIS',
      name: '山田太郎',
    },
  ];
  for (const c of cases) {
    await admin.ok('user.saveProfile', { language: c.lang });
    const { context, page } = await openPage(browser);
    await signIn(page, `${suite.herald.portalUrl}#/library/batches`);
    await page.setInputFiles('#import-file', c.path);
    await page.locator('#import-encoding').waitFor();
    expect(await page.locator('.p-dropdown:has(#import-encoding) .p-dropdown-label').textContent(), `${c.encoding} in ${c.lang}`).toBe(c.encoding);
    expect(await page.locator('tr[data-column="2"]').textContent()).toContain(c.name);
    await context.close();
  }
  await admin.ok('user.saveProfile', { language: 'en' });
});

it('keeps the language chosen on the sign-in page, stores it in the profile, and shows the family initial', async () => {
  const { admin, browser, herald } = suite;
  await admin.ok('user.saveProfile', { language: 'en', firstName: '花子', lastName: '佐藤' });
  const { context, page } = await openPage(browser);
  await page.goto(`${herald.portalUrl}#/login`);
  await page.selectOption('#language-switcher', 'ja');
  await page.getByRole('button', { name: 'サインイン' }).waitFor();
  await page.fill('#username', 'admin');
  await page.fill('#password', ADMIN_PASSWORD);
  await page.click('form button[type=submit]');
  await page.waitForSelector('.side-menu');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  await expect.poll(async () => (await new ApiClient(herald).login()).userdetails.language).toBe('ja');
  expect(await page.locator('.profile-button .avatar').textContent()).toBe('佐');
  await expectAccessible(page, 'the dashboard after a sign-in in ja');
  // the next sign-in, with nothing chosen, takes the profile's language
  await page.reload();
  await page.waitForSelector('.side-menu');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('ja');
  await context.close();
  await admin.ok('user.saveProfile', { language: 'en' });
});

it('offers in the wizard only the message types the role holds, in Japanese', async () => {
  const { admin, browser } = suite;
  await userWithRole(admin, { username: 'lifecycle-ja', password: 'Member@123', permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE', 'MESSAGE_TYPE_LIFECYCLE'] });
  const { context, page } = await openPage(browser);
  await signIn(page, suite.herald.portalUrl, 'lifecycle-ja', 'Member@123');
  await page.evaluate(() => localStorage.setItem('herald.lang', 'ja'));
  await page.goto(`${suite.herald.portalUrl}#/campaigns/new-single`);
  await page.reload();
  const field = page.getByTestId('message-type');
  await field.getByText('メッセージの種類').waitFor();
  // Lifecycle alone, chosen: Ad-Hoc is not offered
  await expect.poll(() => field.locator('label').allTextContents()).toEqual(['ライフサイクル']);
  expect(await page.locator('#plan-message-type-2').isChecked()).toBe(true);
  await expectAccessible(page, 'the wizard message type choice, in Japanese');
  await context.close();
});
