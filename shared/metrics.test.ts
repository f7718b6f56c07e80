import { describe, expect, it } from 'vitest';
import { CHANNELS } from './delivery';
import { CHANNEL_FIGURES, countsOfAttempts, FIGURES, METRICS, messageFigures, planMetrics, showFigure, totalFigures, totalMetrics } from './metrics';

const zero = { matched: 0, sent: 0, failed: 0, skipped: 0, uncertain: 0, opens: 0, clicks: 0, unsubscribes: 0, bounces: 0, complaints: 0, likes: 0, dislikes: 0 };
// every counter set, so a figure that shows '--' does so because the channel has no such thing
const busy = { matched: 20, sent: 10, failed: 3, skipped: 4, uncertain: 1, opens: 6, clicks: 4, unsubscribes: 2, bounces: 2, complaints: 1, likes: 1, dislikes: 1 };
const app = {
  os: [
    { os: 'IOS', opens: 3 },
    { os: 'ANDROID', opens: 1 },
  ],
  cta1: 2,
  cta2: 1,
};
const scroll = { '25': 5, '50': 4, '75': 3, '100': 2 };
const os = [
  { os: 'IOS', sent: 6 },
  { os: 'ANDROID', sent: 4 },
];
const notApplicable = (channel: (typeof CHANNELS)[number]) =>
  Object.entries(messageFigures(channel, busy, { parts: 13, os, app, scroll }))
    .filter(([, v]) => v === null)
    .map(([f]) => f)
    .sort();

describe('messageFigures: what applies to each channel', () => {
  it("SMS: delivery from the provider's answers, tracked-link clicks and parts; no opens, bounces, answers or unsubscribes", () => {
    const f = messageFigures('SMS', busy, { parts: 13 });
    expect(f).toMatchObject({ attempted: 14, sent: 10, delivered: 10, deliveryRate: 10 / 14, successRate: 10 / 14, clicks: 4, ctr: 0.4, smsParts: 13 });
    expect(notApplicable('SMS')).toEqual(
      [
        'androidRate',
        'bounces',
        'complaints',
        'cta1',
        'cta1Rate',
        'cta2',
        'cta2Rate',
        'dislikes',
        'iosRate',
        'letters',
        'likes',
        'openRate',
        'opens',
        'scrollRate',
        'scrolled',
        'unsubscribeRate',
        'unsubscribes',
      ].sort(),
    );
  });

  it('LINE: delivery and tracked-link clicks; no opens or parts', () => {
    expect(messageFigures('LINE', busy)).toMatchObject({ delivered: 10, deliveryRate: 10 / 14, clicks: 4, ctr: 0.4 });
    expect(notApplicable('LINE')).toEqual(
      [
        'androidRate',
        'bounces',
        'complaints',
        'cta1',
        'cta1Rate',
        'cta2',
        'cta2Rate',
        'dislikes',
        'iosRate',
        'letters',
        'likes',
        'openRate',
        'opens',
        'scrollRate',
        'scrolled',
        'smsParts',
        'unsubscribeRate',
        'unsubscribes',
      ].sort(),
    );
  });

  it('DIRECT_MAIL: letters produced are the sends; no delivery, opens or clicks (the post reports nothing back)', () => {
    expect(messageFigures('DIRECT_MAIL', busy)).toMatchObject({ letters: 10, successRate: 10 / 14, sent: 10 });
    expect(notApplicable('DIRECT_MAIL')).toEqual(
      [
        'androidRate',
        'bounces',
        'clicks',
        'complaints',
        'ctr',
        'cta1',
        'cta1Rate',
        'cta2',
        'cta2Rate',
        'delivered',
        'deliveryRate',
        'dislikes',
        'iosRate',
        'likes',
        'openRate',
        'opens',
        'scrollRate',
        'scrolled',
        'smsParts',
        'unsubscribeRate',
        'unsubscribes',
      ].sort(),
    );
  });

  it('EMAIL: delivered less hard bounces; open rate and CTR per delivered, unsubscribes per open', () => {
    expect(messageFigures('EMAIL', busy)).toMatchObject({ delivered: 8, deliveryRate: 8 / 14, openRate: 6 / 8, ctr: 4 / 8, unsubscribeRate: 2 / 6, bounces: 2, likes: 1 });
    // readers who scrolled to the end of the hosted page, per send
    expect(messageFigures('EMAIL', busy, { scroll })).toMatchObject({ scrolled: 2, scrollRate: 0.2 });
    expect(notApplicable('EMAIL')).toEqual(['androidRate', 'cta1', 'cta1Rate', 'cta2', 'cta2Rate', 'iosRate', 'letters', 'smsParts'].sort());
  });

  it("PUSH_NATIVE: CTA taps per send and each OS's app-reported opens per send to it; no bounces", () => {
    expect(messageFigures('PUSH_NATIVE', busy, { os, app })).toMatchObject({ cta1: 2, cta1Rate: 0.2, cta2: 1, cta2Rate: 0.1, iosRate: 0.5, androidRate: 0.25, unsubscribes: 2 });
    expect(notApplicable('PUSH_NATIVE')).toEqual(['bounces', 'complaints', 'dislikes', 'letters', 'likes', 'smsParts'].sort());
    // without the apps' counts (the plan report), the CTA and OS figures are not known
    const bare = messageFigures('PUSH_NATIVE', busy);
    expect(CHANNEL_FIGURES.filter((f) => f !== 'smsParts' && f !== 'letters').map((f) => bare[f])).toEqual([null, null, null, null, null, null, null, null]);
    expect(messageFigures('PUSH_NATIVE', busy, { scroll })).toMatchObject({ scrolled: 2, scrollRate: 0.2 });
  });

  it('a rate without a base is null, whatever the channel; counts stay 0', () => {
    for (const channel of CHANNELS) {
      const f = messageFigures(channel, zero, { parts: 0, os: [], app: { os: [], cta1: 0, cta2: 0 }, scroll: {} });
      for (const rate of ['successRate', 'deliveryRate', 'openRate', 'ctr', 'unsubscribeRate', 'cta1Rate', 'cta2Rate', 'iosRate', 'androidRate', 'scrollRate'] as const)
        expect(f[rate]).toBeNull();
      expect(f.sent).toBe(0);
    }
  });

  it('answers every figure for every channel', () => {
    for (const channel of CHANNELS) expect(Object.keys(messageFigures(channel, busy)).sort()).toEqual([...FIGURES].sort());
  });
});

