/**
 * The shape of an entry in the entity registry. One description per entity drives the DynamoDB table
 * (CDK and local), the store, the generic list operations and the generic screens.
 */
import { z } from 'zod';
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
  filter?: 'text' | 'boolean' | 'select';
  format?: 'dateTime' | 'count' | 'boolean' | 'tags';
}

export interface EntityDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
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
