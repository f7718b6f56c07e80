/**
 * axe-core on every screen of the route table (public pages signed out and signed in, the rest as the admin, who
 * holds every permission) and on the open states that matter: dialogs, the delete confirmation, each settings
 * tab, the profile menu, the organization switcher, the narrow layout with its menu open, the 404 page.
 * A serious or critical finding fails. The page list comes from ROUTES, so a new route is checked as it comes.
 * One page in one browser context serves the whole file.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../web/src/routes';
import { browserSuite, expectAccessible, openPage, signIn, userWithRole } from './browser';

const suite = browserSuite();
let context: BrowserContext;
let page: Page;

/** An unknown path: the 404 page, outside the signed-in layout. Every visit starts from it. */
const PARKING = '/__accessibility-parking';
const OTHER_USER = { username: 'axe.other', password: 'AxeOther@1234' };

/** A route's path with a sample value in each `:param`, for routes with dynamic segments. */
const visitPath = (route: RouteDef) => route.path.replace(/:(\w+)\??/g, (_m, name: string) => `sample-${name}`);

const PUBLIC = ROUTES.filter((r) => r.access === 'public');
const SIGNED_IN = ROUTES.filter((r) => r.access === 'signedIn');

async function setHash(path: string): Promise<void> {
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, path);
}

/** Waits until finite CSS animations and transitions (dialogs, menus, the side menu) have run. */
async function animationsDone(): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Waits, checking on every frame, until the selector matches a visible element. */
async function visible(selector: string): Promise<void> {
  await page.waitForFunction((s) => [...document.querySelectorAll(s)].some((e) => e.checkVisibility()), selector);
}

/** The page shows a heading it did not show before, nothing is loading, and nothing moves. */
async function settled(): Promise<void> {
  await visible('h1:not([data-seen])');
  await page.waitForFunction(() => !document.querySelector('.route-progress, .page-spinner, .p-datatable-loading-overlay, .p-progress-spinner'));
  await animationsDone();
}

/** Opens a path from the parking page, so even a redirect back to the same screen shows a fresh one. */
async function show(path: string): Promise<void> {
  await setHash(PARKING);
  await visible('[data-testid="status-code"]');
  await page.evaluate(() =>
    document.querySelectorAll('h1').forEach((h) => {
      h.setAttribute('data-seen', '');
    }),
  );
  await setHash(path);
  await settled();
}

async function showOverlay(selector: string): Promise<void> {
  await visible(selector);
  await animationsDone();
}

beforeAll(async () => {
  // A second organization makes the top bar show the switcher; a second user can be asked about deleting.
  await suite.admin.ok('organization.save', { name: 'Second org', code: 'SECOND' });
  await userWithRole(suite.admin, { ...OTHER_USER, permissions: ['NAV_DASHBOARD'] });
  ({ context, page } = await openPage(suite.browser, 1440, 'no-preference'));
  await page.goto(`${suite.herald.portalUrl}#${PARKING}`);
});

afterAll(async () => {
  await context?.close();
});

describe('signed out', () => {
  it.each(PUBLIC.map((r) => [r.path, r] as const))('%s', async (_path, route) => {
    await show(visitPath(route));
    await expectAccessible(page, `${route.path} (signed out)`);
  });

  it('the 404 page', async () => {
    await setHash('/no/such/page');
    await visible('[data-testid="status-code"]');
    await expectAccessible(page, 'the 404 page (signed out)');
  });
});

describe('signed in as the admin', () => {
  beforeAll(async () => {
    await signIn(page, suite.herald.portalUrl);
  });

  it.each(SIGNED_IN.map((r) => [r.path, r] as const))('%s', async (_path, route) => {
    await show(visitPath(route));
    await expectAccessible(page, route.path);
  });

  it.each(PUBLIC.map((r) => [r.path, r] as const))('%s (a public page, signed in)', async (_path, route) => {
    await show(visitPath(route));
    await expectAccessible(page, `${route.path} (signed in)`);
  });

  it('the users list with the user dialog, the invite dialog and a delete confirmation open', async () => {
    await show('/admin-pennel');
    const rows = page.locator('[data-testid="user-list"] tbody tr:not(.p-datatable-emptymessage)');
    await rows.first().waitFor();
    await expectAccessible(page, 'the users list');

    await page.getByRole('button', { name: 'Add user' }).click();
    await showOverlay('#user-dialog');
    await expectAccessible(page, 'the user dialog');
    await page.locator('#user-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#user-dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Invite user' }).click();
    await showOverlay('#invite-dialog');
    await expectAccessible(page, 'the invite dialog');
    await page.locator('#invite-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#invite-dialog').waitFor({ state: 'detached' });

    await rows.filter({ hasText: OTHER_USER.username }).locator('button[aria-label^="Delete"]').click();
    await showOverlay('.app-confirm');
    await expectAccessible(page, 'the delete confirmation');
    await page.locator('.app-confirm').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.app-confirm').waitFor({ state: 'detached' });
  });

  it('the roles list with the role editor open', async () => {
    await show('/role');
    await page.getByRole('button', { name: 'New role' }).click();
    await showOverlay('#role-dialog');
    await page.locator('#perm-NAV_DASHBOARD').waitFor();
    await expectAccessible(page, 'the role editor');
    await page.locator('#role-dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.locator('#role-dialog').waitFor({ state: 'detached' });
  });

  it('the settings page on each tab', async () => {
    await show('/settings');
    const tabs = page.locator('.p-tabview [role="tab"]');
    const count = await tabs.count();
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      await tab.click();
      await page.waitForFunction((n) => document.querySelectorAll('.p-tabview [role="tab"]')[n]?.getAttribute('aria-selected') === 'true', i);
      await visible('.p-tabview [role="tabpanel"]');
      await animationsDone();
      await expectAccessible(page, `the settings tab "${(await tab.textContent())?.trim()}"`);
    }
  });

  it('the profile menu and the organization switcher, open', async () => {
    await show('/dashboard');
    await page.click('.profile-button');
    await showOverlay('#profile-menu');
    await expectAccessible(page, 'the profile menu');
    await page.click('.profile-button');
    await page.locator('#profile-menu').waitFor({ state: 'hidden' });

    await page.locator('.org-switcher').click();
    await showOverlay('.p-dropdown-panel');
    await expectAccessible(page, 'the organization switcher');
    await page.keyboard.press('Escape');
    await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  });

  it('the 404 page', async () => {
    await setHash('/no/such/page');
    await visible('[data-testid="status-code"]');
    await expectAccessible(page, 'the 404 page (signed in)');
  });

  it('the narrow layout (390 px) with the side menu open', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await show('/dashboard');
    // this page's system asks for no less motion: the menu slides as most readers see it
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.layout-sidebar')!).transitionDuration)).toMatch(/0\.2s/);
    await page.click('.topbar-toggle');
    await showOverlay('.layout-narrow.menu-open .side-menu');
    await expectAccessible(page, 'the narrow layout with the menu open');
    await page.click('.topbar-toggle');
    await page.locator('.layout-narrow.menu-closed').waitFor();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

it('the check itself fails on a planted violation, and passes once it is gone', async () => {
  await show('/dashboard');
  await page.evaluate(() => {
    const planted = document.createElement('button');
    planted.id = 'planted-unnamed-button';
    document.querySelector('main')?.append(planted);
  });
  await expect(expectAccessible(page, 'a page with an unnamed button')).rejects.toThrow(/accessibility violations on a page with an unnamed button/);
  await page.evaluate(() => document.getElementById('planted-unnamed-button')?.remove());
  await expectAccessible(page, 'the same page without it');
});
