import { describe, expect, it } from 'vitest';
import { localDateOf, localDayHourOf } from './zonedTime';

const at = (iso: string) => Date.parse(iso);

describe("localDayHourOf: the organization's day and hour of an instant", () => {
  it('puts 23:30 UTC on the next day in Shanghai, at 07', () => {
    expect(localDayHourOf(at('2026-11-23T23:30:00Z'), 'Asia/Shanghai')).toEqual({ day: '2026-11-24', hour: '07' });
    expect(localDayHourOf(at('2026-11-23T15:59:59Z'), 'Asia/Shanghai')).toEqual({ day: '2026-11-23', hour: '23' });
    expect(localDayHourOf(at('2026-11-23T16:00:00Z'), 'Asia/Shanghai')).toEqual({ day: '2026-11-24', hour: '00' });
    // a month and a year roll over on the zone's clock, not UTC's
    expect(localDayHourOf(at('2026-12-31T16:30:00Z'), 'Asia/Shanghai')).toEqual({ day: '2027-01-01', hour: '00' });
  });

  it('follows New York across the spring change (02:00 EST to 03:00 EDT): no hour 02 that day', () => {
    expect(localDayHourOf(at('2026-03-08T04:30:00Z'), 'America/New_York')).toEqual({ day: '2026-03-07', hour: '23' });
    expect(localDayHourOf(at('2026-03-08T06:59:00Z'), 'America/New_York')).toEqual({ day: '2026-03-08', hour: '01' });
    expect(localDayHourOf(at('2026-03-08T07:00:00Z'), 'America/New_York')).toEqual({ day: '2026-03-08', hour: '03' });
    const hours = new Set(
      Array.from({ length: 24 * 60 }, (_, m) => localDayHourOf(at('2026-03-08T05:00:00Z') + m * 60_000, 'America/New_York'))
        .filter((h) => h.day === '2026-03-08')
        .map((h) => h.hour),
    );
    expect(hours.has('02')).toBe(false);
    expect(hours.size).toBe(23);
  });

  it('follows New York across the autumn change (02:00 EDT back to 01:00 EST): hour 01 twice, a day of 25 hours', () => {
    expect(localDayHourOf(at('2026-11-01T03:59:00Z'), 'America/New_York')).toEqual({ day: '2026-10-31', hour: '23' });
    expect(localDayHourOf(at('2026-11-01T05:30:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', hour: '01' });
    expect(localDayHourOf(at('2026-11-01T06:30:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', hour: '01' });
    expect(localDayHourOf(at('2026-11-01T07:30:00Z'), 'America/New_York')).toEqual({ day: '2026-11-01', hour: '02' });
    const utcHours = Array.from({ length: 30 }, (_, h) => localDayHourOf(at('2026-11-01T00:00:00Z') + h * 3_600_000, 'America/New_York'));
    expect(utcHours.filter((h) => h.day === '2026-11-01')).toHaveLength(25);
  });

  it('is UTC for an empty or unknown zone, as an organization that chose none', () => {
    for (const zone of ['', 'UTC', 'Mars/Olympus']) expect(localDayHourOf(at('2026-11-23T23:30:00Z'), zone)).toEqual({ day: '2026-11-23', hour: '23' });
    expect(localDateOf(at('2026-11-23T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-24');
  });
});
