/** A message's figures (spec 001 section 9), defined once for every channel and every screen or document, from run counters only. */
import { CHANNEL_CAPABILITIES, type Channel, type ChannelCapabilities, CLICK_CHANNELS, channelsWith, OPEN_CHANNELS } from './delivery';
import { formatCount, formatRate } from './format';

export interface MessageCounts {
  matched: number;
  sent: number;
  failed: number;
  skipped: number;
  uncertain: number;
  opens: number;
  clicks: number;
  unsubscribes: number;
  bounces: number;
  complaints: number;
  likes: number;
  dislikes: number;
}

export const UNSUBSCRIBE_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('unsubscribes'));
export const ANSWER_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('answers'));
export const DELIVERY_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('delivered'));

export const METRICS = [
  'matched',
  'sent',
  'successRate',
  'delivered',
  'deliveryRate',
  'failed',
  'skipped',
  'uncertain',
  'opens',
  'openRate',
  'clicks',
  'ctr',
  'unsubscribes',
  'unsubscribeRate',
  'bounces',
  'complaints',
  'likes',
  'dislikes',
] as const;
export type Metric = (typeof METRICS)[number];

export const CHANNEL_FIGURES = ['smsParts', 'letters', 'cta1', 'cta1Rate', 'cta2', 'cta2Rate', 'iosRate', 'androidRate', 'scrolled', 'scrollRate'] as const;
export type ChannelFigure = (typeof CHANNEL_FIGURES)[number];
export const FIGURES = ['attempted', ...METRICS, ...CHANNEL_FIGURES] as const;
export type Figure = (typeof FIGURES)[number];
/** null where it does not apply or a rate has no base ('--') */
export type Figures = Record<Figure, number | null>;

const RATES: ReadonlySet<Figure> = new Set(['successRate', 'deliveryRate', 'openRate', 'ctr', 'unsubscribeRate', 'cta1Rate', 'cta2Rate', 'iosRate', 'androidRate', 'scrollRate']);
export const isRate = (f: Figure): boolean => RATES.has(f);

export interface FigureExtras {
  parts?: number;
  os?: readonly { os: string; sent: number }[];
  app?: { os: readonly { os: string; opens: number }[]; cta1: number; cta2: number };
  scroll?: Readonly<Record<string, number>>;
}

export const countsOfAttempts = (c: Omit<MessageCounts, 'matched' | 'uncertain'> & { attempted: number }): MessageCounts => ({
  ...c,
  matched: 0,
  uncertain: Math.max(0, c.attempted - c.sent - c.failed),
});

const ratio = (n: number, of: number): number | null => (of > 0 ? n / of : null);

/** Delivered is sent less later hard bounces; open rate and CTR per delivered, unsubscribe rate per open (spec), CTA rates per sent. */
export function messageFigures(channel: Channel, t: MessageCounts, extras: FigureExtras = {}): Figures {
  return figuresMeasuring(CHANNEL_CAPABILITIES[channel], t, extras);
}

type Measured = Pick<ChannelCapabilities, 'opens' | 'clicks' | 'delivered' | 'unsubscribes' | 'answers' | 'bounces' | 'app' | 'parts' | 'printed' | 'scroll'>;

/** A mixed-channel total has every grid figure some channel measures, and no single channel's own figures. */
const TOTAL_MEASURES: Measured = {
  opens: OPEN_CHANNELS.size > 0,
  clicks: CLICK_CHANNELS.size > 0,
  delivered: DELIVERY_CHANNELS.size > 0,
  unsubscribes: UNSUBSCRIBE_CHANNELS.size > 0,
  answers: ANSWER_CHANNELS.size > 0,
  bounces: channelsWith('bounces').length > 0,
  app: false,
  parts: false,
  printed: false,
  scroll: false,
};

export const totalFigures = (t: MessageCounts): Figures => figuresMeasuring(TOTAL_MEASURES, t, {});

function figuresMeasuring(measured: Measured, t: MessageCounts, extras: FigureExtras): Figures {
  const { opens, clicks, unsubscribes, answers, bounces, app: reachesApp, parts, printed, scroll } = measured;
  const attempted = t.sent + t.failed + t.uncertain;
  const delivered = Math.max(0, t.sent - (bounces ? t.bounces : 0));
  const sentOn = (os: string) => extras.os?.find((o) => o.os === os)?.sent ?? 0;
  const appOpensOn = (os: string) => extras.app?.os.find((o) => o.os === os)?.opens ?? 0;
  const app = reachesApp && extras.app ? extras.app : undefined;
  const scrolls = scroll ? extras.scroll : undefined;
  return {
    attempted,
    matched: t.matched,
    sent: t.sent,
    successRate: ratio(t.sent, attempted),
    delivered: measured.delivered ? delivered : null,
    deliveryRate: measured.delivered ? ratio(delivered, attempted) : null,
    failed: t.failed,
    skipped: t.skipped,
    uncertain: t.uncertain,
    opens: opens ? t.opens : null,
    openRate: opens ? ratio(t.opens, delivered) : null,
    clicks: clicks ? t.clicks : null,
    ctr: clicks ? ratio(t.clicks, delivered) : null,
    unsubscribes: unsubscribes ? t.unsubscribes : null,
    unsubscribeRate: unsubscribes && opens ? ratio(t.unsubscribes, t.opens) : null,
    bounces: bounces ? t.bounces : null,
    complaints: bounces ? t.complaints : null,
    likes: answers ? t.likes : null,
    dislikes: answers ? t.dislikes : null,
    smsParts: parts ? (extras.parts ?? 0) : null,
    // a letter is produced when its PDF is stored
    letters: printed ? t.sent : null,
    cta1: app ? app.cta1 : null,
    cta1Rate: app ? ratio(app.cta1, t.sent) : null,
    cta2: app ? app.cta2 : null,
    cta2Rate: app ? ratio(app.cta2, t.sent) : null,
    // spec 001 3.20 iosRate, androidRate
    iosRate: app ? ratio(appOpensOn('IOS'), sentOn('IOS')) : null,
    androidRate: app ? ratio(appOpensOn('ANDROID'), sentOn('ANDROID')) : null,
    // spec 001 section 9 scroll rate
    scrolled: scrolls ? (scrolls['100'] ?? 0) : null,
    scrollRate: scrolls ? ratio(scrolls['100'] ?? 0, t.sent) : null,
  };
}

export const showFigure = (f: Figure, value: number | null): string => (isRate(f) ? formatRate(value) : formatCount(value));

export function planMetrics(channel: Channel, t: MessageCounts, extras?: FigureExtras): Record<Metric, string> {
  return metricTexts(messageFigures(channel, t, extras));
}

export const totalMetrics = (t: MessageCounts): Record<Metric, string> => metricTexts(totalFigures(t));

const metricTexts = (figures: Figures) => Object.fromEntries(METRICS.map((m) => [m, showFigure(m, figures[m])])) as Record<Metric, string>;
