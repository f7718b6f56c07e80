import * as z from 'zod';
import { SENT_STATES } from '../delivery';
import { operation } from './operation';
import { id } from './planViews';

export const sentRecordServices = {
  /** runs can hold millions; for a journey `runId` is `<runId>~<stepId>` */
  getListByPage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({
      planId: id,
      runId: z.string().min(1).max(200).optional(),
      status: z.enum(SENT_STATES).optional(),
      cursor: z.string().max(2000).optional(),
      size: z.number().int().min(1).max(100).default(20),
    }),
    response: z.object({
      list: z.array(
        z.object({
          accountId: z.string(),
          address: z.string(),
          /** never the push token */
          device: z.object({ id: z.string(), model: z.string().optional(), platform: z.string().optional() }).optional(),
          status: z.enum(SENT_STATES),
          reason: z.string().optional(),
          detail: z.string().optional(),
          doneAt: z.number().optional(),
          claimedAt: z.number(),
        }),
      ),
      cursor: z.string().optional(),
    }),
  }),
} as const;
