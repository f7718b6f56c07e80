import { namedEntity } from './namedEntity';
import { say } from '../i18n/say';

export const templateCategoryEntity = namedEntity('templateCategory', { permission: 'NAV_TEMPLATE_MESSAGE', nameMax: 100, taken: say('entity.categoryName') });
export const templateCategorySchema = templateCategoryEntity.schema;
