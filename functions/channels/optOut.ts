/** The checks every channel makes before a send, with their spec 001 section 8 reasons. */
import { type Channel, recipientKeyOf, type SendFailureReason } from '../../shared/delivery';
import { type MessageUnsubscription, unsubscriptionId, unsubscriptionTarget } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import type { TenantStore } from '../store/store';
import type { RecipientView } from './adapter';

const LISTED_REASON: Record<MessageUnsubscription['source'], SendFailureReason> = {
  UNSUBSCRIBE: 'UNSUBSCRIBED',
  MANUAL: 'UNSUBSCRIBED',
  BOUNCE: 'BOUNCE',
  COMPLAINT: 'COMPLAINT',
};

function suppressionOf(consent: boolean, listing: MessageUnsubscription['source'] | undefined): SendFailureReason | undefined {
  if (!consent) return 'USER_SETTINGS_BLOCK';
  return listing && LISTED_REASON[listing];
}

/** The reason a recipient is not sent to whatever the opt-out list says: no consent. */
export const consentReason = (consent: boolean) => suppressionOf(consent, undefined);

export async function consentAndOptOut(channel: Channel, recipients: readonly RecipientView[], tenant: TenantStore): Promise<Map<string, SendFailureReason>> {
  const found = await tenant.getMany(
    'messageUnsubscription',
    recipients.map((r) => unsubscriptionId(channel, r.address)),
  );
  const out = new Map<string, SendFailureReason>();
  recipients.forEach((r, i) => {
    const reason = suppressionOf(r.consent, (found[i] as MessageUnsubscription | undefined)?.source);
    if (reason) out.set(recipientKeyOf(r), reason);
  });
  return out;
}

/** The channel's whole opt-out list of the organization, read once, as a check of consent and listing by address. */
export interface OptOutCheck {
  (address: string, consent: boolean): SendFailureReason | undefined;
  /** the listed targets (as `unsubscriptionTarget` writes an address) and their sources */
  listed: ReadonlyMap<string, MessageUnsubscription['source']>;
}

export async function optOutCheck(channel: Channel, tenant: TenantStore): Promise<OptOutCheck> {
  const prefix = unsubscriptionId(channel, '');
  const listed = new Map<string, MessageUnsubscription['source']>();
  for (const l of await tenant.listPrefixed('messageUnsubscription', prefix, ['id', 'source'])) listed.set(l.id.slice(prefix.length), l.source);
  const check = (address: string, consent: boolean) => suppressionOf(consent, consent && listed.size ? listed.get(unsubscriptionTarget(address)) : undefined);
  return Object.assign(check, { listed });
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
