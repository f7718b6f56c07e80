/**
 * What the plan screens need before they draw (spec 000 service catalogue `planConfig`): the campaign builder's
 * choices and limits (`initBuilder`).
 */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { REPEAT_MODES, STEP_TYPES } from '../plan/journey';
import { operation } from './operation';

export const planConfigServices = {
  /** the builder's step types, repeat modes and limits, and the organization's channels and segments (templates: templateMessage.getAll) */
  initBuilder: operation({
    access: 'PLAN_BUILDER',
    payload: z.object({}).default({}),
    response: z.object({
      stepTypes: z.array(z.enum(STEP_TYPES)),
      repeatModes: z.array(z.enum(REPEAT_MODES)),
      limits: z.object({ maxDelayMinutes: z.number().int(), maxSteps: z.number().int(), maxVariants: z.number().int() }),
      channels: z.array(z.object({ channel: z.enum(CHANNELS), sendable: z.boolean() })),
      segments: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  }),
} as const;
