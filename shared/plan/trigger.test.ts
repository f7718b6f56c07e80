import { describe, expect, it } from 'vitest';
import { textsIn } from '../i18n';
import { checkStandingTrigger, eventKeysOf, nextFiring, nextOccurrence, type RecurringTrigger, triggerSchema } from './trigger';

const recurring = (over: Partial<RecurringTrigger> = {}): RecurringTrigger => {
  const parsed = triggerSchema.parse({ kind: 'RECURRING', unit: 'DAY', hours: [9], startDate: '2026-03-01', timeZone: 'UTC', ...over });
  if (parsed.kind !== 'RECURRING') throw new Error('not recurring');
  return parsed;
};
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('recurring occurrences in a zone', () => {
  it('09:00 daily is 09:00 on the local clock of each zone', () => {
    const r = recurring();
    const after = Date.UTC(2026, 2, 1, 0, 0);
    expect(iso(nextOccurrence(r, 'Asia/Tokyo', after))).toBe('2026-03-02T00:00:00.000Z');
    expect(iso(nextOccurrence(r, 'Europe/Berlin', after))).toBe('2026-03-01T08:00:00.000Z');
    expect(iso(nextOccurrence(r, 'America/New_York', after))).toBe('2026-03-01T14:00:00.000Z');
  });

  it('follows the daylight-saving change: New York on 8 March 2026, Berlin on 29 March 2026', () => {
    const r = recurring();
    expect(iso(nextOccurrence(r, 'America/New_York', Date.UTC(2026, 2, 7, 15)))).toBe('2026-03-08T13:00:00.000Z');
    expect(iso(nextOccurrence(r, 'Europe/Berlin', Date.UTC(2026, 2, 28, 9)))).toBe('2026-03-29T07:00:00.000Z');
    // autumn: Berlin goes back on 25 October 2026
    expect(iso(nextOccurrence(r, 'Europe/Berlin', Date.UTC(2026, 9, 24, 8)))).toBe('2026-10-25T08:00:00.000Z');
  });

  it('a time the clocks skip runs after the gap; a repeated one runs once', () => {
    const r = recurring({ hours: [2], minute: 30 });
    expect(iso(nextOccurrence(r, 'America/New_York', Date.UTC(2026, 2, 7, 12)))).toBe('2026-03-08T07:30:00.000Z');
    const autumn = recurring({ hours: [1], minute: 30 });
    const first = nextOccurrence(autumn, 'America/New_York', Date.UTC(2026, 10, 1, 0))!;
    expect(iso(first)).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(nextOccurrence(autumn, 'America/New_York', first))).toBe('2026-11-02T06:30:00.000Z');
  });

  it('weekdays count Sunday as 1 and every N weeks from the start week', () => {
    // 2026-03-01 is a Sunday; Monday (2) and Friday (6), every second week
    const r = recurring({ unit: 'WEEK', weekdays: [6, 2], every: 2 });
    const days: string[] = [];
    let after = Date.UTC(2026, 2, 1);
    for (let i = 0; i < 4; i++) {
      after = nextOccurrence(r, 'UTC', after)!;
      days.push(iso(after)!.slice(0, 10));
    }
    expect(days).toEqual(['2026-03-02', '2026-03-06', '2026-03-16', '2026-03-20']);
  });

  it('hour units, month days a month lacks, and the end date', () => {
    const hourly = recurring({ unit: 'HOUR', every: 6, minute: 15 });
    expect(iso(nextOccurrence(hourly, 'UTC', Date.UTC(2026, 2, 1, 7)))).toBe('2026-03-01T12:15:00.000Z');
    const monthly = recurring({ unit: 'MONTH', monthDays: [31], hours: [8] });
    expect(iso(nextOccurrence(monthly, 'UTC', Date.UTC(2026, 2, 31, 9)))).toBe('2026-05-31T08:00:00.000Z');
    const ending = recurring({ endDate: '2026-03-02' });
    expect(nextOccurrence(ending, 'UTC', Date.UTC(2026, 2, 2, 9))).toBeUndefined();
  });

  it('zones at the same instant fire together, the earliest first', () => {
    const r = recurring();
    const firing = nextFiring(r, ['America/New_York', 'Asia/Tokyo', 'Asia/Seoul', 'Europe/Berlin'], Date.UTC(2026, 2, 1, 12));
    expect(firing).toEqual({ at: Date.UTC(2026, 2, 1, 14), zones: ['America/New_York'] });
    const next = nextFiring(r, ['America/New_York', 'Asia/Tokyo', 'Asia/Seoul', 'Europe/Berlin'], firing!.at);
    expect(next).toEqual({ at: Date.UTC(2026, 2, 2, 0), zones: ['Asia/Tokyo', 'Asia/Seoul'] });
  });
});

describe('trigger fields', () => {
  it('refuses a delay over 7 days, dates out of order and missing weekdays', () => {
    const bad = (t: object, lang: 'en' | 'ja' | 'zh' = 'en') => textsIn(triggerSchema.safeParse(t).error?.issues[0]?.message ?? '', lang);
    expect(bad({ kind: 'ACTION', actionCode: 'buy', delayMinutes: 7 * 24 * 60 + 1 })).toBe('Setting exceeding maximum delay time!');
    expect(bad({ kind: 'RECURRING', unit: 'DAY', hours: [9], startDate: '2026-03-02', endDate: '2026-03-01', timeZone: 'UTC' })).toBe(
      'The start date should be earlier than the end date!',
    );
    expect(bad({ kind: 'RECURRING', unit: 'WEEK', hours: [9], startDate: '2026-03-02', timeZone: 'UTC' })).toBe('Please choose at least one weekday.');
    // the reader's language: the catalogue of trigger texts
    expect(bad({ kind: 'ACTION', actionCode: 'buy', delayMinutes: 7 * 24 * 60 + 1 }, 'ja')).toBe('設定が最大遅延時間を超えています！');
    expect(bad({ kind: 'RECURRING', unit: 'WEEK', hours: [9], startDate: '2026-03-02', timeZone: 'UTC' }, 'zh')).toBe('请至少选择一个星期几。');
    expect(triggerSchema.safeParse({ kind: 'GEOFENCE', geofenceId: 'g1', on: 'ENTER' }).data).toMatchObject({ limiter: { kind: 'ONCE' }, delayMinutes: 0 });
  });

  it('a schedule whose range has ended answers 750004', () => {
    expect(checkStandingTrigger(recurring({ endDate: '2026-03-05' }), Date.UTC(2026, 2, 10))).toMatchObject({ ok: false, code: '750004' });
    expect(checkStandingTrigger(recurring({ endDate: '2026-03-05' }), Date.UTC(2026, 2, 4)).ok).toBe(true);
  });

  it('app events map to the keys triggers listen on', () => {
    expect(eventKeysOf({ type: 'geofence.enter', geofenceId: 'g1' })).toEqual(['GEOFENCE:g1:ENTER']);
    expect(eventKeysOf({ type: 'beacon.exit', beaconId: 'b1' })).toEqual(['BEACON:b1:EXIT']);
    expect(eventKeysOf({ type: 'custom', name: 'buy' })).toEqual(['ACTION:buy', 'RESET:buy']);
    expect(eventKeysOf({ type: 'message.opened' })).toEqual([]);
  });
});
