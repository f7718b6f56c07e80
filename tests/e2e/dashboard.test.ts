/**
 * The dashboard's charts in the browser (issue 24 item 2): an organization whose counters hold e-mail and push
 * numbers (written through the ledger's counter API, as sends and opens write them) and a KPI target. In each of
 * en, zh and ja, one sign-in: the trend, funnel and OS charts are drawn (their canvases hold pixels) at 1440 and
 * 768 px, each with its table, and the page passes axe. In ja, a dashboard group's sub-dashboard too, reached
 * from the dashboard's group chooser. Screenshots go to test-results/dashboard (not committed).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { Ledger } from '../../functions/delivery/ledger';
import { Store } from '../../functions/store/store';
import { ApiClient } from '../support/herald';
import { emailContent } from '../support/plans';
import { browserSuite, closeToasts, expectAccessible, openPage, signIn } from './browser';

const suite = browserSuite();
const OUT = join(process.cwd(), 'test-results', 'dashboard');

/** Whether every chart's canvas has something drawn on it. */
async function chartsDrawn(page: Page): Promise<Record<string, boolean>> {
  return page.evaluate(() => {
    const drawn: Record<string, boolean> = {};
    for (const figure of document.querySelectorAll<HTMLElement>('[data-testid^="chart-"]')) {
      const canvas = figure.querySelector('canvas');
      const ctx = canvas?.getContext('2d');
      let painted = false;
      if (canvas && ctx && canvas.width > 0 && canvas.height > 0) {
        const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let i = 3; i < pixels.length; i += 4) {
          if (pixels[i]! > 0) {
            painted = true;
            break;
          }
        }
      }
      drawn[figure.dataset.testid!] = painted;
    }
    return drawn;
  });
}

it('draws the charts with their tables at 1440 and 768 px in en, zh and ja, and passes axe', async () => {
  const { herald, admin } = suite;
  mkdirSync(OUT, { recursive: true });
  const plan = await admin.ok('plan.saveSingle', { name: 'Autumn news', title: 'Autumn news', channel: 'EMAIL', content: emailContent('Autumn news') });
  const push = await admin.ok('plan.saveSingle', {
    name: 'App offer',
    title: 'App offer',
    channel: 'PUSH_NATIVE',
    // a Lifecycle message, so the type filter has one of each
    messageType: 2,
    content: { kind: 'PUSH_NATIVE', template: { channel: 'PUSH_NATIVE', defaultLanguage: 'en', contents: { en: { title: 'Offer', body: '20% off today.' } } } },
  });
  const ledger = new Ledger(new Store(herald.rt), herald.rt.clock);
  const run = { orgId: 1, runId: 'r1', accountId: 'seed' };
  await ledger.count({ ...run, planId: plan.id, channel: 'EMAIL' }, { sent: 1200, failed: 30, opens: 420, clicks: 96, unsubscribes: 4, bounces: 12 });
  await ledger.count({ ...run, planId: push.id, channel: 'PUSH_NATIVE', os: 'IOS' }, { sent: 640, opens: 210, clicks: 40 });
  await ledger.count({ ...run, planId: push.id, channel: 'PUSH_NATIVE', os: 'ANDROID' }, { sent: 910, opens: 260, clicks: 55 });
  await admin.ok('kpiTarget.save', { name: 'Monthly sends', metric: 'SENT', target: 5000, period: 'MONTH' });
  const group = await admin.ok('dashboardGroup.save', { name: '秋のメール', description: 'Autumn', planIds: [plan.id] });

  // a reader of its own: the shared administrator's language is other browser files' too
  const adminRole = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN');
  await admin.ok('user.save', { username: 'dash.reader', email: 'dash.reader@example.com', roleId: adminRole!.id, password: 'Reader@1234' });
  const reader = new ApiClient(herald);
  await reader.login('dash.reader', 'Reader@1234');
  for (const lang of ['en', 'zh', 'ja'] as const) {
    await reader.ok('user.saveProfile', { language: lang });
    const { context, page } = await openPage(suite.browser, 1440);
    await signIn(page, `${herald.portalUrl}#/dashboard`, 'dash.reader', 'Reader@1234');
    await page.locator('[data-testid="dashboard-ranking"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    for (const width of [1440, 768]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('[data-testid="chart-trend"] canvas').waitFor();
      await expect.poll(() => chartsDrawn(page), { timeout: 10_000 }).toEqual({ 'chart-trend': true, 'chart-funnel': true, 'chart-os': true });
      // each chart's numbers are there as a table too
      expect(await page.locator('[data-testid^="chart-"] table').count()).toBe(3);
      expect(await page.locator('[data-testid="chart-funnel"] tbody tr').count()).toBe(4);
      // counts as spec 001 section 9 shows them: 1,200 + 30 e-mail and 1,550 push attempts
      expect(await page.locator('[data-testid="dashboard-totals"] [data-metric="attempted"] dd').textContent()).toBe('2,780');
      // every text is the language's own, never a missing key
      expect(await page.locator('[data-testid="dashboard-metrics"]').textContent()).not.toMatch(/dashboard\.\w/);
      await page.screenshot({ path: join(OUT, `dashboard-${lang}-${width}.png`), fullPage: true });
    }
    if (lang === 'ja') {
      // the message type filter: the Lifecycle push's 1,550 attempts alone, then the Ad-Hoc e-mail's 1,230
      const attempted = () => page.locator('[data-testid="dashboard-totals"] [data-metric="attempted"] dd').textContent();
      for (const [type, count] of [
        ['ライフサイクル', '1,550'],
        ['アドホック', '1,230'],
      ] as const) {
        await page.locator('.p-dropdown:has(#dash-message-type)').click();
        await page.locator('.p-dropdown-panel').getByRole('option', { name: type, exact: true }).click();
        await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
        await expect.poll(attempted).toBe(count);
      }
      await expect.poll(() => page.locator('[data-testid="dashboard-ranking"] tbody tr').count()).toBe(1);
    }
    await closeToasts(page);
    await expectAccessible(page, `the dashboard in ${lang}`);
    if (lang === 'ja') await checkSubDashboard(page, group.id, group.name);
    await context.close();
  }
}, 120_000);

