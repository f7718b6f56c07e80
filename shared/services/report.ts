/** The plan report (spec 001 3.20) reads each run's hourly counters, never the sends: its cost ignores recipient counts. */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { CUSTOM_REPORT_COLUMNS, REQUESTED_REPORT_KINDS, REQUESTED_REPORT_STATES } from '../entities/requestedReport';
import { idString } from '../entities/entity';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';
import { messageFiguresSchema, messageTypeSchema, planTotals } from './plan';
import { fieldName, say } from '../i18n/say';

/** Spec 001 section 9: the screen warns above 10 messages; the server allows 50. */
export const PLAN_REPORT_LIMITS = { warnAbove: 10, maxMessages: 50, maxDays: 366 } as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, say('form.dayLike'));
const DAY_MS = 86_400_000;
export function utcDayStart(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day ? ms : Number.NaN;
}

export const planReportRow = z.object({
  planId: z.string(),
  name: z.string(),
  channel: z.enum(CHANNELS),
  messageType: messageTypeSchema,
  groupName: z.string().optional(),
  totals: planTotals,
  parts: z.number().int(),
  figures: messageFiguresSchema,
});
export type PlanReportRow = z.infer<typeof planReportRow>;

export const planReportPayload = z
  .object({
    planIds: z
      .array(idString)
      .min(1, say('form.reportMessagesMin'))
      .max(PLAN_REPORT_LIMITS.maxMessages, say('form.reportMessagesMax', { max: PLAN_REPORT_LIMITS.maxMessages })),
    start: day,
    end: day,
  })
  .superRefine((p, ctx) => {
    const start = utcDayStart(p.start);
    const end = utcDayStart(p.end);
    if (Number.isNaN(start)) ctx.addIssue({ code: 'custom', path: ['start'], message: say('form.dayLike') });
    else if (Number.isNaN(end)) ctx.addIssue({ code: 'custom', path: ['end'], message: say('form.dayLike') });
    else if (start > end) ctx.addIssue({ code: 'custom', path: ['end'], message: say('validation.dateRange') });
    else if ((end - start) / DAY_MS + 1 > PLAN_REPORT_LIMITS.maxDays)
      ctx.addIssue({ code: 'custom', path: ['end'], message: say('form.reportDaysMax', { max: PLAN_REPORT_LIMITS.maxDays }) });
  });

export const REPORT_LINK_SECONDS = 15 * 60;

export const reportServices = {
  plan: operation({
    access: 'NAV_PLAN_REPORT',
    payload: planReportPayload,
    response: z.object({ rows: z.array(planReportRow), total: planTotals, timeZone: z.string() }),
  }),
};

export const reportExportServices = {
  downloadWordReport: operation({
    access: 'NAV_PLAN_REPORT',
    payload: planReportPayload,
    response: z.object({ url: z.string(), fileName: z.string(), contentType: z.string(), expiresAt: z.number().int() }),
  }),
};

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, say('form.monthLike'));
const monthlyReportRow = z.object({
  month: z.string(),
  status: z.enum(['MAKING', 'DONE']),
  messages: z.number().int(),
  sent: z.number().int(),
  opens: z.number().int(),
  clicks: z.number().int(),
  mailedTo: z.array(z.string()),
  madeAt: z.number().int(),
});
export type MonthlyReportRow = z.infer<typeof monthlyReportRow>;

export const monthlyReportServices = {
  list: operation({
    access: 'NAV_MONTHLY_REPORT',
    payload: z.object({}).default({}),
    response: z.object({ rows: z.array(monthlyReportRow) }),
  }),
  download: operation({
    access: 'NAV_MONTHLY_REPORT',
    payload: z.object({ month }),
    response: z.object({ url: z.string(), fileName: z.string(), contentType: z.string(), expiresAt: z.number().int() }),
  }),
};

