/** `sentRecord`: the sends of a message's run, a page at a time. */
import * as z from 'zod';
import { SENT_STATES } from '../delivery';
import { operation } from './operation';
import { id } from './planViews';

export const sentRecordServices = {
  /**
   * the sent-records of one run of a message, a page at a time by cursor (runs can hold millions): `runId` one of
   * plan.stats' runs, or for a journey `<runId>~<stepId>` of one of its message steps; else the latest (a
   * journey's: its first message step)
   */
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
          /** a push record's device: its id, and its model and platform where the device says them (not its token) */
          device: z.object({ id: z.string(), model: z.string().optional(), platform: z.string().optional() }).optional(),
          status: z.enum(SENT_STATES),
          reason: z.string().optional(),
          /** what the provider said, or why Herald did not send (a letter's incomplete address) */
          detail: z.string().optional(),
          doneAt: z.number().optional(),
          claimedAt: z.number(),
        }),
      ),
      cursor: z.string().optional(),
    }),
  }),
} as const;
