import * as z from 'zod';
import { DEFAULT_CHANNEL, MENU_CHANNELS } from '../delivery';
import { anyTemplateSchema } from '../content';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';

/** The channels a template is made for: every channel (spec 001 3.1), each with its content (shared/content), in menu order. */
export const TEMPLATE_CHANNELS = MENU_CHANNELS;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

export const TEMPLATE_NAME_MAX = 100;
/** The reason a taken name (720001) gives. */
export const TEMPLATE_NAME_TAKEN = 'This template name is already used.';

/**
 * A message template of the library (spec 001 3.6): a name unique in the organization, its channel, an optional
 * category, the active flag and the lock (taken by the lock action, issue 9), and the content. `subject` (the
 * channel's summary line) and `languages` are copied from the content at every save, so lists read them without the content.
 */
export const templateMessageSchema = z.object({
  ...tenantFields,
  name: requiredText('name', TEMPLATE_NAME_MAX),
  channel: z.enum(TEMPLATE_CHANNELS).default(DEFAULT_CHANNEL),
  categoryId: idString.optional(),
  /** the library folder (messageFolder) it is filed in */
  folderId: idString.optional(),
  active: z.boolean().default(true),
  locked: z.boolean().default(false),
  lockedBy: idString.optional(),
  /** the content in its channel's schema (the template names its channel; email's may leave it out) */
  template: anyTemplateSchema,
  subject: z.string(),
  languages: z.array(z.string()),
  /** when each language's content last changed: a translation older than the default language's is outdated */
  languageUpdatedAt: z.record(z.string(), z.number()).default({}),
});
export type TemplateMessage = z.output<typeof templateMessageSchema>;

export const templateMessageEntity = defineEntity({
  name: 'templateMessage',
  scope: 'tenant',
  schema: templateMessageSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'template.name', sortable: true, filter: 'text' },
    { field: 'channel', label: 'channelContent.channel', sortable: true },
    { field: 'subject', label: 'template.subject', sortable: true },
    { field: 'categoryId', label: 'template.category', filter: 'select' },
    { field: 'folderId', label: 'template.folder', filter: 'select' },
    { field: 'languages', label: 'template.languages', format: 'tags' },
    { field: 'active', label: 'template.active', sortable: true, filter: 'boolean', format: 'boolean' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_TEMPLATE_MESSAGE', write: 'NAV_TEMPLATE_MESSAGE' },
});