export const REQUESTED_REPORT_PERMISSION = {
  REQUESTED: 'NAV_REQUESTED_REPORT',
  SUMMARY: 'NAV_SUMMARY_REPORT',
  SURVEY: 'NAV_SURVEY_REPORT',
  CUSTOM: 'NAV_CUSTOM_REPORT',
} as const;

const requestedReportView = z.object({
  id: z.string(),
  kind: z.enum(REQUESTED_REPORT_KINDS),
  name: z.string(),
  planIds: z.array(z.string()),
  columns: z.array(z.enum(CUSTOM_REPORT_COLUMNS)),
  start: z.string(),
  end: z.string(),
  status: z.enum(REQUESTED_REPORT_STATES),
  progress: z.number().int(),
  fileName: z.string().optional(),
  error: z.string().optional(),
  createdBy: z.string(),
  dateCreated: z.number().int(),
});
export type RequestedReportView = z.infer<typeof requestedReportView>;

const requestedReportPayload = z
  .object({
    kind: z.enum(REQUESTED_REPORT_KINDS, { error: say('validation.chooseRequired', { param: fieldName('reportKind') }) }),
    name: z
      .string()
      .trim()
      .min(1, say('validation.inputRequired', { param: say('field.name') }))
      .max(100),
    planIds: z
      .array(idString)
      .max(PLAN_REPORT_LIMITS.maxMessages, say('form.reportMessagesMax', { max: PLAN_REPORT_LIMITS.maxMessages }))
      .default([]),
    columns: z.array(z.enum(CUSTOM_REPORT_COLUMNS)).max(CUSTOM_REPORT_COLUMNS.length).default([]),
    start: day,
    end: day,
  })
  .superRefine((p, ctx) => {
    if (p.kind !== 'SUMMARY' && p.planIds.length === 0) ctx.addIssue({ code: 'custom', path: ['planIds'], message: say('form.reportMessagesMin') });
    if (p.kind === 'CUSTOM' && p.columns.length === 0) ctx.addIssue({ code: 'custom', path: ['columns'], message: say('form.reportColumnsMin') });
    const start = utcDayStart(p.start);
    const end = utcDayStart(p.end);
    if (Number.isNaN(start)) ctx.addIssue({ code: 'custom', path: ['start'], message: say('form.dayLike') });
    else if (Number.isNaN(end)) ctx.addIssue({ code: 'custom', path: ['end'], message: say('form.dayLike') });
    else if (start > end) ctx.addIssue({ code: 'custom', path: ['end'], message: say('validation.dateRange') });
    else if ((end - start) / DAY_MS + 1 > PLAN_REPORT_LIMITS.maxDays)
      ctx.addIssue({ code: 'custom', path: ['end'], message: say('form.reportDaysMax', { max: PLAN_REPORT_LIMITS.maxDays }) });
  });

/** Operations admit any tab's permission; the handlers check the one of the report's kind. */
const ANY_REPORT_TAB = ['NAV_REQUESTED_REPORT', 'NAV_SUMMARY_REPORT', 'NAV_SURVEY_REPORT', 'NAV_CUSTOM_REPORT'] as const;
export const requestedReportServices = {
  create: operation({ access: ANY_REPORT_TAB, payload: requestedReportPayload, response: requestedReportView }),
  getListByPage: operation({
    access: ANY_REPORT_TAB,
    payload: z.object({ ...pageRequest, kind: z.enum(REQUESTED_REPORT_KINDS) }),
    response: pageOf(requestedReportView),
  }),
  detail: operation({ access: ANY_REPORT_TAB, payload: idPayload, response: requestedReportView }),
  download: operation({
    access: ANY_REPORT_TAB,
    payload: idPayload,
    response: z.object({ url: z.string(), fileName: z.string(), contentType: z.string(), expiresAt: z.number().int() }),
  }),
  delete: operation({ access: ANY_REPORT_TAB, payload: idPayload, response: ok }),
};
