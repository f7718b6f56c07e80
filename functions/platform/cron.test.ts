/**
 * Cron expressions in a time zone: the service's syntax rules, fixed cases across daylight-saving changes, and
 * random expressions against a brute-force oracle that walks the instants minute by minute and fires when the
 * zone's wall clock first reaches a reading the expression names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CronError, isTimeZone, nextOccurrence, parseCron } from './cron';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString().replace(':00.000Z', 'Z'));

/** The next `count` occurrences after `after`, as ISO instants to the minute. */
function occurrences(expression: string, timeZone: string, after: string, count: number): (string | undefined)[] {
  const cron = parseCron(expression);
  const out: (string | undefined)[] = [];
  let t: number | undefined = Date.parse(after);
  for (let i = 0; i < count && t !== undefined; i++) out.push(iso((t = nextOccurrence(cron, timeZone, t))));
  return out;
}

describe('cron syntax (EventBridge Scheduler rules)', () => {
  it.each([
    '0/15 * * * ? *',
    '*/5 * * * ? *',
    '0 * * * ? *',
    '30 9 * * ? *',
    '0 18 ? * MON-FRI *',
    '0 8 ? * 2,4,6 *',
    '15 10 1 * ? *',
    '0 12 L * ? *',
    '0 12 LW * ? *',
    '0 12 15W * ? *',
    '0 12 ? * 6#3 *',
    '0 12 ? * FRI#1 *',
    '0 12 ? * 2L *',
    '0 12 ? * L *',
    '0 0 1 JAN-MAR,DEC ? 2026-2030',
    '5-20/5 0-6/2 1/10 */3 ? *',
  ])('reads %s', (expression) => {
    expect(parseCron(expression).expression).toBe(expression);
  });

  it.each([
    ['0 12 * * *', /6 fields/],
    ['0 12 * * * *', /exactly one of/],
    ['0 12 ? * ? *', /exactly one of/],
    ['60 12 * * ? *', /minutes: 60/],
    ['0 24 * * ? *', /hours: 24/],
    ['0 12 0 * ? *', /day-of-month: 0/],
    ['0 12 ? * 8 *', /day-of-week: 8/],
    ['0 12 ? * */2 *', /not allowed/],
    ['0 12 ? * 3#1,6#3 *', /day-of-week/],
    ['0 12 ? * 3#6 *', /no week/],
    ['0 12 1,L * ? *', /day-of-month/],
    ['0 12 32W * ? *', /day-of-month: 32/],
    ['0 20-8 * * ? *', /backwards/],
    ['0/0 * * * ? *', /increment/],
    ['0 12 * FOO ? *', /month/],
    ['0 12 * * ? 1969', /year: 1969/],
  ])('refuses %s', (expression, message) => {
    expect(() => parseCron(expression)).toThrow(CronError);
    expect(() => parseCron(expression)).toThrow(message);
  });

  it('takes IANA zone names only', () => {
    for (const zone of ['Asia/Tokyo', 'America/New_York', 'Europe/London', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', '+09:00', '', 'Asia/Tokyo ']) expect(isTimeZone(zone)).toBe(false);
  });
});

describe('next occurrence', () => {
  it('Asia/Tokyo: daily at 09:00 is 00:00 UTC, every day', () => {
    expect(occurrences('0 9 * * ? *', 'Asia/Tokyo', '2026-03-07T23:59:59Z', 3)).toEqual(['2026-03-08T00:00Z', '2026-03-09T00:00Z', '2026-03-10T00:00Z']);
  });

  it('America/New_York: a reading in the spring-forward gap fires when the clocks jump, then at its time again', () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT, at 07:00 UTC
    expect(occurrences('30 2 * * ? *', 'America/New_York', '2026-03-07T12:00Z', 3)).toEqual(['2026-03-08T07:00Z', '2026-03-09T06:30Z', '2026-03-10T06:30Z']);
    // every 15 minutes: the four readings of the missing hour are one firing, at the jump
    expect(occurrences('0/15 * * * ? *', 'America/New_York', '2026-03-08T06:40Z', 3)).toEqual(['2026-03-08T06:45Z', '2026-03-08T07:00Z', '2026-03-08T07:15Z']);
  });

  it('America/New_York: a reading the fall-back repeats fires once, at its first pass', () => {
    // 2026-11-01 02:00 EDT becomes 01:00 EST, at 06:00 UTC
    expect(occurrences('30 1 * * ? *', 'America/New_York', '2026-10-31T12:00Z', 3)).toEqual(['2026-11-01T05:30Z', '2026-11-02T06:30Z', '2026-11-03T06:30Z']);
    expect(occurrences('0 * * * ? *', 'America/New_York', '2026-11-01T04:30Z', 3)).toEqual(['2026-11-01T05:00Z', '2026-11-01T07:00Z', '2026-11-01T08:00Z']);
    // asked during the second pass, the repeated readings are behind
    expect(occurrences('0/10 * * * ? *', 'America/New_York', '2026-11-01T06:05Z', 1)).toEqual(['2026-11-01T07:00Z']);
  });

  it('America/New_York: weekly on a weekday keeps its local time across the change', () => {
    expect(occurrences('0 9 ? * MON *', 'America/New_York', '2026-02-28T00:00Z', 3)).toEqual(['2026-03-02T14:00Z', '2026-03-09T13:00Z', '2026-03-16T13:00Z']);
  });

  it('Europe/London: the change at 01:00 UTC, both ways', () => {
    // 2026-03-29 01:00 GMT becomes 02:00 BST; 2026-10-25 02:00 BST becomes 01:00 GMT
    expect(occurrences('30 1 * * ? *', 'Europe/London', '2026-03-28T12:00Z', 2)).toEqual(['2026-03-29T01:00Z', '2026-03-30T00:30Z']);
    expect(occurrences('30 1 * * ? *', 'Europe/London', '2026-10-24T12:00Z', 2)).toEqual(['2026-10-25T00:30Z', '2026-10-26T01:30Z']);
    expect(occurrences('0 9 ? * 2 *', 'Europe/London', '2026-03-20T00:00Z', 2)).toEqual(['2026-03-23T09:00Z', '2026-03-30T08:00Z']);
  });

  it('monthly: on a day, the last day, the nearest weekday, the nth and the last weekday of a kind', () => {
    expect(occurrences('0 10 31 * ? *', 'UTC', '2026-01-31T10:00Z', 2)).toEqual(['2026-03-31T10:00Z', '2026-05-31T10:00Z']);
    expect(occurrences('0 10 L * ? *', 'UTC', '2028-02-01T00:00Z', 2)).toEqual(['2028-02-29T10:00Z', '2028-03-31T10:00Z']);
    // 2026-08-01 is a Saturday: 1W stays in August (Monday the 3rd); 2026-05-31 is a Sunday: LW is Friday the 29th
    expect(occurrences('0 10 1W * ? *', 'UTC', '2026-07-15T00:00Z', 2)).toEqual(['2026-08-03T10:00Z', '2026-09-01T10:00Z']);
    expect(occurrences('0 10 LW * ? *', 'UTC', '2026-05-01T00:00Z', 1)).toEqual(['2026-05-29T10:00Z']);
    expect(occurrences('0 10 ? * 6#3 *', 'UTC', '2026-11-01T00:00Z', 2)).toEqual(['2026-11-20T10:00Z', '2026-12-18T10:00Z']);
    expect(occurrences('0 10 ? * 2L *', 'UTC', '2026-11-01T00:00Z', 1)).toEqual(['2026-11-30T10:00Z']);
    expect(occurrences('0 10 ? * L *', 'UTC', '2026-11-23T00:00Z', 1)).toEqual(['2026-11-28T10:00Z']);
  });

  it('ends with its year field, and never fires on a day that does not exist', () => {
    expect(occurrences('0 0 1 1 ? 2027', 'Asia/Tokyo', '2026-06-01T00:00Z', 2)).toEqual(['2026-12-31T15:00Z', undefined]);
    expect(occurrences('0 0 30 2 ? *', 'UTC', '2026-01-01T00:00Z', 1)).toEqual([undefined]);
  });
});

/** A field as text and, expanded here independently of the parser, the values it names. */
interface Field {
  text: string;
  values: number[];
}
const span = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

function numericField(min: number, max: number, steps: number[]): fc.Arbitrary<Field> {
  const n = fc.integer({ min, max });
  const item = fc.oneof(
    n.map((v) => ({ text: String(v), values: [v] })),
    fc.tuple(n, n).map(([a, b]) => ({ text: `${Math.min(a, b)}-${Math.max(a, b)}`, values: span(Math.min(a, b), Math.max(a, b)) })),
    fc.tuple(n, fc.constantFrom(...steps)).map(([a, s]) => ({ text: `${a}/${s}`, values: span(a, max, s) })),
    fc.constantFrom(...steps).map((s) => ({ text: `*/${s}`, values: span(min, max, s) })),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ text: '*', values: span(min, max) }) },
    { weight: 4, arbitrary: item },
    { weight: 1, arbitrary: fc.array(item, { minLength: 2, maxLength: 3 }).map((xs) => ({ text: xs.map((x) => x.text).join(','), values: xs.flatMap((x) => x.values) })) },
  );
}

