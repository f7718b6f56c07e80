/**
 * A Tokyo team and a Shanghai team import their member files with no setting touched: every column is matched by
 * its Japanese or Chinese header (or its values), the key is the id or e-mail column, national phone numbers are
 * read as the portal language's country (日本 (+81), 中国 (+86)) and the accounts come out complete: phones in
 * E.164, consents, region and a custom attribute named in Japanese. The mapping is kept for the next file with the
 * same columns, and a row whose phone cannot be read is imported without it and reported with a warning.
 * Screenshots at 1440 and 390 px (test-results/importCjk), axe on each screen.
 */
import audienceTexts from '../../web/src/i18n/areas/audience.texts';
import { bySide } from '../../web/src/i18n/sideBySide';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { CSV_ENCODINGS } from '../../shared/import/csv';
import { PHONE_TEXTS } from '../../shared/i18n';
import { ApiClient } from '../support/herald';
const { ja: audienceJa, zh: audienceZh } = bySide(audienceTexts);
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();
const OUT = join(process.cwd(), 'test-results', 'importCjk');

/** A new organization with an administrator of its own in `language`, made through the API; its settings left as they come. */
async function team(code: string, username: string, language: 'ja' | 'zh'): Promise<ApiClient> {
  const setup = new ApiClient(suite.herald);
  await setup.login();
  const org = await setup.ok('organization.save', { name: `${code} team`, code });
  setup.token = (await setup.ok('user.switchOrganization', { orgId: org.id })).accessToken;
  const adminRole = (await setup.ok('userRole.getAll'))[0].id;
  await setup.ok('user.save', { username, email: `${username}@example.com`, roleId: adminRole, password: 'Member@1234' });
  await setup.ok('user.switchOrganization', { orgId: 1 });
  const member = new ApiClient(suite.herald);
  await member.login(username, 'Member@1234');
  await member.ok('user.saveProfile', { language });
  // no system setting touched: national numbers have no country there
  expect((await member.ok('systemSetting.detail', {})).organization.defaultCountry).toBe('');
  return member;
}

function csvFile(name: string, lines: string[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'herald-import-cjk-')), name);
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return path;
}

/** What the mapping step shows chosen: per column, its target's label (and an attribute's name). */
async function chosenTargets(page: Page): Promise<string[]> {
  return page.locator('tbody tr[data-column]').evaluateAll((rows) =>
    rows.map((tr) => {
      const label = tr.querySelector('.p-dropdown-label')?.textContent ?? '';
      const attribute = tr.querySelector<HTMLInputElement>('input[id^="import-attribute-"]')?.value;
      return attribute ? `${label}:${attribute}` : label;
    }),
  );
}

const label = (selector: string) => `.p-dropdown:has(${selector}) .p-dropdown-label`;

/**
 * These screens are drawn at two widths for review with the motion most readers have. (Under reduced motion, axe
 * once found the member's side menu a scrollable region without focusable content right after the full-page
 * screenshot at 390 px; not yet explained.)
 */
const MOTION = 'no-preference';

/** The screen at both widths, saved for review. */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(OUT, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  // the wide layout is back (its menu open) before anything reads the screen: the resize re-renders it a moment later
  await page.locator('.layout-wide.menu-open').waitFor();
}

const PREFECTURES = ['東京都', '大阪府', '北海道'];
const RANKS = ['ゴールド', 'シルバー', 'ブロンズ'];
const yesNo = (yes: boolean) => (yes ? 'はい' : 'いいえ');
const lineId = (i: number) => `U${i.toString(16).padStart(32, 'a')}`;

