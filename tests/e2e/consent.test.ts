/**
 * Issue 21 "nothing silent", in ja: a file without a consent column is imported; the mapping step asks what
 * consent it grants and says what no answer means; the wizard's review step shows that nobody can receive the
 * e-mail and why; the file imported again with its consent answered makes them reachable. Sent with one account's
 * consent withdrawn, the detail counts two sent and the third skipped, not sent; a second message whose people all
 * withdrew their consent between review and sending says "Finished: nothing sent" on the detail and in the list,
 * never "delivered".
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ApiClient } from '../support/herald';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn, userWithRole, waitForPath } from './browser';

const suite = browserSuite({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
const APPROVER = { username: 'consent.approver', password: 'Approve@1234' };

/** An account's e-mail consent changed through the API (the account screen is tested on its own). */
async function setConsent(id: string, emailConsent: boolean) {
  await suite.admin.ok('account.save', { ...(await suite.admin.ok('account.detail', { id })), emailConsent });
}

/** In review, approved by another member through the API, and sent out: resolves once the message is DEPLOYED. */
async function sendOut(planId: string, approver: { id: string; api: ApiClient }, beforeApproval?: () => Promise<void>) {
  await suite.admin.ok('planAction.sendToReview', { id: planId, participants: [approver.id], deadline: Date.now() + 24 * 3600_000 });
  await beforeApproval?.();
  await approver.api.ok('planAction.pass', { id: planId });
  await suite.herald.delivery.idle();
  await expect.poll(async () => (await suite.admin.ok('plan.detail', { id: planId })).status, { timeout: 30_000 }).toBe('DEPLOYED');
}

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

    const segment = await admin.ok('segment.save', {
      name: `Cohort ${tag}`,
      rule: { op: 'AND', conditions: [{ field: 'attributes.cohort', operator: 'equals', value: tag }] },
      includeIds: [],
      excludeIds: [],
    });
    const content = {
      kind: 'EMAIL',
      template: { defaultLanguage: 'ja', contents: { ja: { subject: 'こんにちは', preheader: '', blocks: [{ type: 'heading', text: 'こんにちは' }] } } },
    };
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

    // one of them withdraws: two are sent, the third is skipped and never counted as sent
    const { userId } = await userWithRole(admin, { ...APPROVER, permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'] });
    const approver = { id: userId, api: new ApiClient(suite.herald) };
    await approver.api.login(APPROVER.username, APPROVER.password);
    await setConsent(`${tag}2`, false);
    await sendOut(draft.id, approver);
    await page.goto(`${suite.herald.portalUrl}#/campaigns/detail?id=${draft.id}&tab=analytics`);
    await page.locator('.page-header [data-status="DEPLOYED"]').waitFor({ timeout: 30_000 });
    const metric = (name: string) => page.locator(`[data-metric="${name}"] dd`).textContent();
    await expect.poll(() => metric('sent'), { timeout: 15_000 }).toBe('2');
    expect(await metric('skipped')).toBe('1');
    expect(await page.getByTestId('nothing-sent').count()).toBe(0);
    await page.getByRole('tab', { name: '送信記録', exact: true }).click();
    const record = (n: number) => page.getByTestId('sent-records').locator('tbody tr', { hasText: `${tag}${n}@example.com` });
    await record(2).waitFor({ timeout: 15_000 });
    expect(await record(2).locator('.p-tag').textContent()).toBe('スキップ');
    expect(await record(2).textContent()).toContain('受信者の設定でブロック（同意なし）');
    expect(await record(0).locator('.p-tag').textContent()).toBe('送信済み');
    await closeToasts(page);
    await expectAccessible(page, 'the sent records of a message that reached two of three');

    // a message whose people all withdrew between review and sending finishes having sent nothing
    const empty = await admin.ok('plan.saveSingle', { name: `Nobody ${tag}`, title: 'こんにちは', channel: 'EMAIL', content, segmentId: segment.id });
    await sendOut(empty.id, approver, async () => {
      await setConsent(`${tag}0`, false);
      await setConsent(`${tag}1`, false);
    });
    await page.goto(`${suite.herald.portalUrl}#/campaigns/detail?id=${empty.id}`);
    const header = page.locator('.page-header');
    await header.locator('[data-status="NOTHING_SENT"]', { hasText: '完了：送信なし' }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('nothing-sent').textContent(), { timeout: 15_000 })
      .toBe('配信は完了しましたが、何も送信されませんでした：受信者の設定でブロック（同意なし） 3。');
    expect(await header.textContent()).not.toContain('配信済み');
    await closeToasts(page);
    await expectAccessible(page, 'the detail of a message that sent nothing');

    // the list says the same of it, and "delivered" only of the message that reached someone
    await page.goto(`${suite.herald.portalUrl}#/campaigns`);
    await waitForPath(page, '/campaigns');
    const row = (name: string) => page.getByTestId('campaign-list').locator('tbody tr', { hasText: name });
    await row(`Nobody ${tag}`).locator('[data-status="NOTHING_SENT"]', { hasText: '完了：送信なし' }).waitFor({ timeout: 15_000 });
    expect(await row(`Nobody ${tag}`).textContent()).not.toContain('配信済み');
    expect(await row(`Consent ${tag}`).locator('[data-status]').textContent()).toBe('配信済み');
    await closeToasts(page);
    await expectAccessible(page, 'the campaign list with a message that sent nothing');
    await context.close();
  } finally {
    await admin.ok('user.saveProfile', { language: 'en' });
  }
});
