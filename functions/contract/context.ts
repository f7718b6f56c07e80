import type { App, EntityName } from '../../shared/entities';
import type { Lang } from '../../shared/errors';
import type { AccessOf, Payload, Result, ServiceName, SERVICE_AREAS } from '../../shared/services';
import type { Runtime } from '../platform/runtime';
import type { Item, Key, TenantStore } from '../store/store';
import type { DeploymentSettings, OwnOrganization, RateLimits, Sessions, UniqueKeys, UserDirectory } from './capabilities';

export interface Identity {
  userId: string;
  username: string;
  orgId: number;
  roleId: string;
  permissions: readonly string[];
  sessionId: string;
  securityStamp: string;
  loginType: 'NATIVE' | 'SSO';
  tokenExpiresAt: number;
}

export interface RequestContext {
  rt: Runtime;
  sessions: Sessions;
  users: UserDirectory;
  unique: UniqueKeys;
  rateLimits: RateLimits;
  settings: DeploymentSettings;
  app: App;
  deviceId: string;
  sourceIp: string;
  lang: Lang;
  identity: Identity | null;
  cookies: Readonly<Record<string, string>>;
  setCookie(cookie: string): void;
  prefetched?: ReadonlyMap<EntityName, Item | undefined>;
  /** Queues work (a job to post, an event to publish) that runs only once the operation has succeeded. */
  afterCommit(work: () => Promise<unknown>): void;
}

export interface Prefetch {
  entity: EntityName;
  key: Key;
}

export interface Prefetching {
  prefetch?: (orgId: number) => Prefetch[];
}

export function prefetching<H extends (...args: never[]) => unknown>(handler: H, prefetch: (orgId: number) => Prefetch[]): H & Prefetching {
  return Object.assign(handler, { prefetch });
}

/** A handler behind a signed-in operation: identity and tenant store are always present. */
export interface AuthedContext extends RequestContext {
  identity: Identity;
  tenant: TenantStore;
  organization: OwnOrganization;
}

/** Public and optional operations may have no identity; every other handler always has one. */
export type Handler<S extends ServiceName> = (payload: Payload<S>, ctx: AccessOf<S> extends 'public' | 'optional' ? RequestContext : AuthedContext) => Promise<Result<S>>;

export type AreaHandlers<A extends keyof typeof SERVICE_AREAS> = {
  [O in keyof (typeof SERVICE_AREAS)[A] & string]: `${A}.${O}` extends ServiceName ? Handler<`${A}.${O}`> : never;
};
