import * as z from 'zod';
import { defineEntity, hexColor, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

export const geofenceTagSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 50),
  color: hexColor,
});

export const geofenceTagEntity = defineEntity({
  name: 'geofenceTag',
  scope: 'tenant',
  schema: geofenceTagSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.geofenceTag.name', sortable: true, filter: 'text' },
    { field: 'color', label: 'entity.geofenceTag.color', format: 'color' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_GEOFENCE', write: 'NAV_GEOFENCE' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'color', kind: 'color' },
    ],
    unique: [{ field: 'name', code: '720001', message: say('entity.tagName') }],
    inUse: { entity: 'geofence', field: 'tagIds', message: say('entity.tagInUseGeofence') },
  },
});
