/** Behaviour insights (spec 000 /behaviorInsights): read from counters the SDK writes per event (functions/domain/insights.ts), never from raw events. */
import * as z from 'zod';
import { dashboardRange } from './dashboard';
import { operation } from './operation';
import { say } from '../i18n/say';

export const INSIGHT_SOURCES = ['APP', 'WEB'] as const;
export type InsightSource = (typeof INSIGHT_SOURCES)[number];
export const INSIGHT_PERMISSION = { APP: 'NAV_APP_BEHAVIOR_INSIGHTS', WEB: 'NAV_WEB_BEHAVIOR_INSIGHTS' } as const;

export const INSIGHT_LIMITS = { funnelSteps: 5, timelinePage: 100, eventNames: 200 } as const;

/** served without signing (docs/audience.md) */
export const WEB_SNIPPET_PATH = '/service/sdk/v1/web.js';

export const allowedOriginsOf = (app: { allowedOrigins?: string }) => [
  ...new Set(
    (app.allowedOrigins ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((o) => /^https?:\/\/[^/]+/.exec(o)?.[0] ?? o),
  ),
];

const eventName = z.string().trim().min(1).max(100);
const rangeAnswer = z.object({ start: z.string(), end: z.string(), days: z.number().int(), timeZone: z.string() });

export const behaviorInsightServices = {
  summary: operation({
    access: ['NAV_APP_BEHAVIOR_INSIGHTS', 'NAV_WEB_BEHAVIOR_INSIGHTS'],
    payload: z.object({ source: z.enum(INSIGHT_SOURCES), range: dashboardRange }),
    response: z.object({
      range: rangeAnswer,
      days: z.array(z.object({ day: z.string(), active: z.number().int(), events: z.number().int(), byName: z.record(z.string(), z.number().int()) })),
      names: z.array(z.object({ name: z.string(), count: z.number().int() })),
      events: z.number().int(),
    }),
  }),
  /** A step counts accounts whose first event of it came at or after their first of the step before. */
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
          name: z.string(),
          at: z.number().int(),
          deviceId: z.string().optional(),
          planId: z.string().optional(),
          planName: z.string().optional(),
          buttonId: z.string().optional(),
          url: z.string().optional(),
          properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
        }),
      ),
      next: z.string().optional(),
    }),
  }),
  webApps: operation({
    access: 'NAV_WEB_BEHAVIOR_INSIGHTS',
    payload: z.object({}).default({}),
    response: z.object({ path: z.string(), apps: z.array(z.object({ name: z.string(), appKey: z.string(), allowedOrigins: z.array(z.string()) })) }),
  }),
};