type DayRule = (y: number, m: number, d: number) => boolean;
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const weekdayOf = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 1;
function nearestWeekdayTo(y: number, m: number, n: number): number {
  const last = lastDayOf(y, m);
  const w = weekdayOf(y, m, n);
  if (w === 7) return n === 1 ? 3 : n - 1;
  if (w === 1) return n === last ? n - 2 : n + 1;
  return n;
}
const NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** The two day fields, one of them `?`, and the days they name. */
const days: fc.Arbitrary<{ dom: string; dow: string; rule: DayRule }> = fc.oneof(
  numericField(1, 31, [2, 5, 10]).map((f) => ({ dom: f.text, dow: '?', rule: (_y: number, _m: number, d: number) => f.values.includes(d) })),
  fc.constant({ dom: 'L', dow: '?', rule: (y: number, m: number, d: number) => d === lastDayOf(y, m) }),
  fc.constant({ dom: 'LW', dow: '?', rule: (y: number, m: number, d: number) => d === nearestWeekdayTo(y, m, lastDayOf(y, m)) }),
  fc.integer({ min: 1, max: 31 }).map((n) => ({ dom: `${n}W`, dow: '?', rule: (y: number, m: number, d: number) => n <= lastDayOf(y, m) && d === nearestWeekdayTo(y, m, n) })),
  fc.constant({ dom: '?', dow: '*', rule: () => true }),
  fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 3 }).chain((ws) =>
    fc.boolean().map((named) => ({
      dom: '?',
      dow: ws.map((w) => (named ? NAMES[w - 1] : String(w))).join(','),
      rule: (y: number, m: number, d: number) => ws.includes(weekdayOf(y, m, d)),
    })),
  ),
  fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 })).map(([a, b]) => {
    const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
    return { dom: '?', dow: `${NAMES[lo - 1]}-${NAMES[hi - 1]}`, rule: (y: number, m: number, d: number) => weekdayOf(y, m, d) >= lo && weekdayOf(y, m, d) <= hi };
  }),
  fc.constant({ dom: '?', dow: 'L', rule: (y: number, m: number, d: number) => weekdayOf(y, m, d) === 7 }),
  fc.integer({ min: 1, max: 7 }).map((w) => ({
    dom: '?',
    dow: `${w}L`,
    rule: (y: number, m: number, d: number) => weekdayOf(y, m, d) === w && span(d + 1, lastDayOf(y, m)).every((e) => weekdayOf(y, m, e) !== w),
  })),
  fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 5 })).map(([w, k]) => ({
    dom: '?',
    dow: `${w}#${k}`,
    rule: (y: number, m: number, d: number) => weekdayOf(y, m, d) === w && span(1, d).filter((e) => weekdayOf(y, m, e) === w).length === k,
  })),
);

