import * as z from 'zod';
import { DEVICE_PLATFORMS } from '../entities/device';
import { STEP_TYPES } from '../plan/journey';
import { idPayload, operation } from './operation';
import { planTotals, messageFiguresSchema, reasonCounts } from './planViews';

export const planStatisticsServices = {
  detail: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: idPayload,
    response: z.object({
      totals: planTotals,
      reasons: z.object({ failed: reasonCounts, skipped: reasonCounts }),
      hours: z.array(z.object({ hour: z.string(), sent: z.number().int(), opens: z.number().int(), clicks: z.number().int() })),
      smsParts: z.number().int(),
      /** spec 001 section 9, as shared/metrics defines them */
      figures: messageFiguresSchema,
      os: z.array(z.object({ os: z.enum(DEVICE_PLATFORMS), sent: z.number().int(), failed: z.number().int() })),
      /** SDK events, each account and device once */
      app: z.object({
        opens: z.number().int(),
        clicks: z.number().int(),
        os: z.array(z.object({ os: z.enum(DEVICE_PLATFORMS), opens: z.number().int(), clicks: z.number().int() })),
        cta1: z.number().int(),
        cta2: z.number().int(),
      }),
      /** each reader once per depth */
      scroll: z.array(z.object({ depth: z.number().int(), readers: z.number().int() })),
      running: z.boolean(),
      runs: z.array(
        z.object({
          runId: z.string(),
          status: z.enum(['RUNNING', 'DONE', 'STOPPED']),
          startedAt: z.number(),
          finishedAt: z.number().optional(),
          matched: z.number().int(),
          sent: z.number().int(),
          failed: z.number().int(),
          skipped: z.number().int(),
        }),
      ),
      steps: z
        .array(
          z.object({
            stepId: z.string(),
            type: z.enum(STEP_TYPES),
            name: z.string(),
            reached: z.number().int(),
            sent: z.number().int().optional(),
            failed: z.number().int().optional(),
            skipped: z.number().int().optional(),
            opens: z.number().int().optional(),
            clicks: z.number().int().optional(),
          }),
        )
        .optional(),
    }),
  }),
} as const;
