/** Sign-in, sign-out, languages and the session-ended toast, in a real browser against a local Herald. */
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '../../shared/errors';
import { MESSAGES } from '../../shared/validation';
import { ERROR_TOAST_MS, UNREAD_REFRESH_MS } from '../../web/src/app/constants';
import { ADMIN_PASSWORD, browserSuite, hashPath, logOut, menuGroups, menuLabels, openPage, signIn, userWithRole, waitForPath } from './browser';
import { textsIn } from '../../shared/i18n';

const suite = browserSuite();

describe('sign-in', () => {
  it('asks for username and password with the spec messages, and shows 710002 for a wrong password', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(suite.herald.portalUrl);
    await waitForPath(page, '/login');
    await page.click('form button[type=submit]');
    await expect.poll(() => page.locator('#username-error').textContent()).toBe(textsIn(MESSAGES.usernameRequired, 'en'));
    expect(await page.locator('#password-error').textContent()).toBe(textsIn(MESSAGES.passwordRequired, 'en'));

    await page.fill('#username', 'admin');
    await page.fill('#password', 'Wrong@1234');
    await page.click('form button[type=submit]');
    const toast = page.locator('.p-toast-message-error');
    await toast.waitFor();
    expect(await toast.textContent()).toContain(ERROR_CATALOGUE['710002'].en);
    expect(hashPath(page)).toBe('/login');
    await context.close();
  });

  it('a throttled sign-in says how long to wait, in the chosen language', async () => {
    await userWithRole(suite.admin, { username: 'throttled.tim', password: 'Tim@12345', permissions: ['NAV_DASHBOARD'] });
    const { context, page } = await openPage(suite.browser);
    await page.goto(suite.herald.portalUrl);
    await waitForPath(page, '/login');
    const toast = page.locator('.p-toast-message-error');
    await page.fill('#username', 'throttled.tim');
    await page.fill('#password', 'Wrong@1234');
    for (let i = 0; i < 5; i++) {
      await page.click('form button[type=submit]');
      await toast.filter({ hasText: ERROR_CATALOGUE['710002'].en }).first().waitFor();
      await page.locator('.p-toast-icon-close').first().click();
      await expect.poll(() => toast.count()).toBe(0);
    }
    // the right password now waits too, and the message says for how long
    await page.fill('#password', 'Tim@12345');
    await page.click('form button[type=submit]');
    await expect.poll(() => toast.first().textContent()).toMatch(/Too many attempts\. Try again in \d+ min\./);
    await page.locator('.p-toast-icon-close').first().click();
    await expect.poll(() => toast.count()).toBe(0);
    await page.selectOption('#language-switcher', 'ja');
    // the form asks in the language it shows: wait until it shows Japanese
    await page.locator('form button[type=submit]', { hasText: 'サインイン' }).click();
    await expect.poll(() => toast.first().textContent()).toMatch(/試行回数が多すぎます。\d+ 分後にもう一度お試しください。/);
    expect(hashPath(page)).toBe('/login');
    await context.close();
  });

  it('signs the seeded admin in and lands on the dashboard', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await waitForPath(page, '/dashboard');
    expect(await page.locator('h1').first().textContent()).toContain('Welcome');
    expect(await page.getByTestId('current-org').textContent()).toBe('Default organization');
    expect(await menuGroups(page)).toEqual(['Dashboard', 'Library', 'Campaigns', 'Reports', 'Insights', 'Admin']);
    // the token is kept in session storage, not local storage
    const stored = await page.evaluate(() => ({ session: sessionStorage.getItem('herald.auth'), local: localStorage.getItem('herald.auth') }));
    expect(JSON.parse(stored.session!).accessToken).toBeTruthy();
    expect(stored.local).toBeNull();
    await context.close();
  });

  it('a fresh load of the sign-in page (which loads without the router) leads on to the forgotten-password page, and a sign-in to where the visitor was going', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(`${suite.herald.portalUrl}#/login?redirect=${encodeURIComponent('/role')}`);
    await page.locator('#username').waitFor();
    expect(await page.title()).toBe('Sign in · Herald');
    // the router is not among the scripts the form waited for (its own message names it)
    const withRouter = await page.evaluate(async () => {
      const scripts = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
      const texts = await Promise.all(scripts.map(async (r) => (await fetch(r.name)).text()));
      return texts.filter((t) => t.includes('useNavigate() may be used only in the context of a <Router> component.')).length;
    });
    expect(withRouter).toBe(0);
    await page.click('a[href="#/forgot-password"]');
    await waitForPath(page, '/forgot-password');
    await page.locator('#email').waitFor();
    await page.goBack();
    await waitForPath(page, '/login');
    await page.locator('#username').waitFor();

    await page.reload();
    await page.fill('#username', 'admin');
    await page.fill('#password', ADMIN_PASSWORD);
    await page.click('form button[type=submit]');
    await waitForPath(page, '/role');
    await page.locator('.side-menu').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await context.close();
  });

  it('the first Tab stop skips to the page content', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await waitForPath(page, '/dashboard');
    // a navigation puts the focus on the page's heading; a fresh load starts at the top, at the skip link
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => ({ cls: document.activeElement?.className, text: document.activeElement?.textContent }))).toEqual({
      cls: 'skip-link',
      text: 'Skip to content',
    });
    // visible while focused
    expect((await page.locator('.skip-link').boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    expect(hashPath(page)).toBe('/dashboard');
    await context.close();
  });

  it('logs out to /login, and the back button does not re-enter', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await page.click('.side-menu a[href="#/role"]');
    await waitForPath(page, '/role');
    await logOut(page);
    expect(await page.evaluate(() => sessionStorage.getItem('herald.auth'))).toBeNull();

    await page.goBack();
    await waitForPath(page, '/login');
    await page.locator('#username').waitFor();
    expect(await page.locator('.side-menu').count()).toBe(0);
    await page.goBack().catch(() => undefined);
    await page.waitForTimeout(300);
    expect(hashPath(page)).not.toBe('/role');
    expect(await page.locator('.side-menu').count()).toBe(0);
    await context.close();
  });
});

