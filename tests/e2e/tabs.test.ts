/**
 * Two tabs of one session (a duplicated tab copies sessionStorage, refresh token included) against a server that
 * revokes the session when a used refresh token comes again: the tabs take turns and share the new tokens.
 */
import type { BrowserContext, Page, Request, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../support/herald';
import { browserSuite, logOut, openPage, signIn, waitForPath } from './browser';

// 62 s access tokens: each tab's timer refreshes a minute before expiry, so about every 2 s, and tabs holding
// the same sign-in object fire together.
const suite = browserSuite({ config: { accessTokenSeconds: 62 } });

interface Refresh {
  tab: string;
  presented: string;
  ok?: boolean;
}

/** Every auth.refreshToken a page sends: the token presented and whether the server took it. */
function watchRefreshes(page: Page, tab: string, into: Refresh[]) {
  const pending = new Map<Request, Refresh>();
  page.on('request', (r: Request) => {
    if (!r.url().endsWith('/service/web/api/index')) return;
    const body = JSON.parse(r.postData() ?? '{}');
    if (body.service !== 'auth.refreshToken') return;
    const entry: Refresh = { tab, presented: body.payload.refreshToken };
    pending.set(r, entry);
    into.push(entry);
  });
  page.on('response', async (res: Response) => {
    const entry = pending.get(res.request());
    if (!entry) return;
    entry.ok = (await res.json().catch(() => ({}))).state === 'S';
  });
}

const stored = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('herald.auth') ?? 'null'));

/** A second tab of the same session: what duplicating the tab does, a copy of its sessionStorage. */
async function duplicate(context: BrowserContext, page: Page, url: string): Promise<Page> {
  const copy = await page.evaluate(() => ({ ...sessionStorage }));
  const second = await context.newPage();
  second.setDefaultTimeout(10_000);
  await second.addInitScript((items: Record<string, string>) => {
    // Only on the first load: later loads keep what the tab stored since.
    if (sessionStorage.getItem('herald.duplicated')) return;
    sessionStorage.setItem('herald.duplicated', '1');
    for (const [k, v] of Object.entries(items)) sessionStorage.setItem(k, v);
  }, copy);
  await second.goto(url);
  await second.waitForSelector('.side-menu');
  return second;
}

describe('two tabs of one session', () => {
  it('refresh in turn without replaying a token, keep working, and a logout in one signs out the other', async () => {
    const { context, page: first } = await openPage(suite.browser);
    const refreshes: Refresh[] = [];
    watchRefreshes(first, 'first', refreshes);
    await signIn(first, suite.herald.portalUrl);
    await waitForPath(first, '/dashboard');
    const second = await duplicate(context, first, `${suite.herald.portalUrl}#/dashboard`);
    watchRefreshes(second, 'second', refreshes);
    const sid = (await stored(first)).refreshToken.split('.')[0];
    expect((await stored(second)).refreshToken.split('.')[0]).toBe(sid);

    // Several rotations, with both tabs' timers due at the same moments (one every 2 s or so; a loaded machine is slower).
    await expect.poll(() => refreshes.filter((r) => r.ok).length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(4);
    await first.waitForTimeout(2_500);

    // No refresh token was presented twice, none was refused, and both tabs hold the same, newest tokens.
    const presented = refreshes.map((r) => r.presented);
    expect(new Set(presented).size).toBe(presented.length);
    expect(refreshes.filter((r) => r.ok === false)).toEqual([]);
    await expect.poll(async () => (await stored(second)).refreshToken).toBe((await stored(first)).refreshToken);

    // Both can still call the API.
    for (const page of [first, second]) {
      await page.click('.side-menu a[href="#/admin-pennel"]');
      await waitForPath(page, '/admin-pennel');
      await page.locator('[data-testid="user-list"] td', { hasText: 'admin' }).first().waitFor();
      expect(await page.locator('.p-toast-message-error').count()).toBe(0);
    }

    // Logging out in the first tab sends the second to sign-in too.
    await logOut(first);
    await waitForPath(second, '/login');
    await second.locator('#username').waitFor();
    expect(await stored(second)).toBeNull();
    expect(await second.locator('.side-menu').count()).toBe(0);
    await context.close();
  });

  it('a tab of another session is left alone by a logout', async () => {
    const { context: one, page: first } = await openPage(suite.browser);
    // The same browser, its own sign-in: another session. (A tab opened while another is signed in takes that
    // tab's session, so this one is opened first and signs in without reloading.)
    const second = await one.newPage();
    second.setDefaultTimeout(10_000);
    await second.goto(`${suite.herald.portalUrl}#/login`);
    await second.locator('#username').waitFor();
    await signIn(first, suite.herald.portalUrl);
    await second.fill('#username', 'admin');
    await second.fill('#password', ADMIN_PASSWORD);
    await second.click('form button[type=submit]');
    await second.waitForSelector('.side-menu');
    expect((await stored(second)).refreshToken.split('.')[0]).not.toBe((await stored(first)).refreshToken.split('.')[0]);

    await logOut(first);
    await second.waitForTimeout(1_000);
    expect(await stored(second)).not.toBeNull();
    await second.click('.side-menu a[href="#/admin-pennel"]');
    await waitForPath(second, '/admin-pennel');
    await second.locator('[data-testid="user-list"] td', { hasText: 'admin' }).first().waitFor();
    await one.close();
  });
});

describe('a new tab', () => {
  it('of a signed-in browser opens signed in, on the page asked for; with no tab open it asks to sign in', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    // a new tab (not a duplicate: its sessionStorage is empty) asks the open tab for the session
    const second = await context.newPage();
    second.setDefaultTimeout(10_000);
    await second.goto(`${suite.herald.portalUrl}#/settings`);
    await waitForPath(second, '/settings');
    await second.waitForSelector('.side-menu');
    // one session in both (a refresh either tab makes meanwhile reaches the other over their channel)
    await expect.poll(async () => (await stored(second))?.refreshToken === (await stored(page))?.refreshToken).toBe(true);
    // both go on working with the one session
    await second.click('.side-menu a[href="#/admin-pennel"]');
    await second.locator('[data-testid="user-list"] td', { hasText: 'admin' }).first().waitFor();
    // the first tab is behind the new one, where a browser may pause its frames: it comes to the front, as a person's click would bring it
    await page.bringToFront();
    await page.click('.side-menu a[href="#/role"]');
    await page.locator('[data-testid="role-list"] tbody tr').first().waitFor();
    await second.close();
    await context.close();

    // a browser with no open tab of the portal signs in again
    const fresh = await openPage(suite.browser);
    await fresh.page.goto(`${suite.herald.portalUrl}#/settings`);
    await waitForPath(fresh.page, '/login');
    await fresh.context.close();
  });
});