it('a Tokyo team imports 50 members in Japanese, every column matched by itself, with 090 numbers and no setting touched', async () => {
  const member = await team('TOKYO', 'tokyo.admin', 'ja');
  const texts = audienceJa.dataImport;
  const header = '会員ID,姓,名,メールアドレス,電話番号,LINEユーザーID,メール同意,SMS同意,プッシュ同意,LINE同意,都道府県,会員ランク';
  const rows = Array.from({ length: 50 }, (_, i) =>
    [
      `M${String(i + 1).padStart(4, '0')}`,
      '山田',
      `太郎${i}`,
      `taro${i}@example.jp`,
      `090-${1000 + i}-${5000 + i}`,
      lineId(i),
      yesNo(i % 2 === 0),
      yesNo(i % 3 === 0),
      yesNo(i % 4 === 0),
      yesNo(i % 5 === 0),
      PREFECTURES[i % 3],
      RANKS[i % 3],
    ].join(','),
  );
  const path = csvFile('会員.csv', [header, ...rows]);

  const { context, page } = await openPage(suite.browser, 1440, MOTION);
  await signIn(page, `${suite.herald.portalUrl}#/library/batches`, 'tokyo.admin', 'Member@1234');
  await waitForPath(page, '/library/batches');
  // the encodings it reads, not "UTF-8 only"
  await page.locator('.page-header', { hasText: CSV_ENCODINGS.join(', ') }).waitFor();
  await page.setInputFiles('#import-file', path);
  await page.getByRole('heading', { name: texts.mappingTitle, exact: true }).waitFor();

  // matched by their headers, nothing touched: the id is the key, national numbers are Japan's
  expect(await page.locator(label('#import-key')).textContent()).toBe('会員ID');
  expect(await page.locator(label('#import-country')).textContent()).toBe('日本 (+81)');
  const option = texts.targetOption;
  expect(await chosenTargets(page)).toEqual([
    option.ignore,
    option.lastName,
    option.firstName,
    option.email,
    option.phone,
    option.lineUserId,
    option.emailConsent,
    option.smsConsent,
    option.pushConsent,
    option.lineConsent,
    option.addressRegion,
    `${option.attribute}:会員ランク`,
  ]);
  // every channel's consent comes from a column: no question about it
  expect(await page.getByTestId('import-consent').count()).toBe(0);
  await screenshots(page, 'ja-mapping');
  await expectAccessible(page, 'the mapping of a Japanese file');

  await page.getByRole('button', { name: texts.start }).click();
  await page.locator('.notice-success', { hasText: 'インポート完了: 作成 50、更新 0、失敗 0。' }).waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="import-failures"]', { hasText: texts.failuresEmpty }).first().waitFor();
  await closeToasts(page);
  await screenshots(page, 'ja-done');
  await expectAccessible(page, 'a Japanese file imported');

  // through the API: every account whole
  for (let i = 0; i < 50; i++) {
    const id = `M${String(i + 1).padStart(4, '0')}`;
    const account = await member.ok('account.detail', { id });
    expect(account, id).toMatchObject({
      lastName: '山田',
      firstName: `太郎${i}`,
      emails: [`taro${i}@example.jp`],
      phones: [`+8190${1000 + i}${5000 + i}`],
      lineUserId: lineId(i),
      emailConsent: i % 2 === 0,
      smsConsent: i % 3 === 0,
      pushConsent: i % 4 === 0,
      lineConsent: i % 5 === 0,
      address: { region: PREFECTURES[i % 3] },
      attributes: { 会員ランク: RANKS[i % 3] },
    });
  }
  // and a segment reads the Japanese attribute
  const gold = await member.ok('segment.count', { rule: { op: 'AND', conditions: [{ field: 'attributes.会員ランク', operator: 'equals', value: 'ゴールド' }] } });
  expect(gold.count).toBe(17);
  await context.close();
}, 120_000);

