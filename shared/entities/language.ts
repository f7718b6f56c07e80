import * as z from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

/** Spec 001 3.11; exactly one may be the default. */
export const languageSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 50),
  code: requiredText('code', 20).regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, say('render.languageCode')),
  isDefault: z.boolean().default(false),
});

export const languageEntity = defineEntity({
  name: 'language',
  scope: 'tenant',
  schema: languageSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.language.name', sortable: true, filter: 'text' },
    { field: 'code', label: 'entity.language.code', sortable: true, filter: 'text' },
    { field: 'isDefault', label: 'entity.language.isDefault', sortable: true, filter: 'boolean', format: 'boolean' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_LANGUAGE', write: 'NAV_LANGUAGE' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'code', kind: 'text' },
      { field: 'isDefault', kind: 'boolean' },
    ],
    unique: [{ field: 'code', code: '720001', message: say('entity.languageCode') }],
    onlyOne: 'isDefault',
  },
});
