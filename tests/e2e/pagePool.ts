/**
 * Pages a test has closed, kept for the next test of the worker. A new tab costs Chromium a renderer process and a
 * compile of the portal's whole script, about 1.8 CPU s of the 3.6 s a first sign-in costs; a kept tab on the same
 * site costs neither. A kept page is handed out as a new one would be: no cookies, storage, routes, init scripts or
 * listeners of the test before, on about:blank. A page that may carry more than that (a page exposed a binding or
 * installed a clock, or visited a second origin, whose storage is not cleared here) is closed instead.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

interface Kept {
  context: BrowserContext;
  page: Page;
  /** set once the page holds something a reset cannot undo */
  spoilt: boolean;
  /** the http(s) origins any page of the context has shown */
  origins: Set<string>;
  /** init scripts the test added */
  added: { dispose(): Promise<unknown> }[];
  /** each emitter's listeners when the page was first handed out: the pool's and the CSP recorder's */
  baseline: Map<Emitter, Map<string | symbol, Set<unknown>>>;
}

type Emitter = { eventNames(): (string | symbol)[]; rawListeners(event: string | symbol): unknown[]; removeListener(event: string | symbol, l: unknown): void };

const idle: Kept[] = [];

/** A page this worker kept for `browser`, reset, or undefined. */
export function takeKeptPage(browser: Browser): { context: BrowserContext; page: Page } | undefined {
  for (;;) {
    const entry = idle.pop();
    if (!entry) return undefined;
    if (entry.context.browser() === browser && browser.isConnected() && !entry.page.isClosed()) return entry;
  }
}

/** Whether the context is kept idle for a later test (a suite's clean-up leaves it open). */
export function isKept(context: BrowserContext): boolean {
  return idle.some((entry) => entry.context === context);
}

/**
 * Makes a fresh context and its one page keepable: the context's `close` gives it back to the pool when it can be
 * reset, and closes it otherwise. Call after the context's own set-up, whose listeners and scripts it keeps.
 */
export function keepOnClose(context: BrowserContext, page: Page): void {
  const entry: Kept = { context, page, spoilt: false, origins: new Set(), added: [], baseline: new Map() };
  const noteOrigin = (url: string) => {
    if (/^https?:/.test(url)) entry.origins.add(new URL(url).origin);
  };
  const watch = (p: Page) => p.on('framenavigated', (frame) => noteOrigin(frame.url()));
  watch(page);
  context.on('page', watch);
  for (const target of [context, page] as const) {
    for (const method of ['exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'setGeolocation', 'setOffline', 'setHTTPCredentials'] as const) {
      spoilOn(target, method, entry);
    }
    const addInitScript = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<{ dispose(): Promise<unknown> }>;
    target.addInitScript = (async (...args: unknown[]) => {
      const script = await addInitScript(...args);
      entry.added.push(script);
      return script;
    }) as typeof target.addInitScript;
  }
  // a clock installed in a page stays for the page's life
  const clock = page.clock;
  Object.defineProperty(page, 'clock', {
    get: () => {
      entry.spoilt = true;
      return clock;
    },
  });
  Object.defineProperty(context, 'clock', { get: () => page.clock });
  for (const emitter of [context, page] as unknown as Emitter[]) {
    entry.baseline.set(emitter, new Map(emitter.eventNames().map((event) => [event, new Set(emitter.rawListeners(event))])));
  }
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (!(await giveBack(entry))) await close(options);
  };
}

function spoilOn(target: object, method: string, entry: Kept): void {
  const record = target as Record<string, unknown>;
  const original = record[method];
  if (typeof original !== 'function') return;
  record[method] = (...args: unknown[]) => {
    entry.spoilt = true;
    return (original as (...a: unknown[]) => unknown).apply(target, args);
  };
}

/** Resets the page and keeps it; false when it cannot be kept (the caller closes it). */
async function giveBack(entry: Kept): Promise<boolean> {
  const { context, page } = entry;
  if (entry.spoilt || page.isClosed() || !context.browser()?.isConnected()) return false;
  const current = /^https?:/.test(page.url()) ? new URL(page.url()).origin : undefined;
  if ([...entry.origins].some((origin) => origin !== current)) return false;
  try {
    await Promise.race([reset(entry), new Promise((_, reject) => setTimeout(() => reject(new Error('reset took too long')), 10_000))]);
  } catch {
    return false;
  }
  entry.origins.clear();
  idle.push(entry);
  return true;
}

async function reset(entry: Kept): Promise<void> {
  const { context, page } = entry;
  await Promise.all(
    context
      .pages()
      .filter((p) => p !== page)
      .map((p) => p.close()),
  );
  if (page.url() !== 'about:blank') {
    // the portal still runs until the page leaves it: storage is cleared and then barred to it, so nothing it does
    // on the way out is left for the next test
    await page.evaluate(() => {
      sessionStorage.clear();
      localStorage.clear();
      Storage.prototype.setItem = () => undefined;
    });
    await page.goto('about:blank');
  }
  await Promise.all(entry.added.splice(0).map((script) => script.dispose()));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  for (const [emitter, before] of entry.baseline) {
    for (const event of emitter.eventNames()) {
      for (const listener of emitter.rawListeners(event)) if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener);
    }
  }
  await context.clearCookies();
  await context.clearPermissions();
  page.setDefaultTimeout(10_000);
}
