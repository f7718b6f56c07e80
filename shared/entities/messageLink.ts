import * as z from 'zod';
import { COMPOSED_KEYS, defineEntity } from './entity';

/** Spec 000 `messageLink`: `clicks` counts recipients once each, `totalClicks` every redirect; unfollowed links have no item. */
export const messageLinkSchema = z.object({
  orgId: z.number().int(),
  sk: z.string(),
  planKey: z.string(),
  planId: z.string(),
  place: z.number().int(),
  url: z.string(),
  clicks: z.number().int(),
  totalClicks: z.number().int(),
  firstClickedAt: z.number().int(),
  lastClickedAt: z.number().int(),
});
export type MessageLink = z.infer<typeof messageLinkSchema>;

export const messageLinkEntity = defineEntity({
  name: 'messageLink',
  scope: 'tenant',
  orgKey: { form: 'composed', restKey: 'planKey', sort: { name: 'place', type: 'N' } },
  schema: messageLinkSchema,
  ...COMPOSED_KEYS,
  listColumns: [
    { field: 'url', label: 'campaign.links.url', sortable: true, filter: 'text' },
    { field: 'clicks', label: 'campaign.links.clicks', sortable: true, format: 'count' },
    { field: 'totalClicks', label: 'campaign.links.totalClicks', sortable: true, format: 'count' },
    { field: 'lastClickedAt', label: 'campaign.links.lastClickedAt', sortable: true, format: 'dateTime' },
  ],
});
