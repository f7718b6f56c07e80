/** Spec 000 `messageLink`; another organization's message answers as missing. */
import * as z from 'zod';
import { idString } from '../entities/entity';
import { operation, pageOf, pageRequest } from './operation';

export const messageLinkView = z.object({
  place: z.number().int(),
  url: z.string(),
  clicks: z.number().int(),
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
