/** What a handler may do outside its organization's data, each as a narrow capability over the store. */
import type { Organization, OrganizationUser, SendRates, SendRateSetting, Session, User, UserRole } from '../../shared/entities';
import type { Condition } from '../store/store';

export interface Membership {
  org: Organization;
  role: UserRole;
  link: OrganizationUser;
}

/** A rolling-window limit: at most `max` within `windowSeconds`, counted under `key` (functions/services/auth/throttle.ts). */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** A limit's live count and when its window ends (epoch seconds). */
export interface WindowCount {
  count: number;
  endsAt: number;
}

export interface Sessions {
  get(id: string): Promise<Session | undefined>;
  put(session: Session): Promise<void>;
  revoke(id: string, reason: string): Promise<void>;
}

export interface UserDirectory {
  get(id: string): Promise<User | undefined>;
  findBy(field: 'usernameKey' | 'emailKey', value: string): Promise<User | undefined>;
  memberships(userId: string, includeInactive?: boolean): Promise<Membership[]>;
  setUsageGuide(userId: string, usageGuide: Record<string, boolean>): Promise<void>;
}

/** Deployment-wide unique values (organization codes): who holds one. */
export interface UniqueKeys {
  ownerOf(guard: string): Promise<string | undefined>;
}

export interface RateLimits {
  countsOf(now: number, limits: Limit[]): Promise<WindowCount[]>;
  assertUnder(now: number, limits: Limit[]): Promise<void>;
  count(now: number, limits: Limit[]): Promise<void>;
  clear(now: number, limit: Limit): Promise<void>;
  take(now: number, limit: Limit, n: number): Promise<{ taken: true } | { taken: false; window: WindowCount }>;
  /** adds one to a plain counter kept until `expiresAt` (epoch s) while `condition` holds; answers the new count (720007 otherwise) */
  increment(id: string, expiresAt: number, condition: Condition): Promise<number>;
}

export interface DeploymentSettings {
  sendRates(): Promise<{ rates: SendRates; version: number }>;
  storedSendRates(): Promise<SendRateSetting | undefined>;
  saveSendRates(next: SendRateSetting, storedVersion: number | undefined): Promise<void>;
}

/** The caller's own organization: no id to give, so it answers no other. */
export interface OwnOrganization {
  get(): Promise<Organization | undefined>;
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
