/**
 * The handlers' capabilities (functions/contract/capabilities.ts) over the store, built by the router for each
 * request.
 */
import type { SendRates } from '../../../shared/entities';
import type { Capabilities, OwnOrganization, UserDirectory } from '../../contract/capabilities';
import { forgetOrganizationZone, organizationZoneOf } from '../../domain/organizationSetting';
import { currentSendRates, SEND_RATES_KEY } from '../../domain/sendRates';
import { CONDITIONS, type Store } from '../../store/store';
import { findUserBy } from '../user';
import { membershipsOf, revokeSession } from './session';
import { assertUnderLimits, clearLimit, countAttempt, countsOf, takeFromLimit } from './throttle';

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
