import * as z from 'zod';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { uint16 } from './geofence';
import { namedEntity } from './namedEntity';
import { say } from '../i18n/say';

export const beaconGroupEntity = namedEntity('beaconGroup', {
  permission: 'NAV_BEACON',
  nameMax: 50,
  taken: say('entity.nameTaken'),
  inUse: [
    { entity: 'beacon', field: 'groupId', message: say('entity.groupHasBeacons') },
    { entity: 'beaconMajor', field: 'groupId', message: say('entity.groupHasMajors') },
  ],
});
export const beaconGroupSchema = beaconGroupEntity.schema;

/** Spec 000 beaconMajor: a major number named within a group. */
export const beaconMajorSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 50),
  groupId: idString.optional(),
  major: uint16('major'),
  description: z.string().trim().max(500).default(''),
});

export const beaconMajorEntity = defineEntity({
  name: 'beaconMajor',
  scope: 'tenant',
  schema: beaconMajorSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.beaconMajor.name', sortable: true, filter: 'text' },
    { field: 'major', label: 'entity.beaconMajor.major', sortable: true },
    { field: 'groupId', label: 'entity.beaconMajor.groupId', format: 'ref', ref: 'beaconGroup' },
    { field: 'description', label: 'entity.beaconMajor.description' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_BEACON', write: 'NAV_BEACON' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'major', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'major', kind: 'number' },
      { field: 'groupId', kind: 'ref', ref: 'beaconGroup' },
      { field: 'description', kind: 'textarea', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: say('entity.nameTaken') }],
  },
});
