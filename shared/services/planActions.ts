import * as z from 'zod';
import { triggerSchema } from '../plan/plan';
import { rejectInputSchema } from '../plan/stateMachine';
import { idPayload, operation } from './operation';
import { id, planView } from './planViews';
import { say } from '../i18n/say';

const actionPayload = z.object({ id, version: z.number().int().optional() });

export const planActionServices = {
  sendToReview: operation({
    access: 'PLAN_CREATE',
    payload: actionPayload.extend({
      participants: z
        .array(id)
        .min(1, say('validation.chooseRequired', { param: say('field.participants') }))
        .max(50),
      deadline: z.number().int(),
    }),
    response: planView,
  }),
  pass: operation({ access: 'PLAN_PASS', payload: actionPayload, response: planView }),
  reject: operation({ access: 'PLAN_REJECT', payload: actionPayload.extend(rejectInputSchema.shape), response: planView }),
  cancel: operation({ access: 'PLAN_CANCEL', payload: actionPayload, response: planView }),
  active: operation({ access: 'PLAN_ACTIVE', payload: actionPayload, response: planView }),
  inactive: operation({ access: 'PLAN_INACTIVE', payload: actionPayload, response: planView }),
  stop: operation({ access: 'PLAN_STOP', payload: actionPayload, response: planView }),
  resend: operation({ access: 'PLAN_RESEND', payload: actionPayload, response: planView }),
  archive: operation({ access: 'PLAN_DELETE', payload: actionPayload, response: planView }),
  unarchive: operation({ access: 'PLAN_DELETE', payload: actionPayload, response: planView }),
  modifyDateRange: operation({ access: 'PLAN_CHANGE_DATE', payload: actionPayload.extend({ trigger: triggerSchema }), response: planView }),
} as const;

/** Spec 000 `trigger.save`, spec 001 section 3.4. */
export const triggerServices = {
  save: operation({ access: 'PLAN_CREATE_TRIGGER', payload: actionPayload.extend({ trigger: triggerSchema }), response: planView }),
  /** The token is shown in this answer only; Herald keeps its hash. */
  issueWebhookToken: operation({ access: 'PLAN_CREATE_TRIGGER', payload: idPayload, response: z.object({ url: z.string(), token: z.string(), issuedAt: z.number().int() }) }),
} as const;
