/** `planStatistics`: the numbers of a message's sendings. */
import * as z from 'zod';
import { DEVICE_PLATFORMS } from '../entities/device';
import { STEP_TYPES } from '../plan/journey';
import { idPayload, operation } from './operation';
import { planTotals, messageFiguresSchema, reasonCounts } from './planViews';

export const planStatisticsServices = {
  /** a message's numbers: totals of its runs and sends, opens and clicks per hour (UTC) */
  detail: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: idPayload,
    response: z.object({
      totals: planTotals,
      /** failures and skips by their send-failure reason, over all runs */
      reasons: z.object({ failed: reasonCounts, skipped: reasonCounts }),
      hours: z.array(z.object({ hour: z.string(), sent: z.number().int(), opens: z.number().int(), clicks: z.number().int() })),
      /** the parts an SMS message's sends took (what the carrier bills) */
      smsParts: z.number().int(),
      /** every figure of spec 001 section 9 for the message's channel, as shared/metrics defines them */
      figures: messageFiguresSchema,
      /** a push message's sends and failures per device OS */
      os: z.array(z.object({ os: z.enum(DEVICE_PLATFORMS), sent: z.number().int(), failed: z.number().int() })),
      /**
       * what the organization's apps reported of a push message (SDK events, each account and device once): opens
       * and clicks, per device OS too, and taps of its first and second button (CTA1, CTA2)
       */
      app: z.object({
        opens: z.number().int(),
        clicks: z.number().int(),
        os: z.array(z.object({ os: z.enum(DEVICE_PLATFORMS), opens: z.number().int(), clicks: z.number().int() })),
        cta1: z.number().int(),
        cta2: z.number().int(),
      }),
      /**
       * how far readers scrolled an e-mail's hosted page or an in-app page (SDK `message.scrolled` events): the
       * readers who reached each depth in percent, each reader once per depth
       */
      scroll: z.array(z.object({ depth: z.number().int(), readers: z.number().int() })),
      running: z.boolean(),
      /** every run of the message, newest first: when it went out and what it reached (the Schedule tab) */
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
      /**
       * a builder campaign's steps (the Plan Step tab), in the order a walk from the entry meets them: how many
       * reached each, and what each message step sent and drew, over all runs
       */
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
