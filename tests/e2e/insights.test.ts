/**
 * The behaviour insights screens in the browser (issue 24 item 5): events sent through the SDK API as an app and a
 * web page would, then in en and ja the app screen draws active accounts and events with their tables, answers a
 * funnel chosen in the page, pages an account's timeline, and the web screen shows the snippet for the web app;
 * both pass axe.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createSdkClient } from '../../shared/sdk/client';
import { ApiClient } from '../support/herald';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite();
const SITE = 'https://shop.example.com';

/** Whether each chart's canvas has something drawn on it. */
async function chartsDrawn(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(() => {
    const drawn: Record<string, boolean> = {};
    for (const figure of document.querySelectorAll<HTMLElement>('figure[data-testid^="insights-"]')) {
      const canvas = figure.querySelector('canvas');
      const ctx = canvas?.getContext('2d');
      let painted = false;
      if (canvas && ctx && canvas.width > 0 && canvas.height > 0) {
        const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < pixels.length && !painted; i += 4) painted = pixels[i]! > 0;
      }
      drawn[figure.dataset.testid!] = painted;
    }
    return drawn;
  });
}

async function choose(page: Page, inputId: string, option: string) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name: option, exact: true }).click();
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
}

it('shows app and web insights with charts, tables, a funnel, a timeline and the snippet, in en and ja, and passes axe', async () => {
  const { herald, admin } = suite;
  const issue = async (payload: Record<string, unknown>) => {
    const saved = await admin.ok('application.save', payload);
    return (await admin.ok('application.issueSecret', { id: saved.id })) as { appKey: string; secret: string };
  };
  const app = createSdkClient({ baseUrl: herald.url, ...(await issue({ name: 'Shop iOS', appType: 'IOS' })) });
  const site = await issue({ name: 'Shop site', appType: 'WEB', allowedOrigins: SITE });
  const web = createSdkClient({
    baseUrl: herald.url,
    ...site,
    fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: SITE } }),
  });
  // the events' last moment: now, or the end of yesterday when today (a UTC day) began less than 40 minutes ago, so
  // every event falls on the one day the table's row is checked for
  const dayStart = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const now = Date.now() - dayStart >= 40 * 60_000 ? Date.now() : dayStart - 60_000;
  // three accounts: all open the app, two view an item, one checks out; b-1 has 25 events for paging
  for (const id of ['b-1', 'b-2', 'b-3']) await app.identify({ accountId: id });
  await app.events({
    accountId: 'b-1',
    events: Array.from({ length: 25 }, (_, i) => ({ type: 'custom' as const, name: i === 0 ? 'open_app' : 'view_item', at: now - 60_000 * (30 - i) })),
  });
  await app.events({
    accountId: 'b-2',
    events: [
      { type: 'custom', name: 'open_app', at: now - 50_000 },
      { type: 'custom', name: 'view_item', at: now - 40_000 },
    ],
  });
  await app.events({
    accountId: 'b-3',
    events: [
      { type: 'custom', name: 'open_app', at: now - 30_000 },
      { type: 'custom', name: 'checkout', at: now - 20_000 },
    ],
  });
  await web.identify({ accountId: 'v-1' });
  await web.events({ accountId: 'v-1', events: [{ type: 'custom', name: 'page_view', at: now - 10_000, url: `${SITE}/` }] });

  const adminRole = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN');
  await admin.ok('user.save', { username: 'insight.reader', email: 'insight.reader@example.com', roleId: adminRole!.id, password: 'Reader@1234' });
  const reader = new ApiClient(herald);
  await reader.login('insight.reader', 'Reader@1234');
  const texts = {
    en: { active: 'Active accounts', show: 'Show', more: 'Load more', copy: 'Copy' },
    ja: { active: 'アクティブアカウント', show: '表示', more: 'さらに読み込む', copy: 'コピー' },
  };
  for (const lang of ['en', 'ja'] as const) {
    await reader.ok('user.saveProfile', { language: lang });
    const { context, page } = await openPage(suite.browser, 1440);
    await signIn(page, `${herald.portalUrl}#/behaviorInsights/accountTrack`, 'insight.reader', 'Reader@1234');
    await page.locator('[data-testid="insights-total"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(await page.locator('[data-testid="insights-total"]').textContent()).toBe('29');
    await expect.poll(() => chartsDrawn(page), { timeout: 10_000 }).toEqual({ 'insights-active': true, 'insights-events': true });
    // the events' day in the active accounts' table: three accounts
    const today = new Date(now).toISOString().slice(0, 10);
    expect(await page.locator('[data-testid="insights-active"] tbody tr', { hasText: today }).locator('td').textContent()).toBe('3');
    expect(await page.locator('[data-testid="insights-names"] tbody tr').count()).toBe(3);

    await choose(page, 'ins-step-0', 'open_app');
    await choose(page, 'ins-step-1', 'view_item');
    await page.click('[data-testid="funnel-run"]');
    await page.locator('[data-testid="insights-funnel"] tbody tr').nth(1).waitFor({ state: 'attached' });
    expect(await page.locator('[data-testid="insights-funnel"] tbody td').allTextContents()).toEqual(['3', '2']);

    await page.fill('#ins-account', 'b-1');
    await page.getByRole('button', { name: texts[lang].show, exact: true }).click();
    await page.locator('[data-testid="insights-timeline"] tbody tr').nth(19).waitFor();
    expect(await page.locator('[data-testid="insights-timeline"] tbody tr').count()).toBe(20);
    await page.getByRole('button', { name: texts[lang].more }).click();
    await expect.poll(() => page.locator('[data-testid="insights-timeline"] tbody tr').count()).toBe(25);
    expect(await page.locator('main').textContent()).not.toMatch(/insights\.\w/);
    await closeToasts(page);
    await expectAccessible(page, `app insights in ${lang}`);

    await page.goto(`${herald.portalUrl}#/behaviorInsights/webAccountTrack`);
    await page.locator('[data-testid="web-snippet"]').waitFor();
    await expect.poll(() => page.locator('[data-testid="insights-total"]').textContent()).toBe('1');
    const snippet = await page.locator('[data-testid="web-snippet"]').textContent();
    expect(snippet).toContain(`data-app-key="${site.appKey}"`);
    expect(snippet).toContain('/service/sdk/v1/web.js');
    expect(snippet).not.toContain(site.secret);
    await expect.poll(() => chartsDrawn(page), { timeout: 10_000 }).toEqual({ 'insights-active': true, 'insights-events': true });
    await closeToasts(page);
    await expectAccessible(page, `web insights in ${lang}`);
    await context.close();
  }
}, 180_000);