it('a Shanghai team imports 30 members in Chinese keyed on the e-mail, with 138 numbers; the next file keeps the mapping and an unreadable phone is a warning', async () => {
  const member = await team('SHANGHAI', 'shanghai.admin', 'zh');
  const texts = audienceZh.dataImport;
  const provinces = ['上海市', '广东省', '北京市'];
  const header = '姓名,邮箱,手机,省份,同意短信';
  const rows = Array.from({ length: 30 }, (_, i) => `王伟${i},wang${i}@example.cn,138${String(10_000_000 + i * 7)},${provinces[i % 3]},${i % 2 ? '否' : '是'}`);
  const path = csvFile('会员.csv', [header, ...rows]);

  const { context, page } = await openPage(suite.browser, 1440, MOTION);
  await signIn(page, `${suite.herald.portalUrl}#/library/batches`, 'shanghai.admin', 'Member@1234');
  await page.setInputFiles('#import-file', path);
  await page.getByRole('heading', { name: texts.mappingTitle, exact: true }).waitFor();
  // no id column: the e-mail column is the key, and the account's e-mail too; the full name is the addressee
  expect(await page.locator(label('#import-key')).textContent()).toBe('邮箱');
  expect(await page.locator(label('#import-country')).textContent()).toBe('中国 (+86)');
  const option = texts.targetOption;
  expect(await chosenTargets(page)).toEqual([option.addressName, option.email, option.phone, option.addressRegion, option.smsConsent]);
  await screenshots(page, 'zh-mapping');
  await expectAccessible(page, 'the mapping of a Chinese file');

  await page.getByRole('button', { name: texts.start }).click();
  await page.locator('.notice-success', { hasText: '导入完成：新建 30，更新 0，失败 0。' }).waitFor({ timeout: 60_000 });
  for (let i = 0; i < 30; i++) {
    const id = `wang${i}@example.cn`;
    expect(await member.ok('account.detail', { id }), id).toMatchObject({
      emails: [id],
      phones: [`+86138${10_000_000 + i * 7}`],
      smsConsent: i % 2 === 0,
      address: { recipientName: `王伟${i}`, region: provinces[i % 3] },
    });
  }

  // the next file with the same columns: the mapping the last one started with is kept for it (by its header list)
  await page.getByRole('button', { name: texts.another }).click();
  const next = csvFile('新会员.csv', [header, '李娜,lina@example.cn,139 1234 5678,浙江省,是', '张伟,zhangwei@example.cn,12345,江苏省,是']);
  await page.setInputFiles('#import-file', next);
  await page.getByRole('heading', { name: texts.mappingTitle, exact: true }).waitFor();
  expect(await page.locator(label('#import-key')).textContent()).toBe('邮箱');
  expect(await chosenTargets(page)).toEqual([option.addressName, option.email, option.phone, option.addressRegion, option.smsConsent]);
  const remembered = await page.evaluate(() => localStorage.getItem('herald.importMappings'));
  expect(JSON.parse(remembered ?? '[]').map(([key]: [string]) => key)).toEqual([header.split(',').join('\u001f')]);

  // 12345 is no phone number: 张伟 is imported without one, and the report names the phone column
  await page.getByRole('button', { name: texts.start }).click();
  await page.locator('.notice-success', { hasText: '导入完成：新建 2，更新 0，失败 0。' }).waitFor({ timeout: 60_000 });
  await page.getByTestId('import-warned').waitFor();
  const report = page.locator('[data-testid="import-failures"]').first();
  const warned = report.locator('tbody tr', { hasText: 'zhangwei@example.cn' });
  await warned.waitFor();
  expect(await warned.locator('td').nth(0).textContent()).toBe('3');
  // the reason in the reader's language, the phone column named
  expect(await warned.locator('td').nth(2).textContent()).toBe(`${texts.importedWithout}手机: ${PHONE_TEXTS.phone.zh}`);
  // the history tells of the warning too, and opens the same report
  const history = page.locator('[data-testid="import-history"] tbody tr', { hasText: '新会员.csv' });
  expect(await history.locator('td').last().textContent()).toBe('0 （警告 1）');
  expect(await history.getByRole('button').getAttribute('aria-label')).toBe('显示 新会员.csv 的 0 个失败行 （警告 1）');
  await closeToasts(page);
  await screenshots(page, 'zh-warned');
  await expectAccessible(page, 'an import with a warning');
  const zhang = await member.ok('account.detail', { id: 'zhangwei@example.cn' });
  expect(zhang).toMatchObject({ emails: ['zhangwei@example.cn'], smsConsent: true, address: { recipientName: '张伟', region: '江苏省' } });
  expect(zhang.phones ?? []).toEqual([]);
  expect((await member.ok('account.detail', { id: 'lina@example.cn' })).phones).toEqual(['+8613912345678']);
  await context.close();
}, 120_000);
