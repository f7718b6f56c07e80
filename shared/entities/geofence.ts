import * as z from 'zod';
import { defineEntity, idString, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { type FieldKey, fieldName, say } from '../i18n/say';

export const RADIUS_UNITS = ['M', 'KM'] as const;

const latitude = z
  .number({ error: say('validation.inputRequired', { param: say('field.latitude') }) })
  .min(-90, say('render.outOfRange', { param: say('field.latitude'), min: '-90', max: 90 }))
  .max(90, say('render.outOfRange', { param: say('field.latitude'), min: '-90', max: 90 }));
const longitude = z
  .number({ error: say('validation.inputRequired', { param: say('field.longitude') }) })
  .min(-180, say('render.outOfRange', { param: say('field.longitude'), min: '-180', max: 180 }))
  .max(180, say('render.outOfRange', { param: say('field.longitude'), min: '-180', max: 180 }));

/** Spec 001 3.14; without a map tile server the location is the coordinates themselves. */
export const geofenceSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  tagIds: z
    .array(idString)
    .max(20, say('form.geofenceTagsMax', { max: 20 }))
    .default([]),
  radius: z
    .number({ error: say('validation.inputRequired', { param: say('field.radius') }) })
    .positive('The radius must be more than 0.')
    .max(100_000, say('form.radiusMax', { max: 100000 })),
  radiusUnit: z.enum(RADIUS_UNITS, { error: say('validation.selectRequired', { param: say('field.unit') }) }).default('M'),
  address: z.string().trim().max(300).default(''),
  latitude,
  longitude,
});

export const geofenceEntity = defineEntity({
  name: 'geofence',
  scope: 'tenant',
  schema: geofenceSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.geofence.name', sortable: true, filter: 'text' },
    { field: 'tagIds', label: 'entity.geofence.tagIds', format: 'ref', ref: 'geofenceTag' },
    { field: 'radius', label: 'entity.geofence.radius', sortable: true },
    { field: 'radiusUnit', label: 'entity.geofence.radiusUnit', filter: 'select', format: 'option' },
    { field: 'address', label: 'entity.geofence.address', filter: 'text' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_GEOFENCE', write: 'NAV_GEOFENCE' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text', wide: true },
      { field: 'tagIds', kind: 'refs', ref: 'geofenceTag', wide: true },
      { field: 'latitude', kind: 'number' },
      { field: 'longitude', kind: 'number' },
      { field: 'radius', kind: 'number' },
      { field: 'radiusUnit', kind: 'select', options: RADIUS_UNITS },
      { field: 'address', kind: 'textarea', wide: true },
    ],
    unique: [{ field: 'name', code: '720001', message: say('entity.geofenceName') }],
    map: { latitude: 'latitude', longitude: 'longitude', radius: 'radius', radiusUnit: 'radiusUnit' },
  },
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uint16 = (param: FieldKey) =>
  z
    .number({ error: say('validation.inputRequired', { param: fieldName(param) }) })
    .int(say('form.beaconNumber', { field: fieldName(param) }))
    .min(0, say('form.beaconNumber', { field: fieldName(param) }))
    .max(65535, say('form.beaconNumber', { field: fieldName(param) }));

/** Spec 001 3.14; uuid, major and minor together identify it within an organization. */
export const beaconSchema = z.object({
  ...tenantFields,
  name: requiredText('name', 100),
  uuid: z
    .string({ error: say('validation.inputRequired', { param: say('field.uuid') }) })
    .trim()
    .regex(UUID, say('form.uuid'))
    .transform((v) => v.toLowerCase()),
  major: uint16('major'),
  minor: uint16('minor'),
  groupId: idString.optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
  radius: z
    .number()
    .positive('The radius must be more than 0.')
    .max(1000, say('form.radiusMetres', { max: 1000 }))
    .default(10),
  address: z.string().trim().max(300).default(''),
  identity: z.string().optional(),
});

export const beaconEntity = defineEntity({
  name: 'beacon',
  scope: 'tenant',
  schema: beaconSchema,
  ...TENANT_KEYS,
  listColumns: [
    { field: 'name', label: 'entity.beacon.name', sortable: true, filter: 'text' },
    { field: 'uuid', label: 'entity.beacon.uuid', filter: 'text' },
    { field: 'major', label: 'entity.beacon.major', sortable: true },
    { field: 'minor', label: 'entity.beacon.minor', sortable: true },
    { field: 'groupId', label: 'entity.beacon.groupId', format: 'ref', ref: 'beaconGroup' },
    { field: 'address', label: 'entity.beacon.address' },
    { field: 'dateUpdated', label: 'common.dateUpdated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_BEACON', write: 'NAV_BEACON' },
  crud: {
    titleField: 'name',
    defaultSort: { field: 'name', order: 'asc' },
    form: [
      { field: 'name', kind: 'text' },
      { field: 'groupId', kind: 'ref', ref: 'beaconGroup' },
      { field: 'uuid', kind: 'text', wide: true },
      { field: 'major', kind: 'number' },
      { field: 'minor', kind: 'number' },
      { field: 'latitude', kind: 'number' },
      { field: 'longitude', kind: 'number' },
      { field: 'radius', kind: 'number' },
      { field: 'address', kind: 'textarea', wide: true },
    ],
    derive: (row) => ({ identity: `${String(row.uuid ?? '').toLowerCase()}:${String(row.major)}:${String(row.minor)}` }),
    unique: [
      { field: 'name', code: '720001', message: say('entity.beaconName') },
      { field: 'identity', code: '720001', message: say('entity.beaconIdentity') },
    ],
    map: { latitude: 'latitude', longitude: 'longitude', radius: 'radius' },
  },
});
