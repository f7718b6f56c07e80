// A recipient-action trigger's inbound webhook (spec 001 section 3.4 "webhook"). Only the token's hash is stored, so
// the token appears once, in `trigger.issueWebhookToken`'s answer.
import { timingSafeEqual } from 'node:crypto';
import { hashToken, randomToken } from '../platform/randomTokens';
import { type Store, TenantStore } from '../store/store';
import { hookKey } from './triggerIndex';

/** A webhook token: a prefix that names what it is (secret scanners match it), then 256 random bits. */
export const HOOK_TOKEN = /^whk_[A-Za-z0-9_-]{43}$/;

/** A new token for the plan's webhook, replacing the one before (which stops working at once). */
export async function issueHookToken(tenant: TenantStore, planId: string, now: number): Promise<string> {
  const { store, orgId } = TenantStore.internals(tenant);
  const token = `whk_${randomToken(32)}`;
  await store.put('triggerState', { key: hookKey(orgId, planId), tokenHash: hashToken(token), issuedAt: now });
  return token;
}

/** Whether `token` is the one last issued for the plan's webhook (false when none was). */
export async function hookTokenMatches(store: Store, orgId: number, planId: string, token: string): Promise<boolean> {
  const stored = (await store.get('triggerState', { key: hookKey(orgId, planId) }))?.tokenHash as string | undefined;
  if (!stored) return false;
  const given = Buffer.from(hashToken(token));
  const expected = Buffer.from(stored);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
