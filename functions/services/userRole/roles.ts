/** Role records other code creates too: the administrator role every organization starts with, and the code guard. */
import type { UserRole } from '../../../shared/entities';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { auditNew, newId } from '../../store/audit';

/** The unique-key item that keeps role codes unique within an organization. */
export const roleCodeGuard = (orgId: number, code: string) => `roleCode#${orgId}#${code.toUpperCase()}`;

/** The administrator role every organization starts with. */
export function administratorRole(orgId: number, now: number, actor: string): UserRole {
  return {
    orgId,
    id: newId(),
    name: 'Administrator',
    code: 'ADMIN',
    description: 'Holds every permission.',
    active: true,
    permissions: [...ALL_PERMISSIONS],
    system: true,
    ...auditNew(now, actor),
  };
}
