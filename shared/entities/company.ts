import * as z from 'zod';
import { emailSchema } from '../validation';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { fieldName, say } from '../i18n/say';

export const DIRECT_MAIL_TYPES = ['LETTER', 'POSTCARD', 'CATALOG', 'FLYER'] as const;

/** Spec 001 section 5: every field of the wizard's Company step is required. */
export const companySchema = z.object({
  ...tenantFields,
  company: requiredText('company', 100),
  directMailType: z.enum(DIRECT_MAIL_TYPES, { error: say('validation.selectRequired', { param: fieldName('directMailType') }) }),
  fullName: requiredText('fullName', 200),
  address: requiredText('address', 300),
  website: requiredText('website', 300).regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, say('form.webAddress')),
  name: requiredText('name', 100),
  phone: requiredText('phone', 30).regex(/^\+?[0-9][0-9 ()-]{3,28}$/, say('render.phoneAction')),
  email: emailSchema,
});

export type Company = z.output<typeof companySchema>;

export const companyEntity = defineEntity({
  name: 'company',
  scope: 'tenant',
  schema: companySchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'company', label: 'entity.company.company', sortable: true, filter: 'text' },
    { field: 'directMailType', label: 'entity.company.directMailType', sortable: true, filter: 'select', format: 'option' },
    { field: 'name', label: 'entity.company.name', sortable: true, filter: 'text' },
    { field: 'phone', label: 'entity.company.phone' },
    { field: 'email', label: 'entity.company.email', sortable: true },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_CREATE_NOTIFICATION', write: 'NAV_CREATE_NOTIFICATION' },
  crud: {
    titleField: 'company',
    defaultSort: { field: 'company', order: 'asc' },
    form: [
      { field: 'company', kind: 'text' },
      { field: 'directMailType', kind: 'select', options: DIRECT_MAIL_TYPES },
      { field: 'fullName', kind: 'text', wide: true },
      { field: 'address', kind: 'textarea', wide: true },
      { field: 'website', kind: 'url' },
      { field: 'name', kind: 'text' },
      { field: 'phone', kind: 'text' },
      { field: 'email', kind: 'email' },
    ],
    unique: [{ field: 'company', code: '720001', message: say('entity.companyListed') }],
  },
});
