/** The users and roles screens: lists, filters, paging rules, deletes, invitations, organization switching. */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../shared/errors';
import { ALL_PERMISSIONS } from '../../shared/permissions';
import { MESSAGES } from '../../shared/validation';
import { ApiClient, sentMail } from '../support/herald';
import { browserSuite, expectAccessible, openPage, signIn, userWithRole, waitForPath } from './browser';
import { textsIn } from '../../shared/i18n';

const suite = browserSuite();

const rowsOf = (page: Page, list: string) => page.locator(`[data-testid="${list}"] tbody tr:not(.p-datatable-emptymessage)`);
const pageReport = (page: Page, list: string) => page.locator(`[data-testid="${list}"] .p-paginator-current`).textContent();

describe('roles screen', () => {
  it('steps back a page when the last role of a page is deleted', async () => {
    // The administrator and the ready-made approver roles plus nine more: page 2 holds one role.
    for (let i = 1; i <= 9; i++) await suite.admin.ok('userRole.save', { name: `Paging ${String(i).padStart(2, '0')}`, code: `PAGING_${i}`, permissions: [] });
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await page.click('.side-menu a[href="#/role"]');
    await expect.poll(() => pageReport(page, 'role-list')).toBe('1–10 of 11');
    await page.locator('[data-testid="role-list"] .p-paginator-next').click();
    await expect.poll(() => rowsOf(page, 'role-list').count()).toBe(1);
    expect(await pageReport(page, 'role-list')).toBe('11–11 of 11');

    await rowsOf(page, 'role-list').first().locator('button[aria-label^="Delete"]').click();
    await page.locator('.app-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => pageReport(page, 'role-list')).toBe('1–10 of 10');
    expect(await page.locator('[data-testid="role-list"] .p-paginator-page.p-highlight').textContent()).toBe('1');
    await context.close();
  });

  it('filters by name and active, and refuses to delete a role that has users (711002)', async () => {
    await userWithRole(suite.admin, { username: 'holder', password: 'Holder@1234', permissions: ['NAV_DASHBOARD'], roleCode: 'HELD_ROLE' });
    await suite.admin.ok('userRole.save', { name: 'Dormant', code: 'DORMANT', active: false, permissions: [] });
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await page.click('.side-menu a[href="#/role"]');
    await rowsOf(page, 'role-list').first().waitFor();

    await page.fill('#filter-name', 'dorm');
    await expect.poll(() => rowsOf(page, 'role-list').allTextContents()).toEqual([expect.stringContaining('DORMANT')]);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('.p-dropdown:has(#filter-active)').click();
    await page.locator('.p-dropdown-item', { hasText: 'No' }).click();
    await expect.poll(() => rowsOf(page, 'role-list').count()).toBe(1);
    await page.getByRole('button', { name: 'Reset' }).click();

    await page.fill('#filter-code', 'HELD_ROLE');
    await expect.poll(() => rowsOf(page, 'role-list').count()).toBe(1);
    // Delete is off, and says why before anyone tries (the server refuses too: 711002, tested on the API)
    const remove = rowsOf(page, 'role-list').first().locator('button[aria-label^="Delete"]');
    expect(await remove.isDisabled()).toBe(true);
    const reason = 'Users have this role (1): give them another role before deleting it.';
    expect(await page.locator(`#${await remove.getAttribute('aria-describedby')}`).textContent()).toBe(reason);
    await remove.hover({ force: true });
    await page.locator('.p-tooltip', { hasText: reason }).waitFor();
    expect(await rowsOf(page, 'role-list').count()).toBe(1);
    expect(
      (await suite.admin.call('userRole.delete', { id: (await suite.admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'HELD_ROLE')!.id })).body.errorCode,
    ).toBe('711002');
    await context.close();
  });

  it('the role editor selects a whole group at once', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await page.click('.side-menu a[href="#/role"]');
    await page.getByRole('button', { name: 'New role' }).click();
    await page.fill('#role-name', 'Templates only');
    await page.fill('#role-code', 'TEMPLATES_ONLY');
    await page.click('label[for="perm-all-template"]');
    await page.locator('#role-dialog').getByRole('button', { name: 'Save' }).click();
    await page.locator('#role-dialog').waitFor({ state: 'detached' });
    const saved = (await suite.admin.ok('userRole.getListByPage', { page: 0, size: 50, code: 'TEMPLATES_ONLY' })).list[0];
    expect([...saved.permissions].sort()).toEqual(['TEMPLATE_AI_BUILDER', 'TEMPLATE_EXPORT', 'TEMPLATE_IMPORT', 'TEMPLATE_LOCK']);
    await context.close();
  });

  it('the role editor names each permission over its code, and filters by either', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await page.click('.side-menu a[href="#/role"]');
    await page.getByRole('button', { name: 'New role' }).click();
    const dialog = page.locator('#role-dialog');
    const label = (code: string) => dialog.locator(`label[for="perm-${code}"]`);
    await label('PLAN_PASS').waitFor();
    expect(await label('PLAN_PASS').locator('.permission-name').textContent()).toBe('Approve plans');
    expect(await label('PLAN_PASS').locator('.code').textContent()).toBe('PLAN_PASS');
    expect(await dialog.locator('.checkbox-row').count()).toBe(ALL_PERMISSIONS.length);

    // By label: only the matching permissions and their groups stay; "select all" takes what is shown.
    await page.fill('#permission-filter', 'geofence');
    await expect.poll(() => dialog.locator('.checkbox-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-code')))).toEqual(['NAV_GEOFENCE', 'DELIVERY_GEOFENCE']);
    await page.click('label[for="perm-all-deliveryType"]');
    // By code.
    await page.fill('#permission-filter', 'plan_pass');
    await expect.poll(() => dialog.locator('.checkbox-row').count()).toBe(1);
    await label('PLAN_PASS').click();
    // Enter in the filter does not submit the role form.
    await page.press('#permission-filter', 'Enter');
    await page.waitForTimeout(200);
    expect(await page.locator('#role-name-error').count()).toBe(0);
    await page.fill('#permission-filter', 'no such permission');
    await dialog.locator('.permission-empty').waitFor();
    await page.fill('#permission-filter', '');
    await expect.poll(() => dialog.locator('.checkbox-row').count()).toBe(ALL_PERMISSIONS.length);

    // In Japanese the labels change and the filter reads them.
    await page.selectOption('#language-switcher', 'ja');
    await expect.poll(() => label('PLAN_PASS').locator('.permission-name').textContent()).toBe('プランを承認');
    await page.fill('#permission-filter', 'ジオフェンス');
    await expect.poll(() => dialog.locator('.checkbox-row').count()).toBe(2);
    await page.selectOption('#language-switcher', 'en');

    await page.fill('#role-name', 'Geo approver');
    await page.fill('#role-code', 'GEO_APPROVER');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await suite.admin.ok('userRole.getListByPage', { page: 0, size: 50, code: 'GEO_APPROVER' })).list[0];
    expect([...saved.permissions].sort()).toEqual(['DELIVERY_GEOFENCE', 'PLAN_PASS']);
    await context.close();
  });
});

