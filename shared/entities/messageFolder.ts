import * as z from 'zod';
import { defineEntity, hexColor, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

/** Spec 001 section 5; a folder that holds messages cannot be deleted. */
export const messageFolderSchema = z.object({
  ...tenantFields,
  title: requiredText('title', 100),
  tagColor: hexColor,
  orderIndex: z.number().int('The order index is a whole number.').min(0, say('form.orderIndex')).max(99, say('form.folderOrderIndex')).default(0),
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
});

export const messageFolderEntity = defineEntity({
  name: 'messageFolder',
  scope: 'tenant',
  schema: messageFolderSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'title', label: 'entity.messageFolder.fields.title', sortable: true, filter: 'text' },
    { field: 'tagColor', label: 'entity.messageFolder.tagColor', format: 'color' },
    { field: 'orderIndex', label: 'entity.messageFolder.orderIndex', sortable: true },
    { field: 'status', label: 'entity.messageFolder.status', filter: 'select', format: 'option' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_TEMPLATE_MESSAGE', write: 'NAV_TEMPLATE_MESSAGE' },
  crud: {
    titleField: 'title',
    defaultSort: { field: 'orderIndex', order: 'asc' },
    form: [
      { field: 'title', kind: 'text', wide: true },
      { field: 'tagColor', kind: 'color' },
      { field: 'orderIndex', kind: 'number' },
      { field: 'status', kind: 'select', options: ['ACTIVE', 'INACTIVE'] },
    ],
    inUse: { entity: 'templateMessage', field: 'folderId', message: say('entity.folderHasMessages') },
  },
});
