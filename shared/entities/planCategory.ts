import { namedEntity } from './namedEntity';

/** A category a message belongs to, for lists and reports. */
export const planCategoryEntity = namedEntity('planCategory', { permission: 'NAV_CREATE_NOTIFICATION', nameMax: 100, taken: 'This category name is already used.' });
export const planCategorySchema = planCategoryEntity.schema;
