import * as z from 'zod';
import { PLAN_ACTION_NAMES, PLAN_STATES, REJECT_TYPES } from '../plan/stateMachine';
import { operation, pageOf, pageRequest } from './operation';
import { id } from './planViews';

export const operationRecordServices = {
  getListByPage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({ ...pageRequest, planId: id }),
    response: pageOf(
      z.object({
        id: z.string(),
        action: z.enum(PLAN_ACTION_NAMES),
        from: z.enum(PLAN_STATES),
        to: z.string(),
        by: z.string(),
        byName: z.string(),
        at: z.number(),
        reason: z.string().optional(),
        rejectType: z.enum(REJECT_TYPES).optional(),
      }),
    ),
  }),
} as const;
