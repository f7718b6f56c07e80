import { namedEntity } from './namedEntity';

/** A category of message templates in the library. */
export const templateCategoryEntity = namedEntity('templateCategory', { permission: 'NAV_TEMPLATE_MESSAGE', nameMax: 100, taken: 'This category name is already used.' });
export const templateCategorySchema = templateCategoryEntity.schema;
