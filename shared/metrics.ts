/**
 * A message's figures (spec 001 section 9), defined once for every channel and shown as people read them: counts
 * with K and M, rates truncated to two decimals, and '--' for a figure the channel cannot measure or a rate without
 * a base. The message detail, the plan report, the dashboard and the server's documents (the Word report) all take
 * their figures from here, computed from the runs' counters, never from the sends themselves.
 */
import { CHANNEL_CAPABILITIES, type Channel, type ChannelCapabilities, CLICK_CHANNELS, channelsWith, OPEN_CHANNELS } from './delivery';
import { formatCount, formatRate } from './format';

/** A message's counters summed over its runs (shared/services/plan `PlanTotals` fits). */
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

/** Channels whose unsubscribes are counted per message. */
export const UNSUBSCRIBE_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('unsubscribes'));
/** Channels that can carry a thumb block's like/dislike prompt. */
export const ANSWER_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('answers'));
/** Channels whose provider says a message arrived or not. */
export const DELIVERY_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('delivered'));

/** The figures of the metric grid, in the order shown. */
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

/**
 * Figures of one channel only: SMS parts, letters produced, what the apps reported of a push, and the readers who
 * scrolled to the end of an in-app page or a mail's hosted page (`scrolled`, per sent: `scrollRate`).
 */
export const CHANNEL_FIGURES = ['smsParts', 'letters', 'cta1', 'cta1Rate', 'cta2', 'cta2Rate', 'iosRate', 'androidRate', 'scrolled', 'scrollRate'] as const;
export type ChannelFigure = (typeof CHANNEL_FIGURES)[number];
export const FIGURES = ['attempted', ...METRICS, ...CHANNEL_FIGURES] as const;
export type Figure = (typeof FIGURES)[number];
/** Every figure as a number; null where it does not apply to the channel or a rate has no base ('--'). */
export type Figures = Record<Figure, number | null>;

const RATES: ReadonlySet<Figure> = new Set(['successRate', 'deliveryRate', 'openRate', 'ctr', 'unsubscribeRate', 'cta1Rate', 'cta2Rate', 'iosRate', 'androidRate', 'scrollRate']);
export const isRate = (f: Figure): boolean => RATES.has(f);

/** What besides the run counters a figure needs: the SMS parts counter, and a push's app-reported counts per OS. */
export interface FigureExtras {
  /** the parts the SMS sends took, from the runs' `parts` counters */
  parts?: number;
  /** a push's sends per device OS (run counters) */
  os?: readonly { os: string; sent: number }[];
  /** what the organization's apps reported of a push: opens per OS and taps of its first and second button */
  app?: { os: readonly { os: string; opens: number }[]; cta1: number; cta2: number };
  /** the readers who reached each scroll depth (percent: 25, 50, 75, 100), each once */
  scroll?: Readonly<Record<string, number>>;
}

/** The counts of a dashboard's range (attempts, no audience or uncertain count of their own) as a message's. */
export const countsOfAttempts = (c: Omit<MessageCounts, 'matched' | 'uncertain'> & { attempted: number }): MessageCounts => ({
  ...c,
  matched: 0,
  uncertain: Math.max(0, c.attempted - c.sent - c.failed),
});

const ratio = (n: number, of: number): number | null => (of > 0 ? n / of : null);

/**
 * A message's figures from its counters. Attempts are sends the provider was asked for (sent, failed, uncertain);
 * delivered are the sent less the hard bounces the provider reported later; open rate and CTR are per delivered,
 * the unsubscribe rate per open (spec), the CTA rates per sent. SMS and LINE clicks are their tracked links'.
 */
export function messageFigures(channel: Channel, t: MessageCounts, extras: FigureExtras = {}): Figures {
  return figuresMeasuring(CHANNEL_CAPABILITIES[channel], t, extras);
}

/** The capabilities a message's figures depend on. */
type Measured = Pick<ChannelCapabilities, 'opens' | 'clicks' | 'delivered' | 'unsubscribes' | 'answers' | 'bounces' | 'app' | 'parts' | 'printed' | 'scroll'>;

/**
 * What a total over messages of several channels measures: each figure of the metric grid some channel measures,
 * and none of one channel's own figures (SMS parts, letters, what apps report).
 */
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

/** A report's total over messages of any channels (the plan report's total row, its Word document's). */
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
    // reported later by the provider of a channel that has them (email's)
    bounces: bounces ? t.bounces : null,
    complaints: bounces ? t.complaints : null,
    likes: answers ? t.likes : null,
    dislikes: answers ? t.dislikes : null,
    smsParts: parts ? (extras.parts ?? 0) : null,
    // a letter is produced when its PDF is stored: the sends of a printed channel's message
    letters: printed ? t.sent : null,
    cta1: app ? app.cta1 : null,
    cta1Rate: app ? ratio(app.cta1, t.sent) : null,
    cta2: app ? app.cta2 : null,
    cta2Rate: app ? ratio(app.cta2, t.sent) : null,
    // opens the app reported on an OS per send to it (spec 001 3.20 iosRate, androidRate)
    iosRate: app ? ratio(appOpensOn('IOS'), sentOn('IOS')) : null,
    androidRate: app ? ratio(appOpensOn('ANDROID'), sentOn('ANDROID')) : null,
    // the readers who scrolled to the end, per send (spec 001 section 9 scroll rate)
    scrolled: scrolls ? (scrolls['100'] ?? 0) : null,
    scrollRate: scrolls ? ratio(scrolls['100'] ?? 0, t.sent) : null,
  };
}

/** One figure as display text: '--' for null. */
export const showFigure = (f: Figure, value: number | null): string => (isRate(f) ? formatRate(value) : formatCount(value));

/** Every figure of the metric grid as display text. */
export function planMetrics(channel: Channel, t: MessageCounts, extras?: FigureExtras): Record<Metric, string> {
  return metricTexts(messageFigures(channel, t, extras));
}

/** Every figure of the metric grid of a report's total (totalFigures) as display text. */
export const totalMetrics = (t: MessageCounts): Record<Metric, string> => metricTexts(totalFigures(t));

const metricTexts = (figures: Figures) => Object.fromEntries(METRICS.map((m) => [m, showFigure(m, figures[m])])) as Record<Metric, string>;
