import * as z from 'zod';
import type { Permission } from '../permissions';
import { defineEntity, type InUse, requiredText, TENANT_KEYS, tenantFields } from './entity';

/** A unique name and a description (categories and groups); texts are `entity.<name>.*`. */
export function namedEntity<const N extends string>(name: N, opts: { permission: Permission; nameMax: number; taken: string; inUse?: InUse | readonly InUse[] }) {
  const schema = z.object({
    ...tenantFields,
    name: requiredText('name', opts.nameMax),
    description: z.string().trim().max(500).default(''),
  });
  return defineEntity({
    name,
    scope: 'tenant',
    schema,
    ...TENANT_KEYS,
    listColumns: [
      { field: 'name', label: `entity.${name}.name`, sortable: true, filter: 'text' },
      { field: 'description', label: `entity.${name}.description` },
      { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
    ],
    permissions: { read: opts.permission, write: opts.permission },
    crud: {
      titleField: 'name',
      defaultSort: { field: 'name', order: 'asc' },
      form: [
        { field: 'name', kind: 'text' },
        { field: 'description', kind: 'textarea', wide: true },
      ],
      unique: [{ field: 'name', code: '720001', message: opts.taken }],
      ...(opts.inUse ? { inUse: opts.inUse } : {}),
    },
  });
}
