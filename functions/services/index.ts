/** The one dispatch table: every catalogue operation's handler, checked by type against the catalogue. */
import type { SERVICE_AREAS, ServiceName } from '../../shared/services';
import type { AreaHandlers, Handler } from '../api/context';
import { authHandlers } from './auth/handlers';
import { organizationHandlers } from './organization/handlers';
import { userHandlers } from './user/handlers';
import { userRoleHandlers } from './userRole/handlers';

/** Every area of the catalogue with all its operations. */
export type HandlerTable = { [A in keyof typeof SERVICE_AREAS]: AreaHandlers<A> };

/** Leaving an area or an operation out does not compile. */
const AREAS: HandlerTable = {
  auth: authHandlers,
  user: userHandlers,
  userRole: userRoleHandlers,
  organization: organizationHandlers,
};

export const HANDLERS: ReadonlyMap<string, Handler<ServiceName>> = new Map(
  Object.entries(AREAS).flatMap(([area, ops]) =>
    Object.entries(ops).map(([name, fn]) => [`${area}.${name}`, fn as Handler<ServiceName>] as const),
  ),
);
