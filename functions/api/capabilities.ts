/**
 * What a handler may do outside its organization's data, each as a narrow capability over the store: no
 * capability takes an entity name or a raw key, so none writes a tenant record or answers another organization's.
 */
import type { Organization, SendRates, SendRateSetting, Session, User } from '../../shared/entities';
import { forgetOrganizationZone, organizationZoneOf } from '../domain/organizationSetting';
import { currentSendRates, SEND_RATES_KEY } from '../domain/sendRates';
import { type Membership, membershipsOf, revokeSession } from '../services/auth/session';
import { assertUnderLimits, clearLimit, countAttempt, countsOf, type Limit, takeFromLimit, type WindowCount } from '../services/auth/throttle';
import { findUserBy } from '../services/user/users';
import { CONDITIONS, type Condition, type Store } from '../store/store';

/** Sign-in sessions (global: a session names its organization, the caller's identity decides which it is). */
export interface Sessions {
  get(id: string): Promise<Session | undefined>;
  put(session: Session): Promise<void>;
  revoke(id: string, reason: string): Promise<void>;
}

/** The user directory: accounts are global, shared by every organization their owner belongs to. */
export interface UserDirectory {
  get(id: string): Promise<User | undefined>;
  findBy(field: 'usernameKey' | 'emailKey', value: string): Promise<User | undefined>;
  /** the user's organizations with the role in each (the caller's own account or a sign-in's) */
  memberships(userId: string, includeInactive?: boolean): Promise<Membership[]>;
  setUsageGuide(userId: string, usageGuide: Record<string, boolean>): Promise<void>;
}

/** Deployment-wide unique values (organization codes): who holds one. */
export interface UniqueKeys {
  ownerOf(guard: string): Promise<string | undefined>;
}

/** Rolling-window limits and counters (throttle.ts), by key. */
export interface RateLimits {
  countsOf(now: number, limits: Limit[]): Promise<WindowCount[]>;
  assertUnder(now: number, limits: Limit[]): Promise<void>;
  count(now: number, limits: Limit[]): Promise<void>;
  clear(now: number, limit: Limit): Promise<void>;
  take(now: number, limit: Limit, n: number): Promise<{ taken: true } | { taken: false; window: WindowCount }>;
  /** adds one to a plain counter kept until `expiresAt` (epoch s) while `condition` holds; answers the new count (720007 otherwise) */
  increment(id: string, expiresAt: number, condition: Condition): Promise<number>;
}

/** The deployment's own settings (send rates), shared by every organization. */
export interface DeploymentSettings {
  /** the rates in force: the stored ones over the environment's defaults */
  sendRates(): Promise<{ rates: SendRates; version: number }>;
  storedSendRates(): Promise<SendRateSetting | undefined>;
  /** writes the rates over the version read (or as the first, when none is stored); a changed one answers 720007 */
  saveSendRates(next: SendRateSetting, storedVersion: number | undefined): Promise<void>;
}

/** The caller's own organization: no id to give, so it answers no other. */
export interface OwnOrganization {
  get(): Promise<Organization | undefined>;
  /** the zone of its days (dashboard counters, reports) */
  zone(now: number): Promise<string>;
  /** a saved default zone holds at once in this process */
  forgetZone(): void;
}

export interface Capabilities {
  sessions: Sessions;
  users: UserDirectory;
  unique: UniqueKeys;
  rateLimits: RateLimits;
  settings: DeploymentSettings;
}

export function capabilitiesOf(store: Store, sendRateDefaults: SendRates): Capabilities {
  return {
    sessions: {
      get: (id) => store.get('session', { id }),
      put: (session) => store.put('session', session),
      revoke: (id, reason) => revokeSession(store, id, reason),
    },
    users: userDirectory(store),
    unique: { ownerOf: async (guard) => (await store.get('uniqueKey', { id: guard }))?.owner },
    rateLimits: {
      countsOf: (now, limits) => countsOf(store, now, limits),
      assertUnder: (now, limits) => assertUnderLimits(store, now, limits),
      count: (now, limits) => countAttempt(store, now, limits),
      clear: (now, limit) => clearLimit(store, now, limit),
      take: (now, limit, n) => takeFromLimit(store, now, limit, n),
      increment: (id, expiresAt, condition) => store.increment('rateLimit', { id }, 1, expiresAt, condition),
    },
    settings: {
      sendRates: () => currentSendRates(store, sendRateDefaults),
      storedSendRates: () => store.get('sendRateSetting', SEND_RATES_KEY),
      saveSendRates: (next, storedVersion) =>
        store.put('sendRateSetting', next, storedVersion === undefined ? CONDITIONS.isNew('id') : CONDITIONS.versionIs(storedVersion), '720007'),
    },
  };
}

/** The user directory over the store (a worker's, or a request's through `capabilitiesOf`). */
export function userDirectory(store: Store): UserDirectory {
  return {
    get: (id) => store.get('user', { id }),
    findBy: (field, value) => findUserBy(store, field, value),
    memberships: (userId, includeInactive) => membershipsOf(store, userId, includeInactive),
    setUsageGuide: async (userId, usageGuide) => {
      await store.update('user', { id: userId }, { usageGuide });
    },
  };
}

export function ownOrganization(store: Store, orgId: number): OwnOrganization {
  return {
    get: () => store.get('organization', { id: orgId }),
    zone: (now) => organizationZoneOf(store, orgId, now),
    forgetZone: () => forgetOrganizationZone(store, orgId),
  };
}
