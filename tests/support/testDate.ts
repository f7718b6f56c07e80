/**
 * `HERALD_TEST_START=<ISO time>` runs the suite as if the real clock had started at that moment: every `Date` of
 * the test process (its tests and the Herald it boots in-process) reads the shifted time, which then runs on at
 * the real pace. It shows the suite does not hang on the day it runs (a month's last days, 29 February, the day a
 * time zone changes to summer time). Stand-ins in other processes keep the real time; TTL is off on test tables.
 */
const start = process.env.HERALD_TEST_START;
const SHIFTED = Symbol.for('herald.testDate');
const REAL_NOW = Symbol.for('herald.realNow');
const shifted = globalThis as Record<symbol, unknown>;

/** The real time, for what is compared with the stand-ins' own clocks (the SES stand-in's mail times). */
export const realNow = (): number => ((shifted[REAL_NOW] as (() => number) | undefined) ?? Date.now)();

if (start && !shifted[SHIFTED]) {
  const at = Date.parse(start);
  if (Number.isNaN(at)) throw new Error(`HERALD_TEST_START is not a time: ${start}`);
  const RealDate = Date;
  shifted[REAL_NOW] = () => RealDate.now();
  shiftClock(at - RealDate.now());
  shifted[SHIFTED] = true;
}

/** How far this process's clock is shifted (0 when HERALD_TEST_START is not set). */
export const shiftMs = (): number => (shifted[SHIFTED] ? Date.now() - realNow() : 0);

/**
 * Shifts `Date` by `offset` ms: in this process (above), and in every page of a browser context before its own code,
 * so the portal's clock agrees with the server's it talks to (token expiry, "today" in date pickers and charts).
 * Self-contained, since Playwright sends its source to the page; a no-op at 0.
 */
export function shiftClock(offset: number): void {
  if (!offset) return;
  const RealDate = Date;
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [number]));
    }
    static override now(): number {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}
