/** Password pages and account settings, in a real browser against a local Herald. */
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../shared/errors';
import { MESSAGES } from '../../shared/validation';
import { ApiClient, sentMail } from '../support/herald';
import { browserSuite, closeToasts, expectAccessible, logOut, openPage, signIn, userWithRole, waitForPath } from './browser';
import { textsIn } from '../../shared/i18n';

const suite = browserSuite();

describe('forgot password', () => {
  it('mails a link whatever the address, and the link sets a new password', async () => {
    await userWithRole(suite.admin, { username: 'forgetful', password: 'Forget@1234', permissions: ['NAV_DASHBOARD'] });
    const { context, page } = await openPage(suite.browser);
    await page.goto(`${suite.herald.portalUrl}#/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.fill('#email', 'not-an-address');
    await page.getByRole('button', { name: 'Send link' }).click();
    expect(await page.locator('#email-error').textContent()).toBe(textsIn(MESSAGES.emailInvalid, 'en'));

    await page.fill('#email', 'forgetful@example.com');
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.locator('.notice-success', { hasText: 'If an account has this address' }).waitFor();

    let link: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await sentMail(suite.herald)).filter((m) => m.destination.to.includes('forgetful@example.com')).pop();
        link = mail?.body.text?.match(/https?:\/\/\S+#\/password-new\?token=\S+/)?.[0];
        return link;
      })
      .toBeTruthy();

    await page.goto(link!);
    await waitForPath(page, '/password-new');
    await page.fill('#new-password', 'short');
    await page.fill('#new-confirm', 'other');
    await page.getByRole('button', { name: 'Set password' }).click();
    expect(await page.locator('#new-password-hint').textContent()).toBe(textsIn(MESSAGES.passwordRule, 'en'));
    expect(await page.locator('#new-confirm-error').textContent()).toBe(textsIn(MESSAGES.passwordsInconsistent, 'en'));
    await page.fill('#new-password', 'Remember@1234');
    await page.fill('#new-confirm', 'Remember@1234');
    await page.getByRole('button', { name: 'Set password' }).click();
    await waitForPath(page, '/login');
    // the sign-in form is filled with the account's username
    await expect.poll(() => page.inputValue('#username')).toBe('forgetful');

    // the same link again: it is spent, and the page says so in plain words and offers a new one (en, then ja)
    for (const [lang, text, ask] of [
      ['en', 'This link has already been used, or a newer one replaced it, or it has expired.', 'Send me a new link'],
      ['ja', 'このリンクは使用済みか、新しいリンクに置き換えられたか、有効期限が切れています。', '新しいリンクを送る'],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('herald.lang', l), lang);
      await page.goto(link!);
      await page.reload();
      await waitForPath(page, '/password-new');
      await page.fill('#new-password', 'Another@1234');
      await page.fill('#new-confirm', 'Another@1234');
      await page.locator('form button[type="submit"]').click();
      await expect.poll(() => page.getByTestId('link-problem').textContent()).toContain(text);
      expect(await page.locator('.p-toast-message-error').count()).toBe(0);
      await page.getByRole('link', { name: ask }).waitFor();
    }
    await page.evaluate(() => localStorage.setItem('herald.lang', 'en'));
    await signIn(page, suite.herald.portalUrl, 'forgetful', 'Remember@1234');
    await context.close();
  });
});

describe('password edit', () => {
  it('checks the current password, then changes it and signs out', async () => {
    await userWithRole(suite.admin, { username: 'changer', password: 'Change@1234', permissions: ['NAV_DASHBOARD'] });
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl, 'changer', 'Change@1234');
    await page.click('.profile-button');
    await page.click('#profile-menu a:has-text("Change password")');
    await waitForPath(page, '/password-edit');

    await page.fill('#old-password', 'Wrong@1234');
    await page.fill('#new-password', 'Changed@1234');
    await page.fill('#new-confirm', 'Changed@1234');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.locator('.p-toast-message-error', { hasText: ERROR_CATALOGUE['710007'].en }).waitFor();

    await page.fill('#old-password', 'Change@1234');
    await page.getByRole('button', { name: 'Change password' }).click();
    await waitForPath(page, '/login');
    await signIn(page, suite.herald.portalUrl, 'changer', 'Changed@1234');
    await context.close();
  });
});

describe('settings', () => {
  it('saves My Info and the default landing page, used at the next sign-in', async () => {
    await userWithRole(suite.admin, { username: 'settler', password: 'Settle@1234', permissions: ['NAV_DASHBOARD', 'NAV_PLAN_REPORT'] });
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl, 'settler', 'Settle@1234');
    await page.click('.profile-button');
    await page.click('#profile-menu .menu-profile a');
    await waitForPath(page, '/settings');

    await page.fill('#settings-first-name', 'Setty');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.p-toast-message-success').waitFor();
    await expect.poll(() => page.locator('.profile-name').textContent()).toContain('Setty');

    await page.getByRole('tab', { name: 'Preferences' }).click();
    await page.locator('.p-dropdown:has(#settings-landing)').click();
    await page.locator('.p-dropdown-item', { hasText: 'Plan report' }).click();
    await page.locator('.p-dropdown:has(#settings-timezone)').click();
    await page.locator('.p-dropdown-item', { hasText: 'UTC+09:00' }).click();
    await page.locator('.p-tabview-panel:visible').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await sentProfile()).defaultLandingPage).toBe('/plan-report');
    expect((await sentProfile()).timeZone).toBe('UTC+09:00');

    await logOut(page);
    await signIn(page, suite.herald.portalUrl, 'settler', 'Settle@1234');
    await waitForPath(page, '/plan-report');
    await context.close();
  });

  it('keeps notification and alert choices, and shows them again after a reload', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, `${suite.herald.portalUrl}#/settings`, 'settler', 'Settle@1234');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.click('label[for="alert-SEND_FAILED"]');
    await page.locator('.p-tabview-panel:visible').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await sentProfile()).alertTypes).toEqual(['SEND_FAILED']);
    await page.getByRole('tab', { name: 'Alerts' }).click();
    await page.fill('#settings-alert-emails', 'ops@example.com,');
    await page.locator('.p-tabview-panel:visible').getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await sentProfile()).alertEmails).toEqual(['ops@example.com']);

    // a language chosen on the Language tab applies at once, and the saved toast already speaks it
    await page.getByRole('tab', { name: 'Language' }).click();
    await page.click('label[for="lang-ja"]');
    await page.locator('.p-toast-message-success', { hasText: '設定を保存しました。' }).waitFor();
    await expect.poll(async () => (await sentProfile()).language).toBe('ja');
    // the member's own alert rules, in Japanese: one added at 30 %, then turned off
    await page.getByRole('tab', { name: 'アラート' }).click();
    await page.getByTestId('user-alerts').getByText('アラートはまだありません。').waitFor();
    await page.fill('#alert-new-threshold', '30');
    await page.click('label[for="alert-new-email"]');
    await page.getByRole('button', { name: 'アラートを追加' }).click();
    const rule = page.getByTestId('user-alert');
    await rule.getByText('受信者の 30 % 以上が失敗した').waitFor();
    await closeToasts(page);
    await expectAccessible(page, 'the alert rules, in Japanese');
    await rule.locator('label', { hasText: 'オン' }).click();
    await expect
      .poll(async () => (await settlerClient()).ok('userAlert.getAll'))
      .toEqual([expect.objectContaining({ event: 'RUN_FAILURE_RATE', threshold: 30, portal: true, email: true, enabled: false })]);
    await page.getByRole('tab', { name: '言語' }).click();
    await page.click('label[for="lang-en"]');
    await expect.poll(async () => (await sentProfile()).language).toBe('en');

    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect.poll(() => page.locator('#alert-SEND_FAILED').isChecked()).toBe(true);
    await page.getByRole('tab', { name: 'Alerts' }).click();
    await expect.poll(() => page.locator('.p-tabview-panel:visible .p-chips-token-label').allTextContents()).toEqual(['ops@example.com']);
    await context.close();
  });
});

