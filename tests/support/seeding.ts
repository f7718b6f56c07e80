/** The audit fields of a record a test writes straight to the store, as if made at `created` by a seed job. */
export const seededAt = (created: number) => ({ version: 1, dateCreated: created, dateUpdated: created, createdBy: 'seed', updatedBy: 'seed' });