const expressions = fc
  .record({
    minutes: numericField(0, 59, [5, 10, 15, 30, 7]),
    // every hour and every day often, so that many expressions name readings inside a gap or a repeated hour
    hours: fc.oneof(fc.constant({ text: '*', values: span(0, 23) }), numericField(0, 23, [2, 3, 6])),
    days: fc.oneof(fc.constant({ dom: '*', dow: '?', rule: () => true }), days),
    months: fc.oneof({ weight: 4, arbitrary: fc.constant({ text: '*', values: span(1, 12) }) }, { weight: 1, arbitrary: numericField(1, 12, [2, 3]) }),
    years: fc.constantFrom<Field>({ text: '*', values: span(1970, 2199) }, { text: '2026-2027', values: [2026, 2027] }),
  })
  .map(({ minutes, hours, days: d, months, years }) => ({
    expression: [minutes.text, hours.text, d.dom, months.text, d.dow, years.text].join(' '),
    /** does the local minute (a wall-clock reading as UTC epoch ms) match? */
    matches(local: number) {
      const t = new Date(local);
      const [y, m, day] = [t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()];
      return minutes.values.includes(t.getUTCMinutes()) && hours.values.includes(t.getUTCHours()) && months.values.includes(m) && years.values.includes(y) && d.rule(y, m, day);
    },
  }));

