/**
 * The shape of an entry in the entity registry. One description per entity drives the DynamoDB table
 * (CDK and local), the store, the generic list operations and the generic screens.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { Permission } from '../permissions';

export type KeyType = 'S' | 'N';
export interface KeyAttribute {
  name: string;
  type: KeyType;
}

export interface ListColumn {
  field: string;
  /** i18n key of the column header */
  label: string;
  sortable?: boolean;
  /** a filter on this field: text contains, yes/no, or one of the field's options */
  filter?: 'text' | 'boolean' | 'select';
  format?: 'dateTime' | 'count' | 'boolean' | 'tags' | 'color' | 'option';
}

/** A field of the generic form dialog; its rules come from the entity's zod schema. */
export interface FormField {
  field: string;
  kind: 'text' | 'textarea' | 'number' | 'boolean' | 'select' | 'color' | 'email' | 'url';
  /** the choices of a select, in order; their labels are `<entity texts>.option.<field>.<value>` */
  options?: readonly string[];
  /** takes the whole row of the two-column form */
  wide?: boolean;
}

/**
 * What the registry needs to serve an entity through the generic CRUD stack: the catalogue's `getListByPage`,
 * `getAll`, `detail`, `save` and `delete` (its service area is its name: `planTag.save`), their handlers, a
 * list screen and a form dialog.
 */
export interface CrudDef {
  /** the field that names a record (pickers, confirmations) */
  titleField: string;
  form: readonly FormField[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** values unique within an organization (case-insensitive) and the code a clash answers, with its reason */
  unique?: readonly { field: string; code: ErrorCode; message: string }[];
  /** a boolean field at most one record may hold: setting it on one clears it on the others */
  onlyOne?: string;
}

export interface EntityDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
  /** state of a local stand-in (queue, scheduler): created by the local server, never deployed */
  localOnly?: true;
  /** tenant entities are keyed by orgId first; the store takes orgId from the verified identity */
  scope: 'global' | 'tenant';
  schema: S;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  indexes?: { name: string; partitionKey: KeyAttribute; sortKey?: KeyAttribute }[];
  /** DynamoDB TTL attribute (epoch seconds) */
  ttlAttribute?: string;
  /** attributes the browser never sees (hashes, sealed secrets) */
  privateFields?: readonly string[];
  listColumns?: ListColumn[];
  permissions?: { read: Permission | null; write: Permission | null };
  crud?: CrudDef;
}

export function defineEntity<const D extends EntityDef>(def: D): D {
  return def;
}

/** Fields every stored record carries: optimistic version and audit trail. */
export const auditFields = {
  version: z.number().int().nonnegative(),
  dateCreated: z.number().int(),
  dateUpdated: z.number().int(),
  createdBy: z.string(),
  updatedBy: z.string(),
};

export const idString = z.string().min(1).max(64);

/** A required text of the generic forms: the spec's "Please input the {param}!" when empty or missing. */
export function requiredText(param: string, max: number) {
  const message = `Please input the ${param}!`;
  return z.string({ error: message }).trim().min(1, message).max(max);
}

/** Fields every record of a tenant entity carries: its organization and id first, then the audit trail. */
export const tenantFields = { orgId: z.number().int(), id: idString, ...auditFields };

/** Keys of a tenant entity served by the generic stack: the organization, then the record's id. */
export const TENANT_KEYS = { partitionKey: { name: 'orgId', type: 'N' }, sortKey: { name: 'id', type: 'S' } } as const;

/** A 6-digit hex colour with a leading # (spec 001 section 5's brand colour rule). */
export const hexColor = z.string().trim().regex(/^#[0-9A-Fa-f]{6}$/, 'Invalid HEX color format').default('#33CCFF');
