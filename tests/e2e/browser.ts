/**
 * Browser-test helpers: one Herald per test file and one Chromium per worker, sign-in, and reading what the portal
 * shows.
 * Every page opened here reports Content-Security-Policy violations, and a test whose pages caused one fails.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { BootOptions, LocalHerald } from '../../functions/local/boot';
import { CATALOGUE, type SignIn } from '../../shared/services';
import { CHROMIUM_MISSING, findChromium } from '../support/chromium';
import { ADMIN_PASSWORD, ApiClient, heraldServing, startHerald } from '../support/herald';
import { shiftMs, shiftClock } from '../support/testDate';
import { isKept, keepOnClose, takeKeptPage } from './pagePool';

export { ADMIN_PASSWORD };

export interface BrowserSuite {
  herald: LocalHerald;
  browser: Browser;
  /** the seeded admin, signed in through the API, for setting up data */
  admin: ApiClient;
}

/**
 * One Herald for a test file, started before its tests and stopped after them, and the worker's Chromium
 * (sharedBrowser). Every page a test opens is its own (openPage), and contexts the file left open are closed after
 * it, so tests share no cookies, storage or pages; a page a test closed may be handed to the next one reset.
 */
export function browserSuite(opts: Partial<BootOptions> = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.herald, suite.browser] = await Promise.all([startHerald(opts), sharedBrowser()]);
    suite.admin = new ApiClient(suite.herald);
    await suite.admin.login();
  });
  afterEach(() => {
    expect(cspViolations.splice(0), 'Content-Security-Policy violations').toEqual([]);
  });
  afterAll(async () => {
    // a context a failed test left open must not talk to the next file's Herald
    if (suite.browser?.isConnected())
      await Promise.all(
        suite.browser
          .contexts()
          .filter((c) => !isKept(c))
          .map((c) => c.close()),
      );
    await suite.herald?.stop();
  });
  return suite;
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every browser file the worker process runs (the browser files share their worker's loaded
 * code, see vitest.config.ts), launched on first use and again if it went away; Playwright ends it when the
 * process exits. A file that wants a browser of its own (other launch options, closing it) uses launchBrowser.
 */
export async function sharedBrowser(): Promise<Browser> {
  const current = await shared?.catch(() => undefined);
  if (current?.isConnected()) return current;
  shared = launchBrowser();
  return shared;
}

/**
 * V8 in the test pages: no optimizing compiler and no helper threads. A test page lives seconds, too short for
 * TurboFan's work to pay back, and with both workers' browsers on two cores the helper threads only add CPU. The
 * portal runs the same code either way. A sign-in fell from 1.36 to 1.16 CPU s, a screen change from 0.50 to 0.37;
 * with the axe rules below, the browser files' page CPU from 1,047 to 926 s.
 */
const TEST_JS_FLAGS = '--no-opt --single-threaded';

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', `--js-flags=${TEST_JS_FLAGS}`],
  });
  const offset = shiftMs();
  if (offset) {
    // under HERALD_TEST_START every page runs on the test process's shifted clock, whoever opens its context
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (...args) => {
      const context = await newContext(...args);
      await context.addInitScript(shiftClock, offset);
      return context;
    };
  }
  return browser;
}

/** Violations seen by any page of the running test, checked and cleared after each test. */
const cspViolations: string[] = [];

/** Records violations from every page of the context, including pages a test opens later. */
async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('heraldCspViolation', (_source, report: string) => void cspViolations.push(report));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { heraldCspViolation: (r: string) => void }).heraldCspViolation;
      void report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  // Chromium's own console report as well: it names the directive and what would allow the action
  context.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) cspViolations.push(message.text());
  });
}

/**
 * A page of its own (no storage, cookies or listeners of another test) at the given width. Its system asks for less motion unless `motion` says
 * otherwise: the portal then opens dialogs and menus without fades, which spares every test the frames they draw
 * (tests/e2e/accessibility.test.ts checks every screen with the motion most readers have).
 */
export async function openPage(browser: Browser, width = 1440, motion: 'reduce' | 'no-preference' = 'reduce'): Promise<{ context: BrowserContext; page: Page }> {
  // a page an earlier test closed, reset (tests/e2e/pagePool.ts), else a new one
  const earlier = takeKeptPage(browser);
  if (earlier) {
    await earlier.page.setViewportSize({ width, height: 900 });
    await earlier.page.emulateMedia({ reducedMotion: motion });
    return earlier;
  }
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: motion });
  await recordCspViolations(context);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  keepOnClose(context, page);
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

/**
 * Signs in and waits for the portal's menu. A page that has not opened the portal yet signs in through the API
 * and opens the sign-in page holding the sign-in object the form would have stored (the sign-in page then goes
 * on to the landing page, as after the form): the form's own flow is tested in session.test.ts, and typing and
 * the form's round trip cost every browser test seconds. A page on the portal already (signing in again after
 * signing out), and a page whose requests the test watches (it may look at the login call), use the form.
 * `portalUrl#/path` lands on that path through the sign-in page's `redirect`, as a bookmark does, instead of
 * drawing the start page (the dashboard, the dearest screen to draw) on the way.
 */
