import * as z from 'zod';
import { COMPOSED_KEYS, defineEntity } from './entity';

/**
 * A message's tracked link and its clicks (spec 000's `messageLink` group), by its place in the message (the
 * place a click token names). Written by the click redirect: `clicks` counts the recipients (a push, the devices)
 * who followed it, once each, `totalClicks` every redirect. A link nobody followed has no item (the list reads
 * those from the latest run's sent-records).
 */
export const messageLinkSchema = z.object({
  orgId: z.number().int(),
  sk: z.string(),
  /** `<orgId>#<planId>` */
  planKey: z.string(),
  planId: z.string(),
  place: z.number().int(),
  /** the destination as the first click found it */
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
  // a message's links, under the organization: `sk` = `<planId>#<place>`
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
