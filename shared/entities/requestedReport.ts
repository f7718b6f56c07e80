import * as z from 'zod';
import { defineEntity, TENANT_KEYS, tenantFields } from './entity';

/** The kinds are the tabs of /requested. */
export const REQUESTED_REPORT_KINDS = ['REQUESTED', 'SUMMARY', 'SURVEY', 'CUSTOM'] as const;
export type RequestedReportKind = (typeof REQUESTED_REPORT_KINDS)[number];
export const REQUESTED_REPORT_STATES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export const CUSTOM_REPORT_COLUMNS = [
  'matched',
  'sent',
  'successRate',
  'failed',
  'skipped',
  'opens',
  'openRate',
  'clicks',
  'ctr',
  'unsubscribes',
  'bounces',
  'complaints',
  'likes',
  'dislikes',
] as const;

export const requestedReportSchema = z.object({
  ...tenantFields,
  kind: z.enum(REQUESTED_REPORT_KINDS),
  name: z.string().max(100),
  planIds: z.array(z.string()).default([]),
  columns: z.array(z.enum(CUSTOM_REPORT_COLUMNS)).default([]),
  start: z.string(),
  end: z.string(),
  status: z.enum(REQUESTED_REPORT_STATES),
  progress: z.number().int().min(0).max(100).default(0),
  fileKey: z.string().optional(),
  fileName: z.string().optional(),
  error: z.string().optional(),
  lang: z.enum(['en', 'zh', 'ja']).default('en'),
});
export type RequestedReport = z.infer<typeof requestedReportSchema>;

export const requestedReportEntity = defineEntity({
  name: 'requestedReport',
  scope: 'tenant',
  schema: requestedReportSchema,
  ...TENANT_KEYS,
});
