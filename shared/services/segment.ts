import * as z from 'zod';
import { CHANNELS, SEND_FAILURE_REASONS, type SendFailureReason } from '../delivery';
import { idString, requiredText } from '../entities/entity';
import { segmentSchema } from '../entities/segment';
import { staticListSchema } from '../segment/members';
import { ruleSchema } from '../segment/rule';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';

const ACCESS = 'NAV_SEGMENT';

export const segmentView = segmentSchema.omit({ orgId: true, createdBy: true, updatedBy: true });
export type SegmentView = z.infer<typeof segmentView>;

export const segmentSavePayload = z.object({
  id: idString.optional(),
  version: z.number().int().optional(),
  name: requiredText('name', 100),
  description: z.string().trim().max(500).default(''),
  rule: ruleSchema,
  includeIds: staticListSchema,
  excludeIds: staticListSchema,
});
export type SegmentSavePayload = z.input<typeof segmentSavePayload>;

export const segmentCount = z.object({
  count: z.number().int(),
  total: z.number().int(),
  /** `count` is then a lower bound */
  complete: z.boolean(),
  /** the snapshot's base time, the changes folded in after it, and the newest change's time */
  snapshot: z.object({ builtAt: z.number().int(), pending: z.number().int(), changedAt: z.number().int().optional() }).optional(),
  /** spec 001 section 8 reasons */
  reach: z
    .object({
      channel: z.enum(CHANNELS),
      reachable: z.number().int(),
      unreachable: z.partialRecord(z.enum(Object.keys(SEND_FAILURE_REASONS) as [SendFailureReason, ...SendFailureReason[]]), z.number().int()),
    })
    .optional(),
});
export type SegmentCount = z.infer<typeof segmentCount>;

export const segmentServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({ ...pageRequest, name: z.string().max(100).optional() }),
    response: pageOf(segmentView),
  }),
  getAll: operation({
    access: ['NAV_SEGMENT', 'NAV_CREATE_NOTIFICATION'],
    payload: z.object({}).default({}),
    response: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  detail: operation({ access: ACCESS, payload: idPayload, response: segmentView }),
  save: operation({ access: ACCESS, payload: segmentSavePayload, response: segmentView }),
  delete: operation({ access: ACCESS, payload: idPayload, response: ok }),
  count: operation({
    access: ['NAV_SEGMENT', 'NAV_CREATE_NOTIFICATION'],
    payload: z
      .object({
        id: idString.optional(),
        rule: ruleSchema.optional(),
        includeIds: staticListSchema,
        excludeIds: staticListSchema,
        channel: z.enum(CHANNELS).optional(),
      })
      .refine((p) => (p.id === undefined) !== (p.rule === undefined), 'Give either the id of a segment or a rule.'),
    response: segmentCount,
  }),
} as const;