/** A group's sub-dashboard, chosen on the dashboard: its e-mail message's numbers only, charts drawn, axe clean; a missing group says not found. */
async function checkSubDashboard(page: Page, groupId: string, name: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('dashboard-groups').locator('.p-dropdown').click();
  await page.locator('.p-dropdown-panel').getByRole('option', { name, exact: true }).click();
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/dashboard/subDashboard?groupId=${encodeURIComponent(groupId)}`);
  await page.locator('main h1', { hasText: name }).waitFor();
  await page.locator('[data-testid="chart-trend"] canvas').waitFor();
  // no per-OS split for a group: the trend and the funnel
  await expect.poll(() => chartsDrawn(page), { timeout: 10_000 }).toEqual({ 'chart-trend': true, 'chart-funnel': true });
  // the e-mail's 1,200 sent and 30 failed, none of the push; unsubscribes are not kept per message
  await expect.poll(() => page.locator('[data-testid="dashboard-totals"] [data-metric="attempted"] dd').textContent()).toBe('1,230');
  expect(await page.locator('[data-testid="dashboard-totals"] [data-metric="unsubscribes"] dd').textContent()).toBe('--');
  // the ranking is its own request: wait for its row
  await expect.poll(() => page.locator('[data-testid="dashboard-ranking"] tbody tr').count()).toBe(1);
  expect(await page.locator('main').textContent()).not.toMatch(/dashboard(Group)?\.\w/);
  await page.screenshot({ path: join(OUT, 'sub-dashboard-ja-1440.png'), fullPage: true });
  await closeToasts(page);
  await expectAccessible(page, "a group's sub-dashboard in ja");

  await page.goto(`${page.url().split('#')[0]}#/dashboard/subDashboard?groupId=no-such-group`);
  await expect.poll(() => page.getByTestId('sub-dashboard-error').textContent()).toContain('720003');
}
