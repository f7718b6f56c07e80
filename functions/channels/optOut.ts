/**
 * The checks every channel makes before a send, with their spec 001 section 8 reasons: the recipient's consent
 * on the channel, and the organization's unsubscription list for the channel's address (one read per batch).
 */
import { type Channel, recipientKeyOf, type SendFailureReason } from '../../shared/delivery';
import { type MessageUnsubscription, unsubscriptionId } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { TenantStore } from '../store/store';
import type { RecipientView } from './adapter';

const LISTED_REASON: Record<MessageUnsubscription['source'], SendFailureReason> = {
  UNSUBSCRIBE: 'UNSUBSCRIBED',
  MANUAL: 'UNSUBSCRIBED',
  BOUNCE: 'BOUNCE',
  COMPLAINT: 'COMPLAINT',
};

export async function consentAndOptOut(channel: Channel, recipients: readonly RecipientView[], tenant: TenantStore): Promise<Map<string, SendFailureReason>> {
  const found = await tenant.getMany(
    'messageUnsubscription',
    recipients.map((r) => unsubscriptionId(channel, r.address)),
  );
  const out = new Map<string, SendFailureReason>();
  recipients.forEach((r, i) => {
    const hit = found[i] as MessageUnsubscription | undefined;
    // no consent is the recipient's own setting: it wins over a listing
    if (!r.consent) out.set(recipientKeyOf(r), 'USER_SETTINGS_BLOCK');
    else if (hit) out.set(recipientKeyOf(r), LISTED_REASON[hit.source]);
  });
  return out;
}

/** Puts a dead address on the channel's list as a bounce; an address listed already keeps its first entry. */
export async function listAsBounced(channel: Channel, address: string, tenant: TenantStore, planId: string): Promise<void> {
  const target = address.trim().toLowerCase();
  const listing = {
    id: unsubscriptionId(channel, target),
    channelName: channel,
    target,
    source: 'BOUNCE' as const,
    planId,
    dateCreated: tenant.rt.clock.now(),
  };
  try {
    await tenant.transact([tenant.putNew('messageUnsubscription', listing, '720001')]);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
  }
}
