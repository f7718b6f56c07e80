/**
 * Single sign-on in the browser (issue 25 item 2): from the sign-in page's "Sign in with SSO" through a real
 * OpenID provider's own login and consent pages (oidc-provider, started here) back to the portal, signed in with
 * a just-in-time account; logout through the provider back to the sign-in page. The provider settings on the
 * users screen in Japanese, the client secret never on the page. Each screen axe clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOidc, startOidcProvider } from '../support/oidcProvider';
import { browserSuite, closeToasts, expectAccessible, hashPath, openPage, signIn, waitForPath } from './browser';

const suite = browserSuite();
let oidc: LocalOidc;
let orgCode: string;

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUri: `${suite.herald.url}/portalui/` });
  const role = await suite.admin.ok('userRole.save', { name: 'SSO readers', code: 'SSO_READERS', permissions: ['NAV_DASHBOARD', 'NAV_HOME'] });
  await suite.admin.ok('ssoSetting.save', { enabled: true, issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret, defaultRoleId: role.id, version: 0 });
  const orgs = await suite.admin.ok('organization.list', { page: 0, size: 10 });
  orgCode = orgs.list.find((o: { id: number }) => o.id === 1)!.code;
});
afterAll(() => oidc?.stop());

describe('single sign-on', () => {
  it('signs a new person in through the identity provider and out through it again', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(`${suite.herald.portalUrl}#/login`);
    await page.getByRole('button', { name: 'Use single sign-on (SSO)' }).click();
    await page.fill('#sso-org-code', 'NO_SUCH_ORG');
    await page.getByRole('button', { name: 'Continue to your identity provider' }).click();
    await expect.poll(() => page.locator('#sso-org-code-error').textContent()).toBe('Single sign-on is not set up for this organization.');
    await expectAccessible(page, 'the sign-in page with SSO');

    await page.fill('#sso-org-code', orgCode);
    await page.getByRole('button', { name: 'Continue to your identity provider' }).click();
    // the provider's own pages: its login form, then its consent
    await page.waitForURL((url) => url.origin === oidc.issuer && url.pathname.startsWith('/interaction/'));
    await page.fill('input[name=login]', 'dana');
    await page.fill('input[name=password]', 'anything');
    await page.click('button[type=submit]');
    await page.waitForSelector('input[name=prompt][value=consent]', { state: 'attached' });
    await page.click('button[type=submit]');

    await waitForPath(page, '/dashboard');
    await page.waitForSelector('.side-menu');
    // the code and state are off the address bar
    expect(new URL(page.url()).search).toBe('');
    const stored = await page.evaluate(() => Object.values(sessionStorage).join(' '));
    expect(stored).toContain('"loginType":"SSO"');
    expect(stored).not.toContain(oidc.clientSecret);

    await page.click('.profile-button');
    await page.click('#profile-menu .menu-logout a');
    await page.waitForURL((url) => url.origin === oidc.issuer);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await waitForPath(page, '/login');
    expect(hashPath(page)).toBe('/login');
    await context.close();
  });

  it('the provider settings on the users screen, in Japanese, never show the client secret', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, `${suite.herald.portalUrl}#/admin-pennel`);
    const section = page.getByTestId('sso-setting');
    await section.waitFor();
    await page.selectOption('#language-switcher', 'ja');
    await expect.poll(() => section.locator('h2').textContent()).toBe('シングルサインオン（OpenID Connect）');
    await expect.poll(() => page.locator('#sso-issuer').inputValue()).toBe(oidc.issuer);
    expect(await page.locator('#sso-client-id').inputValue()).toBe(oidc.clientId);
    expect(await page.locator('#sso-client-secret').inputValue()).toBe('');
    // the e-mail domains sign-in is limited to: none yet, and a malformed one is refused on the page
    expect(await page.locator('#sso-email-domains').inputValue()).toBe('');
    await page.fill('#sso-email-domains', 'corp.test, not a domain');
    await section.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('#sso-email-domains-error').textContent()).toBe('メールドメインは example.com のように 20 個まで指定してください。');
    await page.fill('#sso-email-domains', '');
    expect(await page.getByTestId('sso-redirect-uri').textContent()).toBe(`${suite.herald.url}/portalui/`);
    expect(await page.content()).not.toContain(oidc.clientSecret);
    await page.fill('#sso-issuer', 'http://idp.example');
    await section.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('#sso-issuer-error').count()).toBe(1);
    await closeToasts(page);
    await expectAccessible(page, 'the SSO settings');
    await page.selectOption('#language-switcher', 'en');
    await context.close();
  });
});
