/**
 * Behaviour insights (spec 000 /behaviorInsights/accountTrack and /behaviorInsights/webAccountTrack, service group
 * `behaviorInsight`): what the organization's app and web users did, as their apps and the web snippet reported
 * it through the SDK API. Active accounts, event counts and the funnel are read from counters the SDK writes when
 * it records an event (functions/domain/insights.ts), never from raw events; one account's timeline is a paged
 * query of that account's own events.
 */
import * as z from 'zod';
import { dashboardRange } from './dashboard';
import { operation } from './operation';
import { say } from '../i18n/say';

/** App events come from an organization's iOS and Android apps, web events from its web apps (the snippet). */
export const INSIGHT_SOURCES = ['APP', 'WEB'] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];
/** The permission each source's screen needs. */
export const INSIGHT_PERMISSION = { APP: 'NAV_APP_BEHAVIOR_INSIGHTS', WEB: 'NAV_WEB_BEHAVIOR_INSIGHTS' } as const;

/** A funnel has 2 to 5 steps; the event list names at most this many events. */
export const INSIGHT_LIMITS = { funnelSteps: 5, timelinePage: 100, eventNames: 200 } as const;

/** The web snippet, served by Herald without signing (docs/audience.md). */
export const WEB_SNIPPET_PATH = '/service/sdk/v1/web.js';

/** A web app's allowed origins (stored one a line). */
export const allowedOriginsOf = (app: { allowedOrigins?: string }) => [
  ...new Set(
    (app.allowedOrigins ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((o) => /^https?:\/\/[^/]+/.exec(o)?.[0] ?? o),
  ),
];

const eventName = z.string().trim().min(1).max(100);
/** the range's days, and the zone whose calendar they are (the organization's) */
const rangeAnswer = z.object({ start: z.string(), end: z.string(), days: z.number().int(), timeZone: z.string() });

export const behaviorInsightServices = {
  /** per day of the range (the organization's zone's): the accounts that sent any event, and the events by name; with the range's totals */
  summary: operation({
    access: ['NAV_APP_BEHAVIOR_INSIGHTS', 'NAV_WEB_BEHAVIOR_INSIGHTS'],
    payload: z.object({ source: z.enum(INSIGHT_SOURCES), range: dashboardRange }),
    response: z.object({
      range: rangeAnswer,
      days: z.array(z.object({ day: z.string(), active: z.number().int(), events: z.number().int(), byName: z.record(z.string(), z.number().int()) })),
      /** every event name counted in the range, most frequent first */
      names: z.array(z.object({ name: z.string(), count: z.number().int() })),
      events: z.number().int(),
    }),
  }),
  /**
   * Accounts through chosen events in order: the first step counts the accounts whose first such event fell in
   * the range; each next step those whose first of its event came at or after their first of the step before.
   */
  funnel: operation({
    access: ['NAV_APP_BEHAVIOR_INSIGHTS', 'NAV_WEB_BEHAVIOR_INSIGHTS'],
    payload: z.object({
      source: z.enum(INSIGHT_SOURCES),
      range: dashboardRange,
      steps: z
        .array(eventName)
        .min(2, say('insight.funnelMin'))
        .max(INSIGHT_LIMITS.funnelSteps, say('insight.funnelMax', { max: INSIGHT_LIMITS.funnelSteps })),
    }),
    response: z.object({ range: rangeAnswer, steps: z.array(z.object({ name: z.string(), accounts: z.number().int() })) }),
  }),
  /** one account's events, newest first, a page at a time (`cursor` from the page before) */
  timeline: operation({
    access: ['NAV_APP_BEHAVIOR_INSIGHTS', 'NAV_WEB_BEHAVIOR_INSIGHTS'],
    payload: z.object({
      source: z.enum(INSIGHT_SOURCES),
      accountId: z.string().trim().min(1, say('insight.accountId')).max(64),
      size: z.number().int().min(1).max(INSIGHT_LIMITS.timelinePage).default(20),
      cursor: z.string().max(1000).optional(),
    }),
    response: z.object({
      list: z.array(
        z.object({
          id: z.string(),
          type: z.string(),
          /** what it is counted under: a custom event's name, otherwise its type */
          name: z.string(),
          at: z.number().int(),
          deviceId: z.string().optional(),
          planId: z.string().optional(),
          /** the message's name, when the event names a message of the organization */
          planName: z.string().optional(),
          buttonId: z.string().optional(),
          url: z.string().optional(),
          properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
        }),
      ),
      next: z.string().optional(),
    }),
  }),
  /** the organization's web apps, for the snippet */
  webApps: operation({
    access: 'NAV_WEB_BEHAVIOR_INSIGHTS',
    payload: z.object({}).default({}),
    response: z.object({ path: z.string(), apps: z.array(z.object({ name: z.string(), appKey: z.string(), allowedOrigins: z.array(z.string()) })) }),
  }),
};
