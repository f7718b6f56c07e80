/**
 * messageLink.*: a message's tracked links with their clicks (spec 000's `messageLink` group; see the entity),
 * paged, sorted and filtered like the other lists. Whoever may see the message may see its links; another
 * organization's message answers as missing.
 */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { operation, pageOf, pageRequest } from './operation';

export const messageLinkView = z.object({
  /** the link's place in the message */
  place: z.number().int(),
  url: z.string(),
  /** recipients (a push: devices) who followed it, once each */
  clicks: z.number().int(),
  /** every redirect */
  totalClicks: z.number().int(),
  firstClickedAt: z.number().int().optional(),
  lastClickedAt: z.number().int().optional(),
});
export type MessageLinkView = z.infer<typeof messageLinkView>;

export const messageLinkServices = {
  getListByPage: operation({
    access: 'NAV_CREATE_NOTIFICATION',
    payload: z.object({ ...pageRequest, planId: idString, url: z.string().max(200).optional() }),
    response: pageOf(messageLinkView),
  }),
} as const;
