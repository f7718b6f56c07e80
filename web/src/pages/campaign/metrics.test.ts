import { describe, expect, it } from 'vitest';
import { chartSeries, nothingSent, planMetrics, progressOf } from './metrics';

const totals = { matched: 0, sent: 0, failed: 0, skipped: 0, uncertain: 0, opens: 0, clicks: 0, unsubscribes: 0, bounces: 0, complaints: 0, likes: 0, dislikes: 0 };

describe('planMetrics', () => {
  it('shows counts with K and M and truncated rates (spec 001 section 9)', () => {
    const m = planMetrics('EMAIL', { ...totals, matched: 12_345_678, sent: 150_000, failed: 0, opens: 50_000, clicks: 2_999, unsubscribes: 7 });
    expect(m.matched).toBe('12.3M');
    expect(m.sent).toBe('150.0K');
    expect(m.opens).toBe('50,000');
    expect(m.openRate).toBe('33.33%');
    expect(m.ctr).toBe('1.99%');
    expect(m.successRate).toBe('100.00%');
    expect(m.unsubscribeRate).toBe('0.01%');
  });

  it('shows -- for a rate without a base', () => {
    const m = planMetrics('EMAIL', totals);
    expect([m.sent, m.openRate, m.ctr, m.successRate, m.unsubscribeRate]).toEqual(['0', '--', '--', '--', '--']);
  });

  it('shows -- for open and click metrics a channel cannot measure', () => {
    const sms = planMetrics('SMS', { ...totals, sent: 10, opens: 3, clicks: 1 });
    expect([sms.opens, sms.openRate, sms.unsubscribeRate]).toEqual(['--', '--', '--']);
    // an SMS's links are tracked (issue 24 item 6): its clicks count
    expect([sms.clicks, sms.ctr]).toEqual(['1', '10.00%']);
    expect(sms.sent).toBe('10');
    const letter = planMetrics('DIRECT_MAIL', { ...totals, sent: 10 });
    expect([letter.opens, letter.clicks]).toEqual(['--', '--']);
    // bounces and complaints come from the email provider alone
    expect([sms.bounces, sms.complaints]).toEqual(['--', '--']);
    expect(planMetrics('EMAIL', { ...totals, sent: 10, bounces: 2, complaints: 1 })).toMatchObject({ bounces: '2', complaints: '1' });
  });

  it('counts success against every attempt, skipped recipients aside', () => {
    expect(planMetrics('EMAIL', { ...totals, sent: 2, failed: 1, skipped: 5 }).successRate).toBe('66.66%');
  });
});

describe('progressOf', () => {
  it('is unknown before the audience is counted, then the share with an outcome', () => {
    expect(progressOf(totals)).toBeNull();
    expect(progressOf({ ...totals, matched: 3, sent: 1, skipped: 1 })).toBe(66);
    expect(progressOf({ ...totals, matched: 2, sent: 2 })).toBe(100);
  });
});

describe('chartSeries', () => {
  it('fills quiet hours with zero', () => {
    expect(
      chartSeries([
        { hour: '2026-03-01T10', sent: 5, opens: 1, clicks: 0 },
        { hour: '2026-03-01T08', sent: 2, opens: 0, clicks: 0 },
      ]),
    ).toEqual([
      { label: '2026-03-01 08:00', sent: 2, opens: 0, clicks: 0 },
      { label: '2026-03-01 09:00', sent: 0, opens: 0, clicks: 0 },
      { label: '2026-03-01 10:00', sent: 5, opens: 1, clicks: 0 },
    ]);
  });

  it('adds up per day over a long sending', () => {
    const series = chartSeries([
      { hour: '2026-03-01T23', sent: 1, opens: 0, clicks: 0 },
      { hour: '2026-03-01T01', sent: 1, opens: 1, clicks: 0 },
      { hour: '2026-03-05T12', sent: 4, opens: 2, clicks: 1 },
    ]);
    expect(series.map((p) => p.label)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
    expect(series[0]).toEqual({ label: '2026-03-01', sent: 2, opens: 1, clicks: 0 });
    expect(series[4].sent).toBe(4);
    expect(
      chartSeries([
        { hour: '2026-03-01T23', sent: 1, opens: 0, clicks: 0 },
        { hour: '2026-03-05T00', sent: 1, opens: 0, clicks: 0 },
      ]).map((p) => p.label),
    ).toEqual(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']);
  });

  it('has nothing to draw without counters', () => {
    expect(chartSeries([])).toEqual([]);
  });
});

describe('nothingSent', () => {
  const stats = (sent: number, running = false) => ({
    totals: { sent },
    reasons: { skipped: { USER_SETTINGS_BLOCK: 190, UNSUBSCRIBED: 0 }, failed: { USER_SETTINGS_BLOCK: 0, BOUNCE: 2 } },
    running,
  });

  it('says a finished message that sent nothing, with its reasons largest first', () => {
    expect(nothingSent('DEPLOYED', stats(0))).toEqual([
      { reason: 'USER_SETTINGS_BLOCK', count: 190 },
      { reason: 'BOUNCE', count: 2 },
    ]);
  });

  it('leaves alone a message that sent something, is still sending, or has not finished', () => {
    expect(nothingSent('DEPLOYED', stats(1))).toBeUndefined();
    expect(nothingSent('DEPLOYED', stats(0, true))).toBeUndefined();
    expect(nothingSent('IN_PROGRESS', stats(0))).toBeUndefined();
    expect(nothingSent('DEPLOYED', undefined)).toBeUndefined();
  });
});
