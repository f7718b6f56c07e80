/**
 * A Tokyo team imports its members from an Excel workbook (issue 41 item 5): a file named .xlsx that is not a
 * workbook gets the spec's "Please choose an excel file!" in Japanese; the workbook's second sheet is chosen on the
 * mapping step; dates and numbers arrive as the text Excel shows; a row with a bad e-mail address is reported with
 * its row number, as for CSV. axe on each screen.
 */
import audienceTexts from '../../web/src/i18n/areas/audience.texts';
import { bySide } from '../../web/src/i18n/sideBySide';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ApiClient } from '../support/herald';
import { workbook } from '../support/workbook';
const { ja: audienceJa } = bySide(audienceTexts);
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

function tempFile(name: string, body: string | Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'herald-import-xlsx-')), name);
  writeFileSync(path, body);
  return path;
}

it('a Japanese team imports the members sheet of a workbook, and a file that is not one is refused with the spec message', async () => {
  const setup = new ApiClient(suite.herald);
  await setup.login();
  const org = await setup.ok('organization.save', { name: 'Excel team', code: 'EXCEL' });
  setup.token = (await setup.ok('user.switchOrganization', { orgId: org.id })).accessToken;
  const adminRole = (await setup.ok('userRole.getAll'))[0].id;
  await setup.ok('user.save', { username: 'excel.admin', email: 'excel.admin@example.com', roleId: adminRole, password: 'Member@1234' });
  const member = new ApiClient(suite.herald);
  await member.login('excel.admin', 'Member@1234');
  await member.ok('user.saveProfile', { language: 'ja' });
  const texts = audienceJa.dataImport;

  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/batches`, 'excel.admin', 'Member@1234');
  await waitForPath(page, '/library/batches');

  // a CSV renamed .xlsx
  await page.setInputFiles('#import-file', tempFile('会員.xlsx', '会員ID,姓\r\nM1,山田\r\n'));
  await page.locator('[role="alert"]', { hasText: 'Excel ファイルを選択してください！' }).waitFor();
  await expectAccessible(page, 'a file that is not a workbook');

  const book = await workbook({
    表紙: [['このブックについて'], ['2026 年 1 月の会員']],
    会員: [
      ['会員ID', '姓', 'メールアドレス', '電話番号', '入会日', 'ポイント'],
      ['M0001', '山田', 'yamada@example.jp', '090-1234-5678', new Date(Date.UTC(2026, 0, 31)), 0.1 + 0.2],
      ['M0002', '佐藤', 'sato@example.jp', '080-2345-6789', new Date(Date.UTC(2025, 11, 1)), 120],
      ['M0003', '鈴木', 'not-an-address', '070-3456-7890', null, 5],
      ['M0004', '高橋', 'takahashi@example.jp', null, new Date(Date.UTC(2024, 3, 1)), null],
    ],
  });
  await page.setInputFiles('#import-file', tempFile('会員.xlsx', book));
  await page.getByRole('heading', { name: texts.mappingTitle, exact: true }).waitFor();
  // the first sheet is read first; the workbook's sheets are offered, and no separator or encoding
  expect(await page.locator('.p-dropdown:has(#import-sheet) .p-dropdown-label').textContent()).toBe('表紙');
  expect(await page.locator('#import-encoding').count()).toBe(0);
  await page.locator('.p-dropdown:has(#import-sheet)').click();
  await page.getByRole('option', { name: '会員', exact: true }).click();
  await page.locator('.p-dropdown:has(#import-key) .p-dropdown-label', { hasText: '会員ID' }).waitFor();
  await expectAccessible(page, 'the mapping of a workbook sheet');

  await page.getByRole('button', { name: texts.start }).click();
  await page.locator('.notice-success', { hasText: 'インポート完了: 作成 3、更新 0、失敗 1。' }).waitFor({ timeout: 60_000 });
  await page.locator('[data-testid="import-failures"]', { hasText: 'M0003' }).first().waitFor();
  await expectAccessible(page, 'a workbook imported');

  expect(await member.ok('account.detail', { id: 'M0001' })).toMatchObject({
    lastName: '山田',
    emails: ['yamada@example.jp'],
    phones: ['+819012345678'],
    // (the points column is guessed as text: it arrives as Excel shows it, without float noise)
    attributes: { 入会日: '2026-01-31', ポイント: '0.3' },
  });
  expect((await member.call('account.detail', { id: 'M0003' })).body.errorCode).toBe('720003');
  await context.close();
}, 120_000);
