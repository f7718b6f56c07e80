import { namedEntity } from './namedEntity';

/** A group of messages reported together (dashboard groups need a name: spec 001 section 5). */
export const planGroupEntity = namedEntity('planGroup', { permission: 'NAV_CREATE_NOTIFICATION', nameMax: 100, taken: 'This group name is already used.' });
export const planGroupSchema = planGroupEntity.schema;
