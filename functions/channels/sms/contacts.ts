/** The numbers an organization texts (smsContact, so a STOP finds the organizations it concerns) and the SMS listings. */
import { unsubscriptionId } from '../../../shared/entities';
import type { MessageUnsubscription } from '../../../shared/entities/messageUnsubscription';
import { AppError } from '../../../shared/errors';
import type { Store, TenantStore } from '../../store/store';

/** "+81 90-1234-5678" → "+819012345678"; undefined when it is no E.164 number. */
export function e164(number: string): string | undefined {
  const digits = number.trim().replace(/[\s().-]/g, '');
  const plain = digits.startsWith('+') ? digits : `+${digits}`;
  return /^\+[1-9]\d{1,14}$/.test(plain) ? plain : undefined;
}

export async function recordContacts(tenant: TenantStore, numbers: readonly string[]): Promise<void> {
  const phones = [...new Set(numbers.map(e164).filter((n): n is string => n !== undefined))];
  if (phones.length === 0) return;
  const contacts = tenant.keyed('smsContact');
  const found = await contacts.getMany(
    phones.map((phone) => ({ rest: phone })),
    ['phone'],
  );
  const now = tenant.rt.clock.now();
  const fresh = phones.filter((_, i) => !found[i]).map((phone) => ({ rest: phone, item: { phone, dateCreated: now } }));
  if (fresh.length > 0) await contacts.putMany(fresh);
}

export async function organizationsTexting(store: Store, phone: string): Promise<number[]> {
  const contacts = await store.queryAll('smsContact', { name: 'phone', value: phone }, 'byPhone', ['orgId']);
  return contacts.map((c) => c.orgId);
}

export async function listNumber(tenant: TenantStore, listing: { phone: string; source: MessageUnsubscription['source']; planId?: string }): Promise<boolean> {
  const target = listing.phone.trim().toLowerCase();
  const item = {
    id: unsubscriptionId('SMS', target),
    channelName: 'SMS' as const,
    target,
    source: listing.source,
    ...(listing.planId ? { planId: listing.planId } : {}),
    dateCreated: tenant.rt.clock.now(),
  };
  try {
    await tenant.transact([tenant.putNew('messageUnsubscription', item, '720001')]);
    return true;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return false;
  }
}

const deadSources = new Map<string, 'UNSUBSCRIBE' | 'BOUNCE'>();

export function noteDead(phone: string, source: 'UNSUBSCRIBE' | 'BOUNCE'): void {
  if (deadSources.size >= 10_000) deadSources.delete(deadSources.keys().next().value!);
  deadSources.set(phone, source);
}

export function takeDead(phone: string): 'UNSUBSCRIBE' | 'BOUNCE' {
  const source = deadSources.get(phone) ?? 'BOUNCE';
  deadSources.delete(phone);
  return source;
}
