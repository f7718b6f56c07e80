import { namedEntity } from './namedEntity';
import { say } from '../i18n/say';

/** A category of message templates in the library. */
export const templateCategoryEntity = namedEntity('templateCategory', { permission: 'NAV_TEMPLATE_MESSAGE', nameMax: 100, taken: say('entity.categoryName') });
export const templateCategorySchema = templateCategoryEntity.schema;
