import * as z from 'zod';
import { DEFAULT_CHANNEL, MENU_CHANNELS } from '../delivery';
import { anyTemplateSchema } from '../content';
import { say } from '../i18n/say';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';

export const TEMPLATE_CHANNELS = MENU_CHANNELS;
export type TemplateChannel = (typeof TEMPLATE_CHANNELS)[number];

export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_NAME_TAKEN = say('request.templateNameTaken');

/** Spec 001 3.6; `subject` and `languages` are copied from the content at each save, so lists skip the content. */
export const templateMessageSchema = z.object({
  ...tenantFields,
  name: requiredText('name', TEMPLATE_NAME_MAX),
  channel: z.enum(TEMPLATE_CHANNELS).default(DEFAULT_CHANNEL),
  categoryId: idString.optional(),
  folderId: idString.optional(),
  active: z.boolean().default(true),
  locked: z.boolean().default(false),
  lockedBy: idString.optional(),
  template: anyTemplateSchema,
  subject: z.string(),
  languages: z.array(z.string()),
  /** a translation older than the default language's is outdated */
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
