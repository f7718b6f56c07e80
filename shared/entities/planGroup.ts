import { namedEntity } from './namedEntity';
import { say } from '../i18n/say';

/** dashboard groups need a name: spec 001 section 5 */
export const planGroupEntity = namedEntity('planGroup', { permission: 'NAV_CREATE_NOTIFICATION', nameMax: 100, taken: say('entity.groupName') });
export const planGroupSchema = planGroupEntity.schema;
