import { z } from 'zod';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';

/** A group beacons belong to (spec 001 3.14); names are unique within an organization. */
export const beaconGroupSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 50),
  description: z.string().trim().max(500).default(''),
});

export const beaconGroupEntity = defineEntity({
  name: 'beaconGroup',
  scope: 'tenant',
  schema: beaconGroupSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.beaconGroup.name', sortable: true, filter: 'text' },
    { field: 'description', label: 'entity.beaconGroup.description' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_BEACON', write: 'NAV_BEACON' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'description', kind: 'textarea', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: 'The name is already taken.' }],
  },
});
