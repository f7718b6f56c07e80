// Message types (issue 41): saving or acting on a message now needs the permission of its type (`MESSAGE_TYPE_AD_HOC`
// or `MESSAGE_TYPE_LIFECYCLE`), so a role made before the types existed, holding plan permissions and no type, would
// find every save refused with 730001.
import { MESSAGE_TYPE_PERMISSIONS, PLAN_PERMISSIONS } from '../../../shared/permissions';
import type { UserRole } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { Logger } from '../../platform/logger';
import type { Store } from '../store';

export const ROLE_TYPES_DONE = 'upgrade#roleMessageTypes';

const planPermissions = new Set<string>(PLAN_PERMISSIONS);
const typePermissions = new Set<string>(MESSAGE_TYPE_PERMISSIONS);

/** Whether the role would lose its plan work to the type check: plan permissions and no type. */
export function needsAdHoc(role: Pick<UserRole, 'system' | 'permissions'>): boolean {
  // the administrator role holds every permission, types included
  if (role.system) return false;
  return role.permissions.some((p) => planPermissions.has(p)) && !role.permissions.some((p) => typePermissions.has(p));
}

export async function roleMessageTypesDone(store: Store): Promise<boolean> {
  return (await store.get('uniqueKey', { id: ROLE_TYPES_DONE })) !== undefined;
}

export async function grantAdHocToPlanRoles(store: Store, opts: { log?: Logger } = {}): Promise<{ skipped: boolean; granted: number }> {
  if (await roleMessageTypesDone(store)) return { skipped: true, granted: 0 };
  let granted = 0;
  for (const found of await store.scanAll('userRole')) {
    let role: UserRole | undefined = found;
    // a role saved since it was read is read again: its new permissions decide
    for (let attempt = 0; role && needsAdHoc(role) && attempt < 5; attempt++) {
      try {
        await store.update(
          'userRole',
          { orgId: role.orgId, id: role.id },
          { permissions: [...role.permissions, 'MESSAGE_TYPE_AD_HOC'], version: role.version + 1, dateUpdated: store.rt.clock.now(), updatedBy: 'system' },
          { ConditionExpression: '#v = :v', ExpressionAttributeNames: { '#v': 'version' }, ExpressionAttributeValues: { ':v': role.version } },
        );
        granted++;
        break;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        role = await store.get('userRole', { orgId: role.orgId, id: role.id });
      }
    }
  }
  await store.put('uniqueKey', { id: ROLE_TYPES_DONE, owner: 'system' });
  if (granted > 0) opts.log?.info('gave roles with plan permissions the Ad-Hoc message type', { granted });
  return { skipped: false, granted };
}