const swedish = new Map<string, Intl.DateTimeFormat>();
/** The zone's UTC offset at `t`, read through a formatter of its own (Swedish dates read as ISO 8601). */
function offsetAt(timeZone: string, t: number): number {
  let f = swedish.get(timeZone);
  if (!f) swedish.set(timeZone, (f = new Intl.DateTimeFormat('sv-SE', { timeZone, hourCycle: 'h23', dateStyle: 'short', timeStyle: 'medium' })));
  return Date.parse(`${f.format(t).replace(' ', 'T')}Z`) - Math.floor(t / 1000) * 1000;
}

/** Walks the minutes after `after`: an instant fires when the wall clock passes its highest reading so far onto or over a named reading. */
function bruteForce(matches: (local: number) => boolean, timeZone: string, after: number, count: number, horizon: number): number[] {
  const hourOffsets = new Map<number, number | null>();
  const wall = (t: number) => {
    const hour = Math.floor(t / HOUR) * HOUR;
    if (!hourOffsets.has(hour)) {
      const o = offsetAt(timeZone, hour);
      hourOffsets.set(hour, o === offsetAt(timeZone, hour + HOUR) ? o : null);
    }
    return t + (hourOffsets.get(hour) ?? offsetAt(timeZone, t));
  };
  const start = Math.floor(after / MIN) * MIN;
  let high = -Infinity;
  for (let t = start - 3 * HOUR; t <= start; t += MIN) high = Math.max(high, wall(t));
  const fired: number[] = [];
  for (let t = start + MIN; t <= after + horizon && fired.length < count; t += MIN) {
    const w = wall(t);
    if (w <= high) continue;
    for (let local = high + MIN; local <= w; local += MIN) {
      if (matches(local)) {
        fired.push(t);
        break;
      }
    }
    high = w;
  }
  return fired;
}

/** The hours in which the zone's offset changes, 2025-2028. */
function changesOf(timeZone: string): number[] {
  const out: number[] = [];
  for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2029, 0, 1); day += DAY) {
    if (offsetAt(timeZone, day) === offsetAt(timeZone, day + DAY)) continue;
    for (let hour = day; hour < day + DAY; hour += HOUR) if (offsetAt(timeZone, hour) !== offsetAt(timeZone, hour + HOUR)) out.push(hour);
  }
  return out;
}

describe('next occurrence against a minute-by-minute scan', () => {
  const ZONES = ['Asia/Tokyo', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata'];
  const HORIZON = 100 * DAY;
  const COUNT = 4;

  for (const timeZone of ZONES) {
    it(`${timeZone}: the next ${COUNT} occurrences of random expressions, from random instants and around every change`, () => {
      const changes = changesOf(timeZone);
      const anyInstant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 11, 31) });
      const near = (within: number) => fc.tuple(fc.constantFrom(...changes), fc.integer({ min: -within, max: within })).map(([c, d]) => c + d);
      const instants = changes.length ? fc.oneof(anyInstant, near(2 * DAY), near(3 * HOUR), near(3 * HOUR)) : anyInstant;
      fc.assert(
        fc.property(expressions, instants, ({ expression, matches }, after) => {
          const cron = parseCron(expression);
          const found: number[] = [];
          for (let t: number | undefined = after; found.length < COUNT; ) {
            t = nextOccurrence(cron, timeZone, t);
            if (t === undefined || t > after + HORIZON) break;
            found.push(t);
          }
          expect(found.map(iso), `${expression} in ${timeZone} after ${iso(after)}`).toEqual(bruteForce(matches, timeZone, after, COUNT, HORIZON).map(iso));
        }),
        { numRuns: 100 },
      );
    });
  }
});
