import type { App, EntityName } from '../../shared/entities';
import type { Lang } from '../../shared/errors';
import type { AccessOf, Payload, Result, ServiceName, SERVICE_AREAS } from '../../shared/services';
import type { Runtime } from '../platform/runtime';
import type { Item, Key, TenantStore } from '../store/store';
import type { DeploymentSettings, OwnOrganization, RateLimits, Sessions, UniqueKeys, UserDirectory } from './capabilities';

/** Who is calling, from the verified access token and the records it names. */
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
  /** sign-in sessions */
  sessions: Sessions;
  /** the user directory (global accounts) */
  users: UserDirectory;
  /** deployment-wide unique values */
  unique: UniqueKeys;
  rateLimits: RateLimits;
  /** the deployment's own settings */
  settings: DeploymentSettings;
  app: App;
  deviceId: string;
  sourceIp: string;
  lang: Lang;
  identity: Identity | null;
  /** the request's cookies by name (the portal's own, sent by the browser with `credentials: include`) */
  cookies: Readonly<Record<string, string>>;
  /** adds a Set-Cookie to the answer of a successful operation */
  setCookie(cookie: string): void;
  /** records the operation's handler asked for (`prefetching`), read with the caller's own records */
  prefetched?: ReadonlyMap<EntityName, Item | undefined>;
  /**
   * Queues work (a job to post, an event to publish) that runs only once the operation has succeeded: its
   * handler returned and its answer passed the response schema. When the handler throws, none of it runs.
   */
  afterCommit(work: () => Promise<unknown>): void;
}

/** A record a handler reads by a key known from the caller's organization alone. */
export interface Prefetch {
  entity: EntityName;
  key: Key;
}

/** A handler that names its first reads: the router makes them in the same round trip as the caller's own records. */
export interface Prefetching {
  prefetch?: (orgId: number) => Prefetch[];
}

export function prefetching<H extends (...args: never[]) => unknown>(handler: H, prefetch: (orgId: number) => Prefetch[]): H & Prefetching {
  return Object.assign(handler, { prefetch });
}

/**
 * A handler behind a signed-in operation: identity and tenant store are always present. There is no untenanted
 * store here: tenant data goes through `tenant`, everything else through the named capabilities.
 */
export interface AuthedContext extends RequestContext {
  identity: Identity;
  tenant: TenantStore;
  /** the caller's own organization record */
  organization: OwnOrganization;
}

/** Public and optional operations may have no identity; every other handler always has one. */
export type Handler<S extends ServiceName> = (payload: Payload<S>, ctx: AccessOf<S> extends 'public' | 'optional' ? RequestContext : AuthedContext) => Promise<Result<S>>;

/** One area's handlers, checked against the catalogue: none missing, none extra. */
export type AreaHandlers<A extends keyof typeof SERVICE_AREAS> = {
  [O in keyof (typeof SERVICE_AREAS)[A] & string]: `${A}.${O}` extends ServiceName ? Handler<`${A}.${O}`> : never;
};