describe('totalFigures: a report’s total over messages of every channel', () => {
  it('measures each figure of the grid some channel measures, and none of one channel’s own', () => {
    const total = totalFigures(busy);
    // bounces are subtracted from the delivered: the figures of the channel that has every one agree
    expect(total).toMatchObject({ attempted: 14, delivered: 8, openRate: 6 / 8, ctr: 4 / 8, unsubscribeRate: 2 / 6, bounces: 2, complaints: 1, likes: 1, dislikes: 1 });
    expect(METRICS.filter((m) => total[m] === null)).toEqual([]);
    expect(CHANNEL_FIGURES.filter((f) => total[f] !== null)).toEqual([]);
    expect(totalMetrics(busy)).toMatchObject({ sent: '10', delivered: '8', openRate: '75.00%' });
  });
});

describe('showing figures', () => {
  it("shows null as '--', rates truncated to two decimals, counts with K and M", () => {
    expect(showFigure('clicks', null)).toBe('--');
    expect(showFigure('deliveryRate', 2 / 3)).toBe('66.66%');
    expect(showFigure('smsParts', 150_000)).toBe('150.0K');
    expect(planMetrics('SMS', busy)).toMatchObject({ opens: '--', openRate: '--', clicks: '4', ctr: '40.00%', deliveryRate: '71.42%', bounces: '--', unsubscribes: '--' });
    expect(planMetrics('DIRECT_MAIL', busy)).toMatchObject({ clicks: '--', ctr: '--', delivered: '--', deliveryRate: '--', successRate: '71.42%' });
  });

  it("reads a dashboard range's counts as a message's: uncertain is what the attempts leave", () => {
    const { matched: _m, uncertain: _u, ...rest } = busy;
    expect(countsOfAttempts({ ...rest, attempted: 14 })).toMatchObject({ ...busy, matched: 0 });
  });
});
