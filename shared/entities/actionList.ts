import * as z from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

export const ACTION_TYPES = ['WEBSITE', 'OPEN_PAGE', 'CALL', 'CLOSE', 'UPGRADE', 'REQUIRE_LOGIN'] as const;

/** Spec 001 3.11. */
export const actionListSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  code: requiredText('code', 50).regex(/^[A-Za-z0-9_-]+$/, say('form.codeChars')),
  type: z.enum(ACTION_TYPES, { error: say('validation.selectRequired', { param: say('field.type') }) }),
});

export const actionListEntity = defineEntity({
  name: 'actionList',
  scope: 'tenant',
  schema: actionListSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.actionList.name', sortable: true, filter: 'text' },
    { field: 'code', label: 'entity.actionList.code', sortable: true, filter: 'text' },
    { field: 'type', label: 'entity.actionList.type', sortable: true, filter: 'select', format: 'option' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_ACTION', write: 'NAV_ACTION' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'code', kind: 'text' },
      { field: 'type', kind: 'select', options: ACTION_TYPES },
    ],
    unique: [{ field: 'code', code: '720001', message: say('entity.actionCode') }],
  },
});
