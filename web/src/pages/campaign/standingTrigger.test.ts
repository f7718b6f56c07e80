import { describe, expect, it } from 'vitest';
import { checkTrigger, triggerDraftOf, triggerOf } from './schedule';
import { standingDraft } from './StandingTriggerFields';

const NOW = Date.UTC(2026, 10, 22, 0, 0);

describe('standing triggers in the wizard', () => {
  it('a new recurring draft starts at 09:00 in each recipient’s zone and passes the server’s rules', () => {
    const draft = standingDraft('RECURRING', { date: '2026-11-23', timeZone: 'Asia/Tokyo' });
    expect(draft).toMatchObject({ kind: 'RECURRING', unit: 'DAY', hours: [9], startDate: '2026-11-23', recipientTimeZone: true, timeZone: 'Asia/Tokyo' });
    expect(checkTrigger(draft, NOW)).toEqual({ ok: true, instant: null });
    // saved and read back as it is
    expect(triggerDraftOf(triggerOf(draft))).toEqual(draft);
  });

  it('refuses what the server refuses: a delay over 7 days, a finished range, a missing geofence', () => {
    const action = standingDraft('ACTION', { date: '2026-11-23', timeZone: 'UTC' });
    expect(checkTrigger({ ...action, actionCode: 'buy', delayMinutes: 7 * 24 * 60 + 1 } as typeof action, NOW)).toEqual({ ok: false, code: '400016' });
    expect(checkTrigger({ ...action, actionCode: 'buy' } as typeof action, NOW).ok).toBe(true);
    const ended = { ...standingDraft('RECURRING', { date: '2026-01-01', timeZone: 'UTC' }), endDate: '2026-01-02' };
    expect(checkTrigger(ended as never, NOW)).toEqual({ ok: false, code: '750004' });
    expect(checkTrigger(standingDraft('GEOFENCE', { date: '2026-11-23', timeZone: 'UTC' }), NOW)).toEqual({ ok: false, code: '400016' });
  });
});
