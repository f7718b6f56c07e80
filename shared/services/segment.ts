/**
 * Segments: saved rules over the organization's accounts (shared/segment), with a live size. The size of an
 * unsaved rule is asked while it is edited.
 */
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
  /** accounts the rule matches */
  count: z.number().int(),
  /** accounts read */
  total: z.number().int(),
  /** false when the count stopped at its time or size cap: `count` is then a lower bound */
  complete: z.boolean(),
  /**
   * counted from the organization's audience snapshot: the time its base holds the accounts as of, the accounts
   * changed after it (folded in from the change log), and the newest change's time
   */
  snapshot: z.object({ builtAt: z.number().int(), pending: z.number().int(), changedAt: z.number().int().optional() }).optional(),
  /** asked with a channel: of `count`, how many can receive on it, and the others by their spec 001 section 8 reason */
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
  /** The picker (the message wizard's segmentation step). */
  getAll: operation({
    access: ['NAV_SEGMENT', 'NAV_CREATE_NOTIFICATION'],
    payload: z.object({}).default({}),
    response: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
  detail: operation({ access: ACCESS, payload: idPayload, response: segmentView }),
  save: operation({ access: ACCESS, payload: segmentSavePayload, response: segmentView }),
  delete: operation({ access: ACCESS, payload: idPayload, response: ok }),
  /** The live size of a saved segment (`id`) or of a rule being edited (`rule`, with its static lists). */
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
