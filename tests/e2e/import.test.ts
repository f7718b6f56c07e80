/**
 * Issue 8, steps 1 and 2 in a real browser: a 1,000-row CSV (UTF-8 with BOM) imported on /library/batches with
 * a visible progress and a report of its bad rows; the accounts listed and searched; a segment built from two
 * conditions whose live size equals the rows that match; axe-core on each screen.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

const ROWS = 1000;
const COUNTRIES = ['JP', 'US', 'DE', 'JP'];
const PLANS = ['gold', 'silver', 'gold'];
/** Rows (file row numbers, the header being row 1) made bad on purpose, with the reason each must show. */
const BAD: Record<number, string> = {
  7: 'email: Please enter the correct email address.',
  400: "The field 'customer_id' is required.",
  901: 'The row has 3 columns; the header has 6.',
};

function csvFile(): { path: string; matching: number } {
  const lines = ['customer_id,email,first_name,country,plan,score'];
  let matching = 0;
  for (let i = 0; i < ROWS; i++) {
    const row = i + 2;
    const country = COUNTRIES[i % COUNTRIES.length];
    const plan = PLANS[i % PLANS.length];
    if (row === 7) lines.push(`P${i},not-an-address,Ann,${country},${plan},${i}`);
    else if (row === 400) lines.push(`,p${i}@example.com,"Doe, Jo",${country},${plan},${i}`);
    else if (row === 901) lines.push(`P${i},p${i}@example.com,Cut`);
    else {
      lines.push(`P${i},p${i}@example.com,"Name ${i}",${country},${plan},${i}`);
      if (country === 'JP' && plan === 'gold') matching++;
    }
  }
  const path = join(mkdtempSync(join(tmpdir(), 'herald-import-')), 'customers.csv');
  writeFileSync(path, `\uFEFF${lines.join('\r\n')}\r\n`);
  return { path, matching };
}

/** Picks an option of a PrimeReact dropdown. */
async function choose(page: Page, dropdown: Locator, option: string): Promise<void> {
  await dropdown.click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
}

