/**
 * What the plan screens need before they draw (spec 000 service catalogue `planConfig`): the campaign builder's
 * choices and limits (`initBuilder`), the single-message wizard's (`initSingle`), the actions a message's page
 * offers the caller now (`getPageActions`), the segments to choose from (`getSegments`) and the cloud sources'
 * columns the personalization fields map to (`getCloudMapping`).
 */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { REPEAT_MODES, STEP_TYPES } from '../plan/journey';
import { PLAN_ACTION_NAMES, PLAN_STATES } from '../plan/stateMachine';
import { idPayload } from './operation';
import { messageTypeSchema } from './plan';
import { operation } from './operation';

/**
 * The message types (spec 001 3.1) the caller's role may save and act on (MESSAGE_TYPE_* permissions), and the one a
 * new draft starts with: Ad-Hoc when allowed, else Lifecycle; none when neither is (the screens then say so).
 */
const messageTypeChoice = {
  messageTypes: z.array(messageTypeSchema),
  defaultMessageType: messageTypeSchema.optional(),
};

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
      ...messageTypeChoice,
    }),
  }),
  /** the wizard's choices for the caller: channels, the message types and trigger kinds their role may use, segments */
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
  /** what the message's page may offer the caller in its state (the same actions the message detail lists) */
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
  /** each cloud source's columns and the account field or attribute each fills: what personalization can name */
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