export async function signIn(page: Page, portalUrl: string, username = 'admin', password = ADMIN_PASSWORD): Promise<void> {
  const [base = portalUrl, at] = portalUrl.split('#');
  const loginUrl = `${base}#/login${at ? `?redirect=${encodeURIComponent(at)}` : ''}`;
  const herald = heraldServing(base);
  if (herald && !page.url().startsWith(new URL(base).origin) && !watchesRequests(page) && !watchesRequests(page.context())) {
    // as the portal's client keeps it: checked and trimmed to the catalogue's answer
    const signedIn = CATALOGUE.get('auth.login')!.response.parse(await new ApiClient(herald).login(username, password)) as SignIn;
    const injected = await page.addInitScript(storeSignIn, { signIn: signedIn, portalPath: new URL(base).pathname });
    try {
      await page.goto(loginUrl);
    } finally {
      await injected.dispose();
    }
  } else {
    await page.goto(loginUrl);
    await page.fill('#username', username);
    await page.fill('#password', password);
    await page.click('form button[type=submit]');
  }
  await page.waitForSelector('.side-menu');
  if (at) await waitForPath(page, at.split('?')[0]!);
}

function watchesRequests(target: Page | BrowserContext): boolean {
  // Playwright's pages and contexts are event emitters; their typings leave listenerCount out
  const emitter = target as unknown as { listenerCount(event: string): number };
  return ['request', 'response', 'requestfinished', 'requestfailed'].some((event) => emitter.listenerCount(event) > 0);
}

/**
 * Runs in the page before the portal's code: stores the sign-in object and the user's language as the portal's
 * completeSignIn does (web/src/api/auth.ts, session.ts, i18n/index.ts), once, in the portal's document only.
 */
function storeSignIn({ signIn, portalPath }: { signIn: SignIn; portalPath: string }): void {
  if (window.top !== window || window.location.pathname !== portalPath || sessionStorage.getItem('herald.auth')) return;
  sessionStorage.setItem('herald.auth', JSON.stringify({ ...signIn, expiresAt: Date.now() + signIn.expiresIn * 1000 }));
  // the language the sign-in page shows (the stored choice, else the browser's first known one) gives way to the user's
  const langs = ['en', 'zh', 'ja'];
  const stored = localStorage.getItem('herald.lang');
  const browser = navigator.languages.map((tag) => tag.toLowerCase().split(/[-_]/)[0]).find((base) => langs.includes(base)) ?? 'en';
  const shown = stored && langs.includes(stored) ? stored : browser;
  if (signIn.userdetails.language !== shown) localStorage.setItem('herald.lang', signIn.userdetails.language);
}

/**
 * Closes the toasts on show (each has a close button) and waits until none is left: a check that needs the toasts
 * gone (a toast fading out reads as low contrast to axe) need not wait out their 3 s life.
 */
export async function closeToasts(page: Page, timeout = 15_000): Promise<void> {
  await page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.p-toast-message .p-toast-icon-close').forEach((b) => {
      b.click();
    }),
  );
  await page.waitForFunction(() => !document.querySelector('.p-toast-message'), undefined, { timeout });
}

/** The axe-core rules run on every screen: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

interface AxeRunner {
  run(context: Document, options: RunOptions): Promise<AxeResults>;
}
const requireHere = createRequire(import.meta.url);
let axeScript: string | undefined;
/** axe-core's browser build. */
function axeSource(): string {
  axeScript ??= readFileSync(requireHere.resolve('axe-core/axe.min.js'), 'utf8');
  return axeScript;
}

/** axe-core's rules, as its Node entry declares them. */
interface AxeRuleMeta {
  id: string;
  impact?: string;
}
let quietRules: Record<string, { enabled: false }> | undefined;
/**
 * The rules whose every finding is minor or moderate, switched off: axe gives each finding of a rule that declares an
 * impact that impact (axe-core's _finalizeRuleResult), so these can never fail a test, and left on they cost every
 * check about a fifth of its time (`region` walks the whole page).
 */
function rulesThatCannotFail(): Record<string, { enabled: false }> {
  quietRules ??= Object.fromEntries(
    (requireHere('axe-core') as { _audit: { rules: AxeRuleMeta[] } })._audit.rules
      .filter((rule) => rule.impact === 'minor' || rule.impact === 'moderate')
      .map((rule) => [rule.id, { enabled: false }]),
  );
  return quietRules;
}

/**
 * Runs axe-core on what the page shows now and fails listing every serious or critical violation: rule, impact,
 * the element and what is wrong with it. Minor and moderate findings do not fail a test.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // axe-core is put into the page once per document (the portal changes screens without reloading) and run
  // there; @axe-core/playwright would inject its 550 KB again on every run. `evaluate` is not bound by the
  // page's Content-Security-Policy, which refuses inline scripts.
  // Colours are checked as they end up: a dialog or menu still fading in would show blended ones. (Two frames
  // first, so a transition whose class was just added has begun and is among the animations.)
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  const results = await page.evaluate(
    ({ tags, rules }) => (window as unknown as { axe: AxeRunner }).axe.run(document, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] }),
    { tags: AXE_TAGS, rules: rulesThatCannotFail() },
  );
  const problems = results.violations.flatMap((rule) =>
    rule.nodes
      .filter((node) => {
        const impact = node.impact ?? rule.impact;
        return impact === 'serious' || impact === 'critical';
      })
      .map((node) => {
        const summary = (node.failureSummary ?? rule.help).replace(/\s+/g, ' ').trim();
        return `${rule.id} (${node.impact ?? rule.impact}) ${node.target.map(String).join(' >>> ')}: ${summary}`;
      }),
  );
  expect(problems, `serious or critical accessibility violations on ${label}`).toEqual([]);
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