it('imports 1,000 rows with progress and a bad-rows report, lists them, and sizes a segment', async () => {
  const { path, matching } = csvFile();
  const { context, page } = await openPage(suite.browser);
  await signIn(page, suite.herald.portalUrl);
  await page.click('.side-menu a[href="#/library/batches"]');
  await waitForPath(page, '/library/batches');
  await page.getByRole('heading', { name: 'Data import' }).waitFor();
  await expectAccessible(page, 'data import, choose a file');

  // The mapping step: headers read from the file, usual names guessed.
  await page.setInputFiles('#import-file', path);
  await page.getByRole('heading', { name: 'Columns' }).waitFor();
  expect(await page.locator('.p-dropdown:has(#import-key) .p-dropdown-label').textContent()).toBe('customer_id');
  expect(await page.locator('tr[data-column="1"] .p-dropdown-label').first().textContent()).toBe('E-mail address(es)');
  expect(await page.locator('#import-attribute-4').inputValue()).toBe('plan');
  await choose(page, page.locator('tr[data-column="5"] .p-dropdown').nth(1), 'Number');
  await expectAccessible(page, 'data import, mapping');

  // Progress: the rows-read figure is watched as it changes.
  await page.evaluate(() => {
    const seen: string[] = [];
    const paces: string[] = [];
    Object.assign(window, { seenRows: seen, seenPaces: paces });
    new MutationObserver(() => {
      const v = document.querySelector('[data-stat="rowsRead"]')?.textContent;
      if (v && seen.at(-1) !== v) seen.push(v);
      const pace = document.querySelector('[data-testid="import-pace"]')?.textContent;
      if (pace && paces.at(-1) !== pace) paces.push(pace);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.locator('[data-testid="import-progress"] [role="progressbar"]').waitFor();
  await page.locator('.notice-success', { hasText: 'Import finished: 997 created, 0 updated, 3 failed.' }).waitFor({ timeout: 60_000 });
  const seen = await page.evaluate(() => (window as unknown as { seenRows: string[] }).seenRows);
  expect(seen.at(-1)).toBe('1,000');
  expect(
    seen.some((v) => v !== '0' && v !== '1,000'),
    `rows read as shown: ${seen.join(' → ')}`,
  ).toBe(true);
  expect(await page.locator('[data-testid="import-progress"] [role="progressbar"]').getAttribute('aria-valuenow')).toBe('100');
  // while it ran: its pace, and the time left at that pace
  const paces = await page.evaluate(() => (window as unknown as { seenPaces: string[] }).seenPaces);
  expect(
    paces.some((p) => /^[\d,]+ rows per second · about \d+ (min \d+ )?s left$/.test(p)),
    paces.join(' → '),
  ).toBe(true);

  // The report of bad rows: row numbers and reasons.
  const report = page.locator('[data-testid="import-failures"]').first();
  await expect.poll(() => report.locator('tbody tr').count()).toBe(3);
  const rows = await report.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  expect(rows).toEqual(Object.entries(BAD).map(([row, reason]) => [row, expect.any(String), reason]));
  await page.locator('[data-testid="import-history"] tbody tr', { hasText: 'customers.csv' }).waitFor();
  await expectAccessible(page, 'data import, finished with a report');

  // The accounts: listed a page at a time, found by address, shown in a dialog.
  await page.click('.side-menu a[href="#/library/account"]');
  await waitForPath(page, '/library/account');
  const accountRows = page.locator('[data-testid="account-list"] tbody tr:not(.p-datatable-emptymessage)');
  await expect.poll(() => accountRows.count()).toBe(20);
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByText('Page 2').waitFor();
  await page.fill('#account-search', 'P12@EXAMPLE.COM');
  await expect.poll(() => accountRows.allTextContents()).toEqual([expect.stringContaining('p12@example.com')]);
  await page.getByRole('button', { name: 'Show P12' }).click();
  await page.locator('#account-dialog', { hasText: 'Name 12' }).waitFor();
  await expectAccessible(page, 'account detail');
  await page.locator('#account-dialog .dialog-footer').getByRole('button', { name: 'Close' }).click();

  // A segment: country is JP and plan is gold, with its live size.
  await page.click('.side-menu a[href="#/library/segment"]');
  await waitForPath(page, '/library/segment');
  await page.getByRole('button', { name: 'New segment' }).click();
  await waitForPath(page, '/library/segment/create-segment');
  await page.fill('#segment-name', 'JP gold');
  const first = page.locator('[data-condition="1"]');
  await first.getByRole('textbox', { name: 'Value 1', exact: true }).fill('JP');
  await page.getByRole('button', { name: 'Add condition' }).click();
  const second = page.locator('[data-condition="2"]');
  await choose(page, second.locator('.p-dropdown').first(), 'Custom attribute');
  await second.getByRole('textbox', { name: 'Attribute name 2', exact: true }).fill('plan');
  await second.getByRole('textbox', { name: 'Value 2', exact: true }).fill('gold');
  const size = page.locator('[data-testid="segment-size"] [data-count]');
  await expect.poll(() => size.getAttribute('data-count'), { timeout: 15_000 }).toBe(String(matching));
  await page.locator('[data-testid="segment-size"]', { hasText: `of ${(ROWS - 3).toLocaleString('en-US')} accounts` }).waitFor();
  // static lists: P1 (in the US) always in; P0 (JP, gold) never
  await page.fill('#segment-include', 'P1');
  await expect.poll(() => size.getAttribute('data-count'), { timeout: 15_000 }).toBe(String(matching + 1));
  await page.fill('#segment-exclude', 'P0\nP0');
  await expect.poll(() => size.getAttribute('data-count'), { timeout: 15_000 }).toBe(String(matching));
  expect(await page.locator('label[for="segment-exclude"]').textContent()).toBe('Always exclude (1)');
  await expectAccessible(page, 'segment editor');

  await page.getByRole('button', { name: 'Save' }).click();
  await waitForPath(page, '/library/segment');
  await page.locator('.p-toast-message', { hasText: 'Segment JP gold was created.' }).waitFor();
  await page.locator('[data-testid="segment-list"] tbody tr', { hasText: 'Country is JP and plan is gold' }).waitFor();
  await expectAccessible(page, 'segment list');
  await context.close();
});

it('reads a Shift_JIS file: the encoding is chosen for it, and Japanese names import right', async () => {
  const { default: iconv } = await import('iconv-lite');
  const text = 'customer_id,email,first_name\r\nSJ1,sj1@example.com,山田太郎\r\nSJ2,sj2@example.com,ｶﾀｶﾅ\r\n';
  const path = join(mkdtempSync(join(tmpdir(), 'herald-import-sjis-')), 'japan.csv');
  writeFileSync(path, iconv.encode(text, 'Shift_JIS'));
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/batches`);
  await page.setInputFiles('#import-file', path);
  await page.getByRole('heading', { name: 'Columns' }).waitFor();
  expect(await page.locator('.p-dropdown:has(#import-encoding) .p-dropdown-label').textContent()).toBe('Shift_JIS');
  expect(await page.locator('tr[data-column="2"]').textContent()).toContain('山田太郎');
  await expectAccessible(page, 'data import, a Shift_JIS file');
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect
    .poll(async () => ((await suite.admin.call('account.detail', { id: 'SJ1' })).body.payload as { firstName?: string } | null)?.firstName, { timeout: 30_000 })
    .toBe('山田太郎');
  expect((await suite.admin.ok('account.detail', { id: 'SJ2' })).firstName).toBe('ｶﾀｶﾅ');
  await context.close();
});

it('imports an Amazon Pinpoint endpoint export without a mapping step', async () => {
  const lines = Array.from({ length: 30 }, (_, i) =>
    JSON.stringify({
      Id: `ep${i}`,
      ChannelType: 'EMAIL',
      Address: `pinpoint${i}@example.com`,
      OptOut: i === 0 ? 'ALL' : 'NONE',
      EndpointStatus: 'ACTIVE',
      User: { UserId: `pin-${i}`, UserAttributes: { FirstName: [`Pin ${i}`] } },
      Demographic: { Locale: 'ja_JP' },
    }),
  );
  lines.push(JSON.stringify({ Id: 'sms-1', ChannelType: 'SMS', Address: '+81 90 1234 5678', OptOut: 'NONE', User: { UserId: 'pin-1' } }));
  lines.push(
    JSON.stringify({
      Id: 'push-1',
      ChannelType: 'GCM',
      Address: 'tok-1-abcdefghijklmnop',
      OptOut: 'NONE',
      User: { UserId: 'pin-1' },
      Demographic: { Platform: 'android', PlatformVersion: '14', AppVersion: '2.1.0' },
    }),
  );
  const path = join(mkdtempSync(join(tmpdir(), 'herald-import-pinpoint-')), 'endpoints.jsonl');
  writeFileSync(path, `${lines.join('\n')}\n`);
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/batches`);
  await page.setInputFiles('#import-file', path);
  await expect
    .poll(async () => ((await suite.admin.call('account.detail', { id: 'pin-29' })).body.payload as { firstName?: string } | null)?.firstName, { timeout: 30_000 })
    .toBe('Pin 29');
  await expectAccessible(page, 'data import, a Pinpoint export');
  expect(await suite.admin.ok('account.detail', { id: 'pin-0' })).toMatchObject({ emails: ['pinpoint0@example.com'], locale: 'ja-JP', emailConsent: false });
  // the account's devices and their permissions, on its detail
  await page.goto(`${suite.herald.portalUrl}#/library/account`);
  await page.fill('#account-search', 'pin-1');
  // its SMS endpoint is its phone number, in the list's phone column and on the detail
  await page.locator('[data-testid="account-list"] tbody tr', { hasText: 'pin-1' }).first().waitFor();
  await page.locator('[data-testid="account-list"] tbody tr', { hasText: '+81 90 1234 5678' }).waitFor();
  await page.getByRole('button', { name: 'Show pin-1', exact: true }).click();
  const dialog = page.locator('#account-dialog');
  expect(await dialog.getByTestId('account-phones').textContent()).toBe('+81 90 1234 5678');
  expect(await dialog.getByTestId('account-line').textContent()).toBe('--');
  await dialog.getByRole('tab', { name: 'Devices' }).click();
  await dialog.locator('[data-testid="account-devices"]', { hasText: 'tok-1' }).waitFor();
  await dialog.getByRole('tab', { name: 'Permissions' }).click();
  await dialog.locator('[data-testid="account-permissions"]', { hasText: 'Always' }).waitFor();
  await expectAccessible(page, "an account's devices");
  await context.close();
});

it('imports devices of existing accounts: the kind is chosen, the device columns are guessed, an unknown account is reported', async () => {
  await suite.admin.ok('account.save', { id: 'DEV-A', emails: ['dev-a@example.com'] });
  const path = join(mkdtempSync(join(tmpdir(), 'herald-import-devices-')), 'devices.csv');
  writeFileSync(path, 'account,device id,platform,push token,permission\nDEV-A,iphone-9,ios,tok-123,when in use\nDEV-NONE,pixel-9,android,tok-456,always\n');
  const { context, page } = await openPage(suite.browser);
  await signIn(page, `${suite.herald.portalUrl}#/library/batches`);
  await page.setInputFiles('#import-file', path);
  await page.getByRole('heading', { name: 'Columns' }).waitFor();
  await choose(page, page.locator('.p-dropdown:has(#import-kind)'), 'Devices of existing accounts');
  expect(await page.locator('label[for="import-key"]').textContent()).toBe('Account id column');
  await choose(page, page.locator('.p-dropdown:has(#import-key)'), 'account');
  expect(await page.locator('tr[data-column="1"] .p-dropdown-label').first().textContent()).toBe('Device id');
  expect(await page.locator('tr[data-column="4"] .p-dropdown-label').first().textContent()).toBe('Notification permission');
  await expectAccessible(page, 'data import, a device file');
  await page.getByRole('button', { name: 'Start import' }).click();
  await page.locator('.notice-success', { hasText: 'Import finished: 1 created, 0 updated, 1 failed.' }).waitFor({ timeout: 30_000 });
  await page.locator('[data-testid="import-failures"]', { hasText: 'The account DEV-NONE does not exist: import the accounts first.' }).first().waitFor();
  expect(await suite.admin.ok('account.devices', { id: 'DEV-A' })).toEqual([
    expect.objectContaining({ deviceId: 'iphone-9', platform: 'IOS', pushToken: 'tok-123', permission: 'WHEN_IN_USE' }),
  ]);
  await context.close();
});