describe('users screen', () => {
  it('finds users by keyword, edits one and invites another (email and role required)', async () => {
    await userWithRole(suite.admin, { username: 'kate.w', password: 'Kate@12345', permissions: ['NAV_DASHBOARD'] });
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await page.click('.side-menu a[href="#/admin-pennel"]');
    await rowsOf(page, 'user-list').first().waitFor();

    await page.fill('#filter-keyword', 'kate');
    await expect.poll(() => rowsOf(page, 'user-list').count()).toBe(1);
    await rowsOf(page, 'user-list').first().locator('button[aria-label^="Edit"]').click();
    await page.fill('#user-first-name', 'Katherine');
    await page.locator('#user-dialog').getByRole('button', { name: 'Save' }).click();
    await page.locator('#user-dialog').waitFor({ state: 'detached' });
    await rowsOf(page, 'user-list').filter({ hasText: 'Katherine' }).waitFor();

    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.locator('#invite-dialog');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    expect(await page.locator('#invite-email-error').textContent()).toBe(textsIn(MESSAGES.emailInvalid, 'en'));
    expect(await page.locator('#invite-role-error').textContent()).toBe('Please select the Role!');
    await page.fill('#invite-email', 'newcomer@example.com');
    // the corrected field's error goes at once; the role's stays until it is chosen
    await expect.poll(() => page.locator('#invite-email-error').count()).toBe(0);
    expect(await page.locator('#invite-email').getAttribute('class')).not.toContain('p-invalid');
    expect(await page.locator('#invite-role-error').textContent()).toBe('Please select the Role!');
    await invite.locator('.p-dropdown:has(#invite-role)').click();
    await page.locator('.p-dropdown-item', { hasText: 'Administrator' }).click();
    await expect.poll(() => page.locator('#invite-role-error').count()).toBe(0);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Reset' }).click();
    // no member until the invitee answers: listed only under the pending invitations
    await page.locator('[data-testid="pending-invitations"] tbody tr', { hasText: 'newcomer@example.com' }).waitFor();
    expect(await rowsOf(page, 'user-list').filter({ hasText: 'newcomer@example.com' }).count()).toBe(0);

    // inviting again says which: already invited, or already a member, at the address
    for (const [email, text] of [
      ['newcomer@example.com', 'newcomer@example.com has been invited already and has not answered yet.'],
      ['kate.w@example.com', 'kate.w@example.com already belongs to a member of this organization.'],
    ] as const) {
      await page.getByRole('button', { name: 'Invite user' }).click();
      await page.fill('#invite-email', email);
      await invite.locator('.p-dropdown:has(#invite-role)').click();
      await page.locator('.p-dropdown-item', { hasText: 'Administrator' }).click();
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => page.locator('#invite-email-error').textContent()).toBe(text);
      await invite.getByRole('button', { name: 'Cancel' }).click();
      await invite.waitFor({ state: 'detached' });
    }

    // the invitation waits under the list: sent again, then withdrawn (the confirmation starts on Cancel)
    const pending = page.locator('[data-testid="pending-invitations"] tbody tr', { hasText: 'newcomer@example.com' });
    await pending.waitFor();
    await expectAccessible(page, 'users with pending invitations');
    const mailsTo = async () => (await sentMail(suite.herald)).filter((m) => m.destination.to.includes('newcomer@example.com')).length;
    const sentBefore = await mailsTo();
    // sent a moment ago: a resend waits its turn (60 s apart), and nothing is mailed
    await pending.getByRole('button', { name: 'Send the invitation to newcomer@example.com again' }).click();
    await page.locator('.p-toast-message-error').waitFor();
    expect(await mailsTo()).toBe(sentBefore);

    await pending.getByRole('button', { name: 'Withdraw the invitation to newcomer@example.com' }).click();
    const confirm = page.locator('.app-confirm');
    await confirm.waitFor();
    await expect.poll(() => confirm.evaluate((el) => el.contains(document.activeElement) && document.activeElement?.textContent)).toBe('Cancel');
    await expectAccessible(page, 'withdraw invitation confirmation');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    expect(await pending.count()).toBe(1);
    await pending.getByRole('button', { name: 'Withdraw the invitation to newcomer@example.com' }).click();
    await confirm.getByRole('button', { name: 'Withdraw invitation' }).click();
    await page.locator('.p-toast-message', { hasText: 'The invitation to newcomer@example.com was withdrawn.' }).waitFor();
    await expect.poll(() => pending.count()).toBe(0);
    await expect.poll(() => rowsOf(page, 'user-list').filter({ hasText: 'newcomer@example.com' }).count()).toBe(0);
    await context.close();
  });

  it('a stale edit shows the server text of 720007', async () => {
    const { userId } = await userWithRole(suite.admin, { username: 'stale.sam', password: 'Stale@1234', permissions: [] });
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await page.click('.side-menu a[href="#/admin-pennel"]');
    await page.fill('#filter-keyword', 'stale.sam');
    await expect.poll(() => rowsOf(page, 'user-list').count()).toBe(1);
    await rowsOf(page, 'user-list').first().locator('button[aria-label^="Edit"]').click();
    // Someone else saves first.
    const current = (await suite.admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'stale.sam' })).list.find((u: { id: string }) => u.id === userId);
    await suite.admin.ok('user.save', { ...current, lastName: 'Elsewhere' });
    await page.fill('#user-last-name', 'Here');
    await page.locator('#user-dialog').getByRole('button', { name: 'Save' }).click();
    await page.locator('.p-toast-message-error').waitFor();
    expect(await page.locator('.p-toast-message-error').textContent()).toContain(ERROR_CATALOGUE['720007'].en);
    // the toast offers the latest: the dialog closes and the list shows what the other person saved
    await page.locator('.p-toast-message-error').getByRole('button', { name: 'Load the latest' }).click();
    await page.locator('#user-dialog').waitFor({ state: 'detached' });
    await rowsOf(page, 'user-list').filter({ hasText: 'Elsewhere' }).waitFor();
    await expect.poll(() => page.locator('.p-toast-message-error').count()).toBe(0);
    await context.close();
  });
});