describe('languages', () => {
  it('switching to zh and to ja changes the menu texts', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    expect((await menuLabels(page))[0]).toBe('Dashboard');

    await page.selectOption('#language-switcher', 'zh');
    await expect.poll(() => menuGroups(page)).toEqual(['仪表盘', '资源库', '营销活动', '报表', '洞察', '管理']);
    expect(await menuLabels(page)).toContain('地理围栏');

    await page.selectOption('#language-switcher', 'ja');
    await expect.poll(() => menuGroups(page)).toEqual(['ダッシュボード', 'ライブラリ', 'キャンペーン', 'レポート', 'インサイト', '管理']);
    expect(await menuLabels(page)).toContain('ジオフェンス');
    // "pending approval", not 保留中 ("on hold")
    expect(await menuLabels(page)).toContain('承認待ち');
    expect(await page.evaluate(() => localStorage.getItem('herald.lang'))).toBe('ja');

    // the choice was saved to the profile too
    await expect.poll(async () => (await suite.admin.ok('user.profile', {})).language).toBe('ja');
    await page.selectOption('#language-switcher', 'en');
    await expect.poll(() => menuGroups(page)).toContain('Library');
    await expect.poll(async () => (await suite.admin.ok('user.profile', {})).language).toBe('en');
    await context.close();
  });
});

describe('session ended elsewhere', () => {
  it('a 600005 answer shows a toast that stays until closed', async () => {
    const password = 'Viewer@1234';
    const { userId } = await userWithRole(suite.admin, { username: 'viewer', password, permissions: ['NAV_DASHBOARD'] });
    const { context, page } = await openPage(suite.browser);
    await page.clock.install();
    await signIn(page, suite.herald.portalUrl, 'viewer', password);

    // The admin sets a new password: the viewer's session ends (600005) at its next call.
    const list = await suite.admin.ok('user.getListByPage', { page: 0, size: 50 });
    const viewer = list.list.find((u: { id: string }) => u.id === userId);
    await suite.admin.ok('user.save', { ...viewer, password: 'Changed@1234' });

    // The page's next call answers 600005: the notification bell's poll, brought forward on the page's clock. (A
    // navigation would race that poll: once it has answered, the next navigation leads straight to sign-in.)
    await page.clock.runFor(UNREAD_REFRESH_MS);
    const toast = page.locator('.p-toast-message-error', { hasText: ERROR_CATALOGUE['600005'].en });
    await toast.waitFor();
    expect(hashPath(page)).toBe('/dashboard');
    // well past an ordinary error toast's life, it is still there
    await page.clock.runFor(ERROR_TOAST_MS * 3);
    expect(await toast.isVisible()).toBe(true);
    await toast.locator('.p-toast-icon-close').click();
    await toast.waitFor({ state: 'detached' });

    // The next navigation leads to sign-in, and signing in again returns to where the user was going.
    await page.click('.profile-button');
    await page.click('#profile-menu .menu-profile a');
    await waitForPath(page, '/login');
    // one message, not the same one again
    expect(await page.locator('.p-toast-message-error', { hasText: ERROR_CATALOGUE['600005'].en }).count()).toBeLessThanOrEqual(1);
    await page.fill('#username', 'viewer');
    await page.fill('#password', 'Changed@1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, '/settings');
    await context.close();
  });
});
