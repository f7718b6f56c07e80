/** What the plan screens need before they draw (spec 000 `planConfig`). */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { REPEAT_MODES, STEP_TYPES } from '../plan/journey';
import { PLAN_ACTION_NAMES, PLAN_STATES } from '../plan/stateMachine';
import { idPayload } from './operation';
import { messageTypeSchema } from './plan';
import { operation } from './operation';

/** Spec 001 3.1's types the caller's role may use; a new draft starts Ad-Hoc when allowed. */
const messageTypeChoice = {
  messageTypes: z.array(messageTypeSchema),
  defaultMessageType: messageTypeSchema.optional(),
};

export const planConfigServices = {
  initBuilder: operation({
    access: 'PLAN_BUILDER',
    payload: z.object({}).default({}),
    response: z.object({
      stepTypes: z.array(z.enum(STEP_TYPES)),
      repeatModes: z.array(z.enum(REPEAT_MODES)),
      limits: z.object({ maxDelayMinutes: z.number().int(), maxSteps: z.number().int(), maxVariants: z.number().int() }),
      channels: z.array(z.object({ channel: z.enum(CHANNELS), sendable: z.boolean() })),
      segments: z.array(z.object({ id: z.string(), name: z.string() })),
      ...messageTypeChoice,
    }),
  }),
  initSingle: operation({
    access: 'PLAN_CREATE',
    payload: z.object({}).default({}),
    response: z.object({
      channels: z.array(z.object({ channel: z.enum(CHANNELS), sendable: z.boolean() })),
      ...messageTypeChoice,
      triggerKinds: z.array(z.string()),
      segments: z.array(z.object({ id: z.string(), name: z.string() })),
      limits: z.object({ reportMails: z.number().int(), tags: z.number().int(), nameMax: z.number().int(), titleMax: z.number().int() }),
    }),
  }),
  getPageActions: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: idPayload,
    response: z.object({ id: z.string(), status: z.enum(PLAN_STATES), actions: z.array(z.enum(PLAN_ACTION_NAMES)) }),
  }),
  getSegments: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({}).default({}),
    response: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  getCloudMapping: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({}).default({}),
    response: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        columns: z.array(z.object({ columnId: z.string(), fieldType: z.string(), attribute: z.string().optional() })),
      }),
    ),
  }),
} as const;
