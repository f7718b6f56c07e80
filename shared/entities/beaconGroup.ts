import { namedEntity } from './namedEntity';

/** A group beacons belong to (spec 001 3.14); names are unique within an organization. */
export const beaconGroupEntity = namedEntity('beaconGroup', {
  permission: 'NAV_BEACON',
  nameMax: 50,
  taken: 'The name is already taken.',
  inUse: { entity: 'beacon', field: 'groupId', message: 'This group has beacons: move or delete them first.' },
});
export const beaconGroupSchema = beaconGroupEntity.schema;
