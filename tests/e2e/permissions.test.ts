/** The route guard and permission-driven menus, in a real browser against a local Herald. */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPath, browserSuite, logOut, menuGroups, menuLabels, openPage, signIn, userWithRole, waitForPath } from './browser';

const suite = browserSuite();

const REPORTER = { username: 'reporter', password: 'Report@1234' };

beforeAll(async () => {
  await userWithRole(suite.admin, { ...REPORTER, permissions: ['NAV_DASHBOARD', 'NAV_PLAN_REPORT'] });
});

async function openByHash(page: Page, path: string) {
  await page.evaluate((p) => {
    window.location.hash = `#${p}`;
  }, path);
}

describe('route guard', () => {
  it('asks to switch account when a permission is missing, and cancel returns to the previous page', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl, REPORTER.username, REPORTER.password);
    await page.click('.side-menu a[href="#/plan-report"]');
    await waitForPath(page, '/plan-report');

    await openByHash(page, '/library/geofence');
    const dialog = page.locator('.guard-confirm');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Geofences');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, '/plan-report');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Plan report' }).waitFor();

    // Opened directly as a fresh load (no page before it), cancel goes to the user's start page.
    await page.goto('about:blank');
    await page.goto(`${suite.herald.portalUrl}#/library/geofence`);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('"switch account" signs out and opens the sign-in page', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl, REPORTER.username, REPORTER.password);
    await openByHash(page, '/role');
    const dialog = page.locator('.guard-confirm');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Switch account' }).click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => sessionStorage.getItem('herald.auth'))).toBeNull();
    await context.close();
  });

  it('sends a visitor without a login to sign in, then back to the page asked for', async () => {
    const { context, page } = await openPage(suite.browser);
    await page.goto(`${suite.herald.portalUrl}#/settings`);
    await waitForPath(page, '/login');
    await page.fill('#username', 'admin');
    await page.fill('#password', 'Admin@1234');
    await page.click('form button[type=submit]');
    await waitForPath(page, '/settings');
    await context.close();
  });

  it('shows a 404 page for unknown paths, and the last screens built (dashboard groups) inside the layout', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);
    await openByHash(page, '/no/such/page');
    await page.locator('[data-testid="status-code"]', { hasText: '404' }).waitFor();
    // no route says "not available yet" any more: dashboard groups, the last of them, is a screen in the layout
    await openByHash(page, '/dashboard/groups');
    await page.getByTestId('dashboardGroup-list').waitFor();
    expect(await page.locator('.side-menu').count()).toBe(1);
    // The older admin paths lead to the page of the login type (NATIVE here).
    await openByHash(page, '/admin-pannel');
    await waitForPath(page, '/admin-pennel');
    await openByHash(page, '/admin-pennel-sso');
    await waitForPath(page, '/admin-pennel');
    await context.close();
  });
});

describe('roles and users made in the browser', () => {
  it('an admin creates a role and a user with it; that user sees only the permitted menu entries', async () => {
    const { context, page } = await openPage(suite.browser);
    await signIn(page, suite.herald.portalUrl);

    // The role: Dashboard, Geofences and Plan report.
    await page.click('.side-menu a[href="#/role"]');
    await page.getByRole('button', { name: 'New role' }).click();
    const roleDialog = page.locator('#role-dialog');
    await roleDialog.waitFor();
    await page.fill('#role-name', 'Geo planner');
    await page.fill('#role-code', 'GEO_PLANNER');
    await page.locator('#perm-NAV_DASHBOARD').waitFor();
    for (const code of ['NAV_DASHBOARD', 'NAV_GEOFENCE', 'NAV_PLAN_REPORT']) await page.click(`label[for="perm-${code}"]`);
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await roleDialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid="role-list"] td', { hasText: 'GEO_PLANNER' }).waitFor();

    // A second role with the same code is refused with 711001's message.
    await page.getByRole('button', { name: 'New role' }).click();
    await page.fill('#role-name', 'Duplicate');
    await page.fill('#role-code', 'geo_planner');
    await roleDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('#role-code-error').textContent()).toBe('The role code is already occupied.');
    await roleDialog.getByRole('button', { name: 'Cancel' }).click();

    // The user.
    await page.click('.side-menu a[href="#/admin-pennel"]');
    await page.getByRole('button', { name: 'Add user' }).click();
    const userDialog = page.locator('#user-dialog');
    await userDialog.waitFor();
    await page.fill('#user-username', 'geo.anna');
    await page.fill('#user-email', 'anna@example.com');
    await page.fill('#user-first-name', 'Anna');
    await page.fill('#user-last-name', 'Geo');
    await userDialog.locator('.p-dropdown:has(#user-role)').click();
    await page.locator('.p-dropdown-item', { hasText: 'Geo planner' }).click();
    await page.fill('#user-password', 'Anna@1234');
    await page.fill('#user-confirm', 'Anna@12345');
    await userDialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('#user-confirm-error').textContent()).toBe('The two passwords are inconsistent!');
    await page.fill('#user-confirm', 'Anna@1234');
    await userDialog.getByRole('button', { name: 'Save' }).click();
    await userDialog.waitFor({ state: 'detached' });
    await page.locator('[data-testid="user-list"] td', { hasText: 'geo.anna' }).waitFor();

    await logOut(page);
    await signIn(page, suite.herald.portalUrl, 'geo.anna', 'Anna@1234');
    await waitForPath(page, '/dashboard');
    expect(await menuGroups(page)).toEqual(['Dashboard', 'Library', 'Reports']);
    expect(await menuLabels(page)).toEqual(['Dashboard', 'Geofences', 'Geofence tags', 'Plan report']);
    expect(hashPath(page)).toBe('/dashboard');
    await context.close();
  });
});
