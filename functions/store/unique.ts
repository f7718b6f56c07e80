// Values unique within one organization (names, codes): a guard item in `uniqueKey` per value, written in the same
// transaction as the record, so two saves racing for one value cannot both win.
import { AppError, type ErrorCode } from '../../shared/errors';
import { type BoundItem, CONDITIONS, TenantStore } from './store';

/** The guard that keeps a value unique within one organization, whatever its case. */
export function uniqueGuard(entity: string, orgId: number, field: string, value: unknown): string {
  return `${entity}#${orgId}#${field}#${String(value).trim().toLowerCase()}`;
}

export interface UniqueChange {
  entity: string;
  field: string;
  owner: string;
  next: unknown;
  old?: unknown;
  code: ErrorCode;
  message?: string;
}

/**
 * The writes that move a record's unique value from `old` to `next`: none when it keeps its value (in any case); a
 * value another record holds is refused at once with `code`, and a race is caught by the guard's condition.
 */
export async function uniqueWrites(tenant: TenantStore, change: UniqueChange): Promise<BoundItem[]> {
  // the guards are of the tenant store's own organization: a caller cannot name another's
  const { store, orgId, bind } = TenantStore.internals(tenant);
  const guard = uniqueGuard(change.entity, orgId, change.field, change.next);
  const old = change.old === undefined ? undefined : uniqueGuard(change.entity, orgId, change.field, change.old);
  if (guard === old) return [];
  if (await store.get('uniqueKey', { id: guard })) throw new AppError(change.code, change.message);
  const writes = [bind(store.putNew('uniqueKey', { id: guard, owner: change.owner }, change.code))];
  if (old) writes.push(bind(store.deleteItem('uniqueKey', { id: old })));
  return writes;
}

export function releaseUnique(tenant: TenantStore, entity: string, field: string, value: unknown): BoundItem {
  const { store, orgId, bind } = TenantStore.internals(tenant);
  return bind(store.deleteItem('uniqueKey', { id: uniqueGuard(entity, orgId, field, value) }));
}

/** Who holds one of the organization's unique values (a mark kept by one record at a time, like a default). */
export async function uniqueOwner(tenant: TenantStore, entity: string, field: string, value: unknown): Promise<string | undefined> {
  const { store, orgId } = TenantStore.internals(tenant);
  return (await store.get('uniqueKey', { id: uniqueGuard(entity, orgId, field, value) }))?.owner;
}

export function claimUnique(tenant: TenantStore, entity: string, field: string, value: unknown, owner: string, heldBy: string | undefined): BoundItem {
  const { store, orgId, bind } = TenantStore.internals(tenant);
  const held =
    heldBy === undefined ? CONDITIONS.isNew('id') : { ConditionExpression: '#o = :o', ExpressionAttributeNames: { '#o': 'owner' }, ExpressionAttributeValues: { ':o': heldBy } };
  return bind({ Put: { TableName: store.table('uniqueKey'), Item: { id: uniqueGuard(entity, orgId, field, value), owner }, ...held }, failCode: '720007' });
}
