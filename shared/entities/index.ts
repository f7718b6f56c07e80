/** The entity registry: the one list of entities, driving tables (CDK and local), store and screens. */
import { appEntity } from './app';
import type { EntityDef } from './entity';
import { invitationEntity } from './invitation';
import { organizationEntity } from './organization';
import { passwordResetEntity, rateLimitEntity, sessionEntity, uniqueKeyEntity } from './session';
import { organizationUserEntity, userEntity } from './user';
import { userRoleEntity } from './userRole';

export const ENTITIES = {
  organization: organizationEntity,
  user: userEntity,
  organizationUser: organizationUserEntity,
  userRole: userRoleEntity,
  invitation: invitationEntity,
  app: appEntity,
  session: sessionEntity,
  passwordReset: passwordResetEntity,
  rateLimit: rateLimitEntity,
  uniqueKey: uniqueKeyEntity,
} as const satisfies Record<string, EntityDef>;

export type EntityName = keyof typeof ENTITIES;
export const ENTITY_LIST: readonly EntityDef[] = Object.values(ENTITIES);

/** The physical table name of an entity under a deployment's prefix. */
export function tableName(prefix: string, entity: EntityName | EntityDef): string {
  const name = typeof entity === 'string' ? entity : entity.name;
  return `${prefix}${name}`;
}

export * from './entity';
export * from './app';
export * from './invitation';
export * from './organization';
export * from './session';
export * from './user';
export * from './userRole';