async function settlerClient() {
  const c = new ApiClient(suite.herald);
  await c.login('settler', 'Settle@1234');
  return c;
}

async function sentProfile() {
  return (await settlerClient()).ok('user.profile', {});
}

describe('sign-in address and invitations', () => {
  it('a new e-mail address needs the password and applies from the mailed link', async () => {
    await userWithRole(suite.admin, { username: 'mover', password: 'Mover@1234', permissions: ['NAV_DASHBOARD'] });
    const { context, page } = await openPage(suite.browser);
    await signIn(page, `${suite.herald.portalUrl}#/settings`, 'mover', 'Mover@1234');
    await page.fill('#settings-email', 'mover.new@example.com');
    await page.locator('.p-tabview-panel:visible').getByRole('button', { name: 'Save' }).click();
    expect(await page.locator('#settings-email-password-error').textContent()).toBe(textsIn(MESSAGES.passwordRequired, 'en'));
    await page.fill('#settings-email-password', 'Mover@1234');
    await page.locator('.p-tabview-panel:visible').getByRole('button', { name: 'Save' }).click();
    await page.locator('.p-toast-message', { hasText: 'We sent a confirmation link to mover.new@example.com' }).waitFor();

    let link: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await sentMail(suite.herald)).filter((m) => m.destination.to.includes('mover.new@example.com')).pop();
        link = mail?.body.text?.match(/https?:\/\/\S+#\/email-confirm\?token=\S+/)?.[0];
        return link;
      })
      .toBeTruthy();
    await page.goto(link!);
    await page.locator('.notice-success', { hasText: 'Your sign-in address is now mover.new@example.com' }).waitFor();
    const c = new ApiClient(suite.herald);
    await c.login('mover', 'Mover@1234');
    expect((await c.ok('user.profile', {})).email).toBe('mover.new@example.com');
    await context.close();
  });

  it("an invitation to another organization waits for the owner's answer, then the organization can be selected", async () => {
    await userWithRole(suite.admin, { username: 'joiner', password: 'Joiner@1234', permissions: ['NAV_DASHBOARD'] });
    const org = await suite.admin.ok('organization.save', { name: 'Partner agency', code: 'PARTNER' });
    const inOrg = new ApiClient(suite.herald);
    inOrg.token = (await suite.admin.ok('user.switchOrganization', { orgId: org.id })).accessToken;
    await suite.admin.ok('user.switchOrganization', { orgId: 1 });
    const roleId = (await inOrg.ok('userRole.getAll'))[0].id;
    await inOrg.ok('user.invited', { email: 'joiner@example.com', roleId });

    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl, 'joiner', 'Joiner@1234');
    const row = page.locator('[data-testid="invitation"]', { hasText: 'Partner agency' });
    await row.waitFor();
    expect(await row.textContent()).toContain('admin invited you to join Partner agency as Administrator.');
    // the address was typed by an administrator: the link mailed to it shows it is the person's, then they accept
    await row.getByRole('button', { name: 'Accept' }).click();
    await page.locator('.p-toast-message', { hasText: 'Confirm your e-mail address first' }).waitFor();
    const mail = (await sentMail(suite.herald)).filter((m) => m.destination.to.includes('joiner@example.com')).pop();
    const link = mail?.body.text?.match(/https?:\/\/\S+#\/email-confirm\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.locator('.notice-success', { hasText: 'joiner@example.com' }).waitFor();
    await page.goto(`${suite.herald.portalUrl}#/dashboard`);
    await row.waitFor();
    await row.getByRole('button', { name: 'Accept' }).click();
    await page.locator('.p-toast-message', { hasText: 'You joined Partner agency' }).waitFor();
    await row.waitFor({ state: 'detached' });
    const c = new ApiClient(suite.herald);
    await c.login('joiner', 'Joiner@1234');
    expect((await c.ok('organization.list')).list.map((o: { name: string }) => o.name)).toContain('Partner agency');
    await context.close();
  });
});
