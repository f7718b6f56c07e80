/**
 * Issue 21 "nothing silent", in ja: a file without a consent column is imported; the mapping step asks what
 * consent it grants and says what no answer means; the wizard's review step shows that nobody can receive the
 * e-mail and why; the file imported again with its consent answered makes them reachable.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { browserSuite, expectAccessible, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();

async function importFile(page: Page, path: string, consent?: string) {
  await page.goto(`${suite.herald.portalUrl}#/library/batches`);
  await waitForPath(page, '/library/batches');
  await page.setInputFiles('#import-file', path);
  const question = page.getByTestId('import-consent');
  await question.getByText('以下のチャネルでメッセージを受け取ることに同意したかを示す列がありません', { exact: false }).waitFor();
  expect(await page.locator('.p-dropdown:has(#import-consent-emailConsent) .p-dropdown-label').textContent()).toBe('未回答：同意なし（既定）');
  if (consent) {
    await page.locator('.p-dropdown:has(#import-consent-emailConsent)').click();
    await page.locator('.p-dropdown-panel').getByRole('option', { name: consent, exact: true }).click();
    await page.getByText('既存のアカウントにもこの同意を設定する').click();
  }
  await expectAccessible(page, 'the consent question');
  await page.getByRole('button', { name: 'インポート開始' }).click();
  await page.locator('.notice-success').waitFor({ timeout: 60_000 });
}

it('asks the consent a file grants, and the review step says who can receive', async () => {
  const { admin } = suite;
  const tag = `c${Date.now().toString(36)}`;
  const lines = ['customer_id,email,first_name,cohort', ...Array.from({ length: 3 }, (_, i) => `${tag}${i},${tag}${i}@example.com,Name ${i},${tag}`)];
  const path = join(mkdtempSync(join(tmpdir(), 'herald-consent-')), 'people.csv');
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  await admin.ok('user.saveProfile', { language: 'ja', timeZone: 'Asia/Tokyo' });
  try {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await importFile(page, path);

    const segment = await admin.ok('segment.save', { name: `Cohort ${tag}`, rule: { op: 'AND', conditions: [{ field: 'attributes.cohort', operator: 'equals', value: tag }] }, includeIds: [], excludeIds: [] });
    const content = { kind: 'EMAIL', template: { defaultLanguage: 'ja', contents: { ja: { subject: 'こんにちは', preheader: '', blocks: [{ type: 'heading', text: 'こんにちは' }] } } } };
    const draft = await admin.ok('plan.saveSingle', { name: `Consent ${tag}`, title: 'こんにちは', channel: 'EMAIL', content, segmentId: segment.id });
    const review = async () => {
      await page.goto(`${suite.herald.portalUrl}#/campaigns/new-single?id=${draft.id}&step=review`);
      await page.reload();
      return page.getByTestId('segment-reach');
    };
    await expect.poll(async () => (await review()).textContent(), { timeout: 20_000 }).toBe('3 人中 0 人がメールを受信できます：3 人はメールの受信に同意していません');

    // the same file, its e-mail consent answered for the accounts that exist
    await importFile(page, path, 'ファイルの人はメールの受信に同意している');
    await expect.poll(async () => (await review()).textContent(), { timeout: 20_000 }).toBe('3 人中 3 人がメールを受信できます');
    await context.close();
  } finally {
    await admin.ok('user.saveProfile', { language: 'en' });
  }
});
