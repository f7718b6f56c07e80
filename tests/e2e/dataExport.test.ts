/**
 * Data export in Chromium: a custom account export (chosen columns) started from /data-export, followed to
 * "Ready", its file downloaded with a formula cell made inert; an export of an empty list says there is no data;
 * an export setting made on /library/export-setting shows its next run. axe-core on both screens, in en and ja.
 */
import { expect, it } from 'vitest';
import { browserSuite, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite();

it('exports chosen account columns, downloads the file, and sets up a loop', async () => {
  await suite.admin.ok('account.save', { id: 'x1', emails: ['x1@example.com'], firstName: '=HYPERLINK("http://evil.example","x")' });
  await suite.admin.ok('account.save', { id: 'x2', emails: ['x2@example.com'], firstName: 'Kim' });
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/data-export`);
  await page.getByRole('heading', { name: 'Data export' }).waitFor();
  await page.locator('[data-testid="data-export-list"]', { hasText: 'No exports yet.' }).waitFor();
  await expectAccessible(page, 'the empty data export list');

  await page.getByRole('button', { name: 'New export' }).click();
  const dialog = page.locator('#data-export-dialog');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  expect(await page.locator('#export-title-error').textContent()).toBe('Please input the title!');
  await page.fill('#export-title', 'Names');
  // only id, email and first name
  await page.locator('.p-multiselect:has(#export-columns)').click();
  await page.locator('.p-multiselect-header .p-checkbox').click();
  for (const name of ['ID', 'Email', 'First name']) await page.locator('.p-multiselect-item', { hasText: new RegExp(`^${name}$`) }).click();
  // close the column list (Escape would close the dialog too)
  await page.locator('.p-multiselect-close').click();
  await page.locator('.p-multiselect-panel').waitFor({ state: 'detached' });
  await expectAccessible(page, 'the new export dialog');
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await page.locator('.p-toast-message-success', { hasText: 'The export "Names" started.' }).waitFor();
  const row = page.locator('[data-testid="data-export-list"] tbody tr', { hasText: 'Names' });
  await row.locator('.p-tag', { hasText: 'Ready' }).waitFor({ timeout: 30_000 });
  expect(await row.textContent()).toContain('2');

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: 'Download Names' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Names-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = Buffer.concat(await (await download.createReadStream())!.toArray())
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  expect(text).toBe(`id,email,firstName\r\nx1,x1@example.com,"'=HYPERLINK(""http://evil.example"",""x"")"\r\nx2,x2@example.com,Kim\r\n`);

  // nobody unsubscribed yet: the export says so
  await page.getByRole('button', { name: 'New export' }).click();
  await page.fill('#export-title', 'Opt-outs');
  await page.locator('.p-dropdown:has(#export-type)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Unsubscriptions' }).click();
  await dialog.getByRole('button', { name: 'Start export' }).click();
  await page.locator('[data-testid="export-note"]', { hasText: 'Opt-outs: There is no data to export!' }).waitFor({ timeout: 30_000 });
  await expectAccessible(page, 'the data export list with runs');

  // a loop: the generic screen of export settings
  await page.goto(`${suite.herald.portalUrl}#/library/export-setting`);
  await page.getByRole('heading', { name: 'Export settings' }).waitFor();
  await page.getByRole('button', { name: 'New export setting' }).click();
  await page.fill('#exportSetting-title', 'Nightly accounts');
  await page.locator('.p-dropdown:has(#exportSetting-exportType)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Accounts' }).click();
  await page.locator('.p-dropdown:has(#exportSetting-loopType)').click();
  await page.locator('.p-dropdown-item', { hasText: 'Hourly' }).click();
  await page.locator('#exportSetting-dialog').getByRole('button', { name: 'Save' }).click();
  const setting = page.locator('[data-testid="exportSetting-list"] tbody tr', { hasText: 'Nightly accounts' });
  await setting.waitFor();
  expect(await setting.textContent()).toContain('Hourly');
  await expectAccessible(page, 'the export settings');

  // the same screen in Japanese
  await page.selectOption('#language-switcher', 'ja');
  await page.getByRole('heading', { name: 'エクスポート設定' }).waitFor();
  await expectAccessible(page, 'the export settings in Japanese');
  await context.close();
});
