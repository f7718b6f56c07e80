import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { UNSUBSCRIPTION_SOURCES } from '../entities/messageUnsubscription';
import { ok, operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

/** spec 001 section 5 */
export const UNSUBSCRIPTION_NONE_SELECTED = say('request.noTargetSelected');
/** one DynamoDB transaction */
export const UNSUBSCRIPTION_DELETE_MAX = 100;

export const messageUnsubscriptionServices = {
  getListByPage: operation({
    access: 'NAV_MESSAGE_UNSUBSCRIPTION',
    payload: z.object({ ...pageRequest, target: z.string().max(320).optional(), channelName: z.enum(CHANNELS).optional() }),
    response: pageOf(
      z.object({
        id: z.string(),
        target: z.string(),
        channelName: z.enum(CHANNELS),
        source: z.enum(UNSUBSCRIPTION_SOURCES),
        planId: z.string().optional(),
        dateCreated: z.number(),
      }),
    ),
  }),
  /** all of `ids` or, if one is missing, none */
  delete: operation({
    access: 'NAV_MESSAGE_UNSUBSCRIPTION',
    payload: z
      .object({
        id: z.string().min(1).max(400).optional(),
        ids: z
          .array(z.string().min(1).max(400))
          .min(1, UNSUBSCRIPTION_NONE_SELECTED)
          .max(UNSUBSCRIPTION_DELETE_MAX, say('form.entriesMax', { max: UNSUBSCRIPTION_DELETE_MAX }))
          .optional(),
      })
      .refine((p) => (p.id === undefined) !== (p.ids === undefined), { message: UNSUBSCRIPTION_NONE_SELECTED, path: ['ids'] }),
    response: ok,
  }),
} as const;
