/** Browser-test helpers: one Chromium per test file, sign-in, and reading what the portal shows. */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { BootOptions, LocalHerald } from '../../functions/local/boot';
import { ADMIN_PASSWORD, ApiClient, startHerald } from '../support/herald';

export { ADMIN_PASSWORD };

export interface BrowserSuite {
  herald: LocalHerald;
  browser: Browser;
  /** the seeded admin, signed in through the API, for setting up data */
  admin: ApiClient;
}

/** One Herald and one Chromium for a test file, started before its tests and stopped after them. */
export function browserSuite(opts: Partial<BootOptions> = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.herald, suite.browser] = await Promise.all([startHerald(opts), launchBrowser()]);
    suite.admin = new ApiClient(suite.herald);
    await suite.admin.login();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.herald?.stop();
  });
  return suite;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** A fresh context (own storage) and page at the given width. */
export async function openPage(browser: Browser, width = 1440): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** The hash path the app shows, e.g. `/dashboard`. */
export function hashPath(page: Page): string {
  const hash = new URL(page.url()).hash.replace(/^#/, '');
  return hash.split('?')[0] || '/';
}

export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForFunction((p) => window.location.hash.replace(/^#/, '').split('?')[0] === p, path);
}

export async function signIn(page: Page, portalUrl: string, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  await page.goto(`${portalUrl}#/login`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('form button[type=submit]');
  await page.waitForSelector('.side-menu');
}

export async function menuLabels(page: Page): Promise<string[]> {
  return (await page.locator('.side-menu .menu-label').allTextContents()).map((s) => s.trim());
}

export async function menuGroups(page: Page): Promise<string[]> {
  return (await page.locator('.side-menu .menu-group-title').allTextContents()).map((s) => s.trim());
}

export async function logOut(page: Page): Promise<void> {
  await page.click('.profile-button');
  await page.click('#profile-menu .menu-logout a');
  await waitForPath(page, '/login');
}

/** A role and a user holding it, made through the API as the admin. */
export async function userWithRole(
  admin: ApiClient,
  opts: { username: string; password: string; permissions: string[]; roleCode?: string },
): Promise<{ roleId: string; userId: string }> {
  const code = opts.roleCode ?? `R_${opts.username.toUpperCase().replace(/[^A-Z0-9_-]/g, '_')}`;
  const role = await admin.ok('userRole.save', { name: `Role of ${opts.username}`, code, permissions: opts.permissions });
  const user = await admin.ok('user.save', {
    username: opts.username,
    firstName: 'Test',
    lastName: opts.username,
    email: `${opts.username}@example.com`,
    roleId: role.id,
    password: opts.password,
  });
  return { roleId: role.id, userId: user.id };
}
