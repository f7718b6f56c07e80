import { namedEntity } from './namedEntity';
import { say } from '../i18n/say';

export const planCategoryEntity = namedEntity('planCategory', { permission: 'NAV_CREATE_NOTIFICATION', nameMax: 100, taken: say('entity.categoryName') });
export const planCategorySchema = planCategoryEntity.schema;
