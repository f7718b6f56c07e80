/**
 * The shape of an entry in the entity registry. One description per entity drives the DynamoDB table
 * (CDK and local), the store, the generic list operations and the generic screens.
 */
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
  /** i18n key of the column header */
  label: string;
  sortable?: boolean;
  /** a filter on this field: text contains, yes/no, or one of the field's options */
  filter?: 'text' | 'boolean' | 'select';
  format?: 'dateTime' | 'count' | 'boolean' | 'tags' | 'color' | 'option' | 'ref';
  /** `ref` columns: the entity whose records the ids name (shown by their title field) */
  ref?: string;
}

/** A field of the generic form dialog; its rules come from the entity's zod schema. */
export interface FormField {
  field: string;
  /**
   * `secret`: written, never read back (the record says only whether one is set, in `<field>Set`); `headers`: key,
   * value and place entries; `modelFields`: a model's name, type and required entries
   */
  kind: 'text' | 'textarea' | 'number' | 'boolean' | 'select' | 'color' | 'email' | 'url' | 'ref' | 'refs' | 'secret' | 'headers' | 'modelFields';
  /** shown only while another field holds one of these values */
  when?: { field: string; values: readonly string[] };
  /** `ref` (one id) and `refs` (a list of ids): the organization's entity they name, chosen by its title field */
  ref?: string;
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
/** A pointer to a record from another entity's records (`CrudDef.inUse`). */
export interface InUse {
  entity: string;
  field: string;
  message: string;
}

export interface CrudDef {
  /** the field that names a record (pickers, confirmations) */
  titleField: string;
  form: readonly FormField[];
  defaultSort: { field: string; order: 'asc' | 'desc' };
  /** values unique within an organization (case-insensitive) and the code a clash answers, with its reason */
  unique?: readonly { field: string; code: ErrorCode; message: string }[];
  /**
   * a boolean field at most one record may hold (or one per value of `per`: one default provider per channel):
   * setting it on one clears it on the others
   */
  onlyOne?: string | { field: string; per: string };
  /**
   * fields a screen of the entity's own edits (a builder), not the form: the save takes them too, and keeps the
   * stored ones when a save leaves them out (the form's)
   */
  contentFields?: readonly string[];
  /** fields the server keeps from the form's (a combined key for a unique guard) */
  derive?: (fields: Record<string, unknown>) => Record<string, unknown>;
  /** records of other tenant entities that point here by `field` (an id, or a list of ids): while one does, delete answers 720009 */
  inUse?: InUse | readonly InUse[];
  /** a place: the form shows a map picker over these fields (radius in metres, or in `radiusUnit`'s M or KM) */
  map?: { latitude: string; longitude: string; radius?: string; radiusUnit?: string };
}

/**
 * A tenant partition split into shards, for tables with millions of rows per organization (accounts). The
 * partition key attribute holds `${orgId}#${shard}`, where shard = `partitionShard(<sort key value>, shards)`: one
 * organization's reads and writes spread over `shards` partition key values, a point read still needs only the
 * id, and an audience fan-out reads the shards in parallel. Such a table is never keyed by orgId alone; build its
 * keys with `shardedPartitionValue`. The shard count is part of the stored keys: changing it means rewriting them.
 */
export interface ShardedPartition {
  shards: number;
  /**
   * Records the tenant store keys by id like any other (get, put, delete, and a list that reads every shard):
   * for an admin-sized table read at send rate (the unsubscription list). Accounts leave it out: their own
   * repository reads them shard by shard.
   */
  tenantStore?: true;
}

/**
 * How a tenant table keyed otherwise than `orgId` + `id` places an organization's items. The tenant store
 * (`tenant.keyed(entity)`) builds every key from its own organization; a caller names only the rest.
 * - `prefixed`: the partition key holds `<orgId>#<rest>` (a rest per account, run shard or file). For high-volume
 *   tables: organization first, and one organization's writes spread over as many partitions as it has rests,
 *   where a partition `orgId` would be one hot key at send or import rate.
 * - `composed`: partition `orgId` (N) and sort key `sk` = `<rest>#<sort value>` (composedSortKey), the layout of
 *   the other tenant tables, for admin-sized tables (a plan's runs, a source's deliveries). `restKey` keeps
 *   `<orgId>#<rest>` and `sort` the item's own sort value as plain attributes, so records read as before.
 */
export type OrgKeyForm = { form: 'prefixed' } | { form: 'composed'; restKey: string; sort: KeyAttribute };

/** Keys of a `composed` org-keyed table (see OrgKeyForm). */
export const COMPOSED_KEYS = { partitionKey: { name: 'orgId', type: 'N' }, sortKey: { name: 'sk', type: 'S' } } as const;

/** Numbers in a composed sort key are zero-padded to this width, so their order is kept. */
const SORT_NUMBER_WIDTH = 16;

/**
 * The `sk` of a composed org-keyed item: the rest with `%` and `#` escaped (a rest never reads as the head of
 * another), `#`, then the item's sort value; without a sort value, the prefix of every item of the rest.
 */
export function composedSortKey(rest: string, sort?: string | number): string {
  const head = `${rest.replaceAll('%', '%25').replaceAll('#', '%23')}#`;
  if (sort === undefined) return head;
  return head + (typeof sort === 'number' ? String(sort).padStart(SORT_NUMBER_WIDTH, '0') : sort);
}

export interface EntityDef<S extends z.ZodObject = z.ZodObject> {
  name: string;
  /**
   * The physical table (under the deployment's prefix) when it is not the entity's name: a layout that moved to
   * a new table, since DynamoDB cannot change a table's keys (`<name>V2`; the old table is retained for the
   * operator to delete once functions/store/migrations has copied it).
   */
  table?: string;
  /** state of a local stand-in (queue, scheduler): created by the local server, never deployed */
  localOnly?: true;
  /** tenant entities are keyed by orgId first; the store takes orgId from the verified identity */
  scope: 'global' | 'tenant';
  schema: S;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  /** the partition key is `${orgId}#${shard}` rather than orgId (see ShardedPartition) */
  shardedPartition?: ShardedPartition;
  /** a tenant table reached through `tenant.keyed(entity)`: how it places an organization's items */
  orgKey?: OrgKeyForm;
  /** global secondary indexes; `KEYS_ONLY` keeps just the keys (a lookup then reads the items), else ALL */
  indexes?: { name: string; partitionKey: KeyAttribute; sortKey?: KeyAttribute; projection?: 'ALL' | 'KEYS_ONLY' }[];
  /** DynamoDB TTL attribute (epoch seconds) */
  ttlAttribute?: string;
  /** a stream of each item's new image on AWS (the account table feeds the audience snapshot); none locally */
  stream?: 'NEW_IMAGE';
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
export function requiredText(param: FieldKey, max: number) {
  const message = say('validation.inputRequired', { param: fieldName(param) });
  return z.string({ error: message }).trim().min(1, message).max(max);
}

/** Fields every record of a tenant entity carries: its organization and id first, then the audit trail. */
export const tenantFields = { orgId: z.number().int(), id: idString, ...auditFields };

/** Keys of a tenant entity served by the generic stack: the organization, then the record's id. */
export const TENANT_KEYS = { partitionKey: { name: 'orgId', type: 'N' }, sortKey: { name: 'id', type: 'S' } } as const;

/**
 * The shard of a sharded partition's item: FNV-1a over the UTF-16 code units of its sort key value, finished by
 * murmur3's 32-bit mix so that the low bits the modulo keeps depend on every character. Pure and the same in
 * Node and the browser, so any side can compute a key.
 */
export function partitionShard(value: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) % shards;
}

/** The partition key value of one shard of an organization in a sharded table. */
export function shardedPartitionValue(orgId: number, shard: number): string {
  return `${orgId}#${shard}`;
}

/** A 6-digit hex colour with a leading # (spec 001 section 5's brand colour rule). */
export const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, say('render.hexColor'))
  .default('#33CCFF');