describe('organizations', () => {
  it('switches organization from the top bar', async () => {
    await suite.admin.ok('organization.save', { name: 'Second org', code: 'SECOND' });
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    expect(await page.getByTestId('current-org').textContent()).toBe('Default organization');
    await page.locator('.org-switcher').click();
    await page.locator('.p-dropdown-item', { hasText: 'Second org' }).click();
    await expect.poll(() => page.getByTestId('current-org').textContent()).toBe('Second org');
    await page.locator('.p-toast-message-success', { hasText: 'Switched to Second org.' }).waitFor();
    await waitForPath(page, '/dashboard');
    await context.close();
  });
});

describe('system setting screen', () => {
  it("saves the organization's options and the deployment's send rates", async () => {
    // the first organization's administrators set the rates: sign in there (an earlier test switched away)
    suite.admin.token = (await suite.admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await page.click('.side-menu a[href="#/systemSetting"]');
    await waitForPath(page, '/systemSetting');
    await page.locator('#rate-EMAIL').waitFor();
    await expectAccessible(page, 'system setting');

    await page.fill('#system-preview-app', 'Herald Preview');
    await page.fill('#system-countries', 'jp, us');
    await page.fill('#system-default-country', 'jp');
    await page.fill('#system-test-addresses', 'QA@example.com\nlead@example.com, qa@example.com');
    await page.click('label[for="system-templateApprovalSheet"]');
    // SMS prices per country: a line that is not a country and a price is named, and nothing is saved
    await page.fill('#system-sms-prices', 'JP 1.6\nChina 0.05');
    await page.fill('#system-currency', 'jpy');
    await page.locator('form[aria-labelledby="system-org-title"]').getByRole('button', { name: 'Save' }).click();
    await page.locator('#system-sms-prices-error', { hasText: '“China 0.05”' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('system-sms-prices');
    await page.fill('#system-sms-prices', 'JP 1.6\ncn: 0.05');
    await page.locator('form[aria-labelledby="system-org-title"]').getByRole('button', { name: 'Save' }).click();
    await page.locator('.p-toast-message-success', { hasText: 'The settings were saved.' }).waitFor();
    await expect
      .poll(async () => (await suite.admin.ok('systemSetting.detail')).organization)
      .toMatchObject({
        previewAppName: 'Herald Preview',
        countryList: ['JP', 'US'],
        defaultCountry: 'JP',
        testAddresses: ['qa@example.com', 'lead@example.com'],
        templateApprovalSheet: true,
        smsPrices: [
          { country: 'JP', price: 1.6 },
          { country: 'CN', price: 0.05 },
        ],
        currency: 'JPY',
      });
    // shown as saved after a reload
    await page.reload();
    await expect.poll(() => page.inputValue('#system-countries')).toBe('JP, US');
    expect(await page.inputValue('#system-sms-prices')).toBe('JP 1.6\nCN 0.05');
    expect(await page.inputValue('#system-currency')).toBe('JPY');
    expect(await page.inputValue('#system-test-addresses')).toBe('qa@example.com\nlead@example.com');
    expect(await page.inputValue('#system-default-country')).toBe('JP');

    await page.fill('#rate-EMAIL', '30');
    await page.locator('[data-testid="send-rates"]').getByRole('button', { name: 'Save' }).click();
    await page.locator('.p-toast-message-success', { hasText: 'The send rates were saved' }).waitFor();
    await expect.poll(async () => (await suite.admin.ok('systemSetting.detail')).sending.rates.EMAIL).toBe(30);
    await context.close();
  });

  it('shows every switch with what it does in ja, and refuses a default country outside the country list', async () => {
    suite.admin.token = (await suite.admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    await userWithRole(suite.admin, { username: 'settings-ja', password: 'Settings@123', permissions: ['NAV_HOME', 'NAV_SYSTEM_SETTING'] });
    const member = new ApiClient(suite.herald);
    await member.login('settings-ja', 'Settings@123');
    await member.ok('user.saveProfile', { language: 'ja', timeZone: 'Asia/Tokyo' });
    const before = (await suite.admin.ok('systemSetting.detail')).organization;
    const { context, page } = await openPage(suite.browser);
    await signIn(page, `${suite.herald.portalUrl}#/systemSetting`, 'settings-ja', 'Settings@123');
    await waitForPath(page, '/systemSetting');
    await page.locator('#system-mutableContent').waitFor();
    for (const name of ['singleMessageApprovalSheet', 'templateApprovalSheet', 'mutableContent', 'ignoreAccountNotifySetting', 'convertHyperlink', 'iotIdHash']) {
      const hint = (await page.locator(`#system-${name}-hint`).textContent()) ?? '';
      expect(hint, name).toMatch(/[ぁ-んァ-ン]/);
    }
    expect(await page.locator('#system-mutableContent-hint').textContent()).toContain('mutable content');
    await page.fill('#system-countries', 'JP');
    await page.fill('#system-default-country', 'us');
    await page.locator('#system-default-country-error', { hasText: 'デフォルトの国は国リストから選ぶ' }).waitFor();
    // a feature category preset's row, with its labelled fields, in the page axe checks
    await page.getByRole('button', { name: 'プリセットを追加' }).click();
    await page.fill('#system-preset-0-name', '春のセール');
    await expectAccessible(page, 'system setting (ja)');
    await page.locator('form[aria-labelledby="system-org-title"]').getByRole('button', { name: '保存' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('system-default-country');
    expect((await suite.admin.ok('systemSetting.detail')).organization).toMatchObject({ version: before.version, defaultCountry: before.defaultCountry });
    await context.close();
  });
});
