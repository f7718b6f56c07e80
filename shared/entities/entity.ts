/** One description per entity drives its table (CDK and local), store, generic list operations and screens. */
import * as z from 'zod';
import type { ErrorCode } from '../errors';
import type { Permission } from '../permissions';
import { type FieldKey, fieldName, say } from '../i18n/say';

export type KeyType = 'S' | 'N';
export interface KeyAttribute {
  name: string;
  type: KeyType;
}

export interface ListColumn {
  field: string;
  label: string;
  sortable?: boolean;
  filter?: 'text' | 'boolean' | 'select';
  format?: 'dateTime' | 'count' | 'boolean' | 'tags' | 'color' | 'option' | 'ref';
  ref?: string;
}

export interface FormField {
  field: string;
  /** `secret`: written, never read back (the record says only `<field>Set`) */
  kind: 'text' | 'textarea' | 'number' | 'boolean' | 'select' | 'color' | 'email' | 'url' | 'ref' | 'refs' | 'secret' | 'headers' | 'modelFields';
  when?: { field: string; values: readonly string[] };
  ref?: string;
  /** labels are `<entity texts>.option.<field>.<value>` */
  options?: readonly string[];
  wide?: boolean;
}

export interface InUse {
  entity: string;
  field: string;
  message: string;
}

export interface CrudDef {
  titleField: string;
  form: readonly FormField[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** case-insensitive within an organization */
  unique?: readonly { field: string; code: ErrorCode; message: string }[];
  /** at most one record holds it (or one per value of `per`); setting it clears the others */
  onlyOne?: string | { field: string; per: string };
  /** edited by the entity's own screen, not the form: a save without them keeps the stored ones */
  contentFields?: readonly string[];
  derive?: (fields: Record<string, unknown>) => Record<string, unknown>;
  /** while a record points here, delete answers 720009 */
  inUse?: InUse | readonly InUse[];
  map?: { latitude: string; longitude: string; radius?: string; radiusUnit?: string };
}

/** Partition `${orgId}#${shard}` for tables with millions of rows per organization; the shard count is part of the stored keys. */
export interface ShardedPartition {
  shards: number;
  /** for an admin-sized table read at send rate (unsubscriptions); accounts have their own shard-by-shard repository */
  tenantStore?: true;
}

/** `prefixed` (`<orgId>#<rest>`) spreads high-volume writes so orgId is no hot key; `composed` (`sk` = `<rest>#<sort>`) for admin-sized tables. */
export type OrgKeyForm = { form: 'prefixed' } | { form: 'composed'; restKey: string; sort: KeyAttribute };

export const COMPOSED_KEYS = { partitionKey: { name: 'orgId', type: 'N' }, sortKey: { name: 'sk', type: 'S' } } as const;

const SORT_NUMBER_WIDTH = 16;

/** `%` and `#` escaped so a rest never reads as the head of another; without a sort value, the rest's prefix. */
export function composedSortKey(rest: string, sort?: string | number): string {
  const head = `${rest.replaceAll('%', '%25').replaceAll('#', '%23')}#`;
  if (sort === undefined) return head;
  return head + (typeof sort === 'number' ? String(sort).padStart(SORT_NUMBER_WIDTH, '0') : sort);
}

export interface EntityDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
  /** DynamoDB cannot change a table's keys: a new layout gets a new table (`<name>V2`), copied by functions/store/migrations. */
  table?: string;
  localOnly?: true;
  /** the store takes orgId from the verified identity */
  scope: 'global' | 'tenant';
  schema: S;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  shardedPartition?: ShardedPartition;
  orgKey?: OrgKeyForm;
  indexes?: { name: string; partitionKey: KeyAttribute; sortKey?: KeyAttribute; projection?: 'ALL' | 'KEYS_ONLY' }[];
  ttlAttribute?: string;
  stream?: 'NEW_IMAGE';
  privateFields?: readonly string[];
  listColumns?: ListColumn[];
  permissions?: { read: Permission | null; write: Permission | null };
  crud?: CrudDef;
}

export function defineEntity<const D extends EntityDef>(def: D): D {
  return def;
}

export const auditFields = {
  version: z.number().int().nonnegative(),
  dateCreated: z.number().int(),
  dateUpdated: z.number().int(),
  createdBy: z.string(),
  updatedBy: z.string(),
};

export const idString = z.string().min(1).max(64);

/** the spec's "Please input the {param}!" when empty or missing */
export function requiredText(param: FieldKey, max: number) {
  const message = say('validation.inputRequired', { param: fieldName(param) });
  return z.string({ error: message }).trim().min(1, message).max(max);
}

export const tenantFields = { orgId: z.number().int(), id: idString, ...auditFields };

export const TENANT_KEYS = { partitionKey: { name: 'orgId', type: 'N' }, sortKey: { name: 'id', type: 'S' } } as const;

/** FNV-1a finished by murmur3's mix so the low bits depend on every character; the same in Node and the browser. */
export function partitionShard(value: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % shards;
}

export function shardedPartitionValue(orgId: number, shard: number): string {
  return `${orgId}#${shard}`;
}

/** spec 001 section 5's brand colour rule */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, say('render.hexColor'))
  .default('#33CCFF');
