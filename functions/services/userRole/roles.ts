/**
 * Role records other code creates too: the administrator role every organization starts with, the code guard, and the
 * role directory.
 */
import type { RoleDirectory, UserRole } from '../../../shared/entities';
import { auditNew, newId } from '../../store/audit';
import { type BoundItem, type Store, TenantStore, type TransactItem } from '../../store/store';

/** The unique-key item that keeps role codes unique within an organization. */
export const roleCodeGuard = (orgId: number, code: string) => `roleCode#${orgId}#${code.toUpperCase()}`;

export function administratorRole(orgId: number, now: number, actor: string): UserRole {
  return {
    orgId,
    id: newId(),
    name: 'Administrator',
    code: 'ADMIN',
    description: 'Holds every permission.',
    active: true,
    permissions: [],
    system: true,
    ...auditNew(now, actor),
  };
}

export const APPROVER_PERMISSIONS = ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC', 'MESSAGE_TYPE_LIFECYCLE'] as const;

export function approverRole(orgId: number, now: number, actor: string): UserRole {
  return {
    orgId,
    id: newId(),
    name: 'Approver',
    code: 'APPROVER',
    description: 'Reviews messages and approves or rejects them.',
    active: true,
    permissions: [...APPROVER_PERMISSIONS],
    system: false,
    ...auditNew(now, actor),
  };
}

export function newDirectory(role: UserRole, members: number, ...others: UserRole[]): RoleDirectory {
  return {
    orgId: role.orgId,
    names: Object.fromEntries([role, ...others].map((r) => [r.id, r.name])),
    counts: Object.fromEntries([[role.id, members], ...others.map((r) => [r.id, 0])]),
  };
}

export function directoryKey(orgId: number) {
  return { entity: 'roleDirectory' as const, key: { orgId } };
}

export function directoryName(store: Store, role: Pick<UserRole, 'orgId' | 'id' | 'name'>): TransactItem {
  return {
    Update: {
      TableName: store.table('roleDirectory'),
      Key: { orgId: role.orgId },
      UpdateExpression: 'SET #n.#r = :name, #c.#r = if_not_exists(#c.#r, :zero)',
      ConditionExpression: 'attribute_exists(#o)',
      ExpressionAttributeNames: { '#n': 'names', '#c': 'counts', '#r': role.id, '#o': 'orgId' },
      ExpressionAttributeValues: { ':name': role.name, ':zero': 0 },
    },
  };
}

/** A deleted role leaves the directory, only while no member holds it (a member added meanwhile stops the delete). */
export function directoryRemoval(store: Store, orgId: number, roleId: string): TransactItem & { failCode: '711002' } {
  return {
    Update: {
      TableName: store.table('roleDirectory'),
      Key: { orgId },
      UpdateExpression: 'REMOVE #n.#r, #c.#r',
      ConditionExpression: 'attribute_not_exists(#c.#r) OR #c.#r = :zero',
      ExpressionAttributeNames: { '#n': 'names', '#c': 'counts', '#r': roleId },
      ExpressionAttributeValues: { ':zero': 0 },
    },
    failCode: '711002',
  };
}

/**
 * Member counts move with every membership write, in the same transaction (one update of the directory, however many
 * roles change); a role that is no longer in the directory fails the write as missing.
 */
export function memberCountChange(store: Store, orgId: number, deltas: Record<string, number>): TransactItem & { failCode: '720003' } {
  const names: Record<string, string> = { '#n': 'names', '#c': 'counts' };
  const values: Record<string, number> = { ':zero': 0 };
  const sets: string[] = [];
  const exist: string[] = [];
  Object.entries(deltas).forEach(([roleId, delta], i) => {
    names[`#r${i}`] = roleId;
    values[`:d${i}`] = delta;
    sets.push(`#c.#r${i} = if_not_exists(#c.#r${i}, :zero) + :d${i}`);
    exist.push(`attribute_exists(#n.#r${i})`);
  });
  return {
    Update: {
      TableName: store.table('roleDirectory'),
      Key: { orgId },
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: exist.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    failCode: '720003',
  };
}

/**
 * The role directory and code guards of the tenant store's organization (global tables keyed by it): a handler reads
 * the directory and puts these writes in one transaction with its tenant writes, never naming the org.
 */
export function roleTablesOf(tenant: TenantStore) {
  const { store, orgId, bind } = TenantStore.internals(tenant);
  return {
    directory: (): Promise<RoleDirectory | undefined> => store.get('roleDirectory', { orgId }),
    directoryName: (role: Pick<UserRole, 'id' | 'name'>): BoundItem => bind(directoryName(store, { ...role, orgId })),
    directoryRemoval: (roleId: string): BoundItem => bind(directoryRemoval(store, orgId, roleId)),
    claimCode: (owner: string, code: string): BoundItem => bind(store.putNew('uniqueKey', { id: roleCodeGuard(orgId, code), owner }, '711001')),
    releaseCode: (code: string, failCode?: '720007'): BoundItem =>
      bind({ ...store.deleteItem('uniqueKey', { id: roleCodeGuard(orgId, code) }), ...(failCode ? { failCode } : {}) }),
  };
}
