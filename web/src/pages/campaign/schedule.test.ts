import { describe, expect, it } from 'vitest';
import { checkTrigger, defaultTimeZone, offsetLabel, suggestedSchedule, timeZoneNames, triggerDraftOf, triggerOf, wallClock } from './schedule';

const NOW = Date.UTC(2026, 10, 22, 0, 0, 0);

describe('the schedule of the trigger step', () => {
  it('reads a wall-clock time in a zone as its UTC instant', () => {
    expect(checkTrigger({ kind: 'SCHEDULE', date: '2026-11-23', time: '09:00', timeZone: 'Asia/Tokyo' }, NOW)).toEqual({ ok: true, instant: Date.UTC(2026, 10, 23, 0, 0, 0) });
  });

  it('refuses a time less than 5 minutes ahead with 750002', () => {
    // 09:04 in Tokyo is 00:04 UTC: four minutes ahead
    expect(checkTrigger({ kind: 'SCHEDULE', date: '2026-11-22', time: '09:04', timeZone: 'Asia/Tokyo' }, NOW)).toEqual({ ok: false, code: '750002' });
    expect(checkTrigger({ kind: 'SCHEDULE', date: '2026-11-22', time: '09:05', timeZone: 'Asia/Tokyo' }, NOW).ok).toBe(true);
    expect(checkTrigger({ kind: 'SCHEDULE', date: '2020-01-01', time: '09:00', timeZone: 'UTC' }, NOW)).toEqual({ ok: false, code: '750002' });
  });

  it('refuses a missing date or an unknown zone with 401005', () => {
    expect(checkTrigger({ kind: 'SCHEDULE', date: '', time: '09:00', timeZone: 'UTC' }, NOW)).toEqual({ ok: false, code: '401005' });
    expect(checkTrigger({ kind: 'SCHEDULE', date: '2026-12-01', time: '09:00', timeZone: 'Mars/Olympus' }, NOW)).toEqual({ ok: false, code: '401005' });
  });

  it('"immediately" is always fine', () => {
    expect(checkTrigger({ kind: 'IMMEDIATELY' }, NOW)).toEqual({ ok: true, instant: null });
  });

  it('round-trips the plan trigger', () => {
    const draft = { kind: 'SCHEDULE' as const, date: '2026-11-23', time: '09:00', timeZone: 'Asia/Tokyo' };
    expect(triggerOf(draft)).toEqual({ kind: 'SCHEDULE', at: '2026-11-23T09:00', timeZone: 'Asia/Tokyo' });
    expect(triggerDraftOf(triggerOf(draft))).toEqual(draft);
  });

  it('suggests a time on the 5-minute mark, an hour or more ahead, in the zone', () => {
    const s = suggestedSchedule(NOW + 7 * 60_000, 'Asia/Tokyo');
    expect(s).toEqual({ kind: 'SCHEDULE', date: '2026-11-22', time: '10:10', timeZone: 'Asia/Tokyo' });
    expect(checkTrigger(s, NOW).ok).toBe(true);
  });

  it('names zones and their offsets', () => {
    expect(timeZoneNames()[0]).toBe('UTC');
    expect(timeZoneNames()).toContain('Asia/Tokyo');
    expect(offsetLabel('Asia/Tokyo', NOW)).toBe('UTC+09:00');
    expect(offsetLabel('Asia/Kolkata', NOW)).toBe('UTC+05:30');
    expect(offsetLabel('UTC', NOW)).toBe('UTC+00:00');
    expect(wallClock(NOW, 'America/New_York')).toEqual({ date: '2026-11-21', time: '19:00' });
    expect(defaultTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(defaultTimeZone('UTC+09:00')).not.toBe('UTC+09:00');
  });

  it("starts a new schedule in the user's zone, else the organization's, else the browser's, never UTC by default", () => {
    expect(defaultTimeZone('America/New_York', 'Asia/Tokyo', 'Europe/Paris')).toBe('America/New_York');
    expect(defaultTimeZone('UTC+09:00', 'Asia/Shanghai', 'Europe/Paris')).toBe('Etc/GMT-9');
    expect(defaultTimeZone('UTC-05:00', '', 'Europe/Paris')).toBe('Etc/GMT+5');
    expect(defaultTimeZone('', 'Asia/Tokyo', 'Europe/Paris')).toBe('Asia/Tokyo');
    expect(defaultTimeZone('UTC+05:30', 'Asia/Shanghai', 'Europe/Paris')).toBe('Asia/Shanghai');
    expect(defaultTimeZone(undefined, '', 'Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(defaultTimeZone(null, 'Mars/Olympus', '')).toBe('UTC');
    expect(wallClock(NOW, defaultTimeZone('', 'Asia/Tokyo'))).toEqual(wallClock(NOW, 'Asia/Tokyo'));
  });
});
