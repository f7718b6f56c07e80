// Provider feedback: a provider's event about messages it took (for email, SES bounces and complaints that an
// EventBridge rule puts on the job queue, infra/emailFeedback.ts), read by the channel's adapter. A newly listed
// address is counted on the message's run (`bounces`, `complaints`) in the same transaction, so an event delivered
// twice counts once.
import type { Channel } from '../../shared/delivery';
import { unsubscriptionId } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { adapterOf, type Undelivered } from '../channels';
import { Ledger } from '../delivery';
import type { Runtime } from '../platform/runtime';
import type { Store } from '../store/store';

export interface FeedbackResult {
  listed: string[];
  already: string[];
}

/** Records one provider event; an event Herald cannot use is logged and dropped, never retried. */
export async function recordProviderFeedback(deps: { rt: Runtime; store: Store }, channel: Channel, event: unknown): Promise<FeedbackResult> {
  const result: FeedbackResult = { listed: [], already: [] };
  const reading = adapterOf(channel).readFeedback(event);
  if (reading.kind === 'unreadable') {
    deps.rt.log.warn('provider feedback: not an event of the provider', { channel, issues: reading.issues });
    return result;
  }
  if (reading.kind === 'ignored') return result;
  const { orgId, planId, runId, source } = reading;
  const ledger = new Ledger(deps.store, deps.rt.clock);
  for (const address of reading.addresses) {
    const target = address.trim().toLowerCase();
    const listing = { id: unsubscriptionId(channel, target), channelName: channel, target, source, ...(planId ? { planId } : {}), dateCreated: deps.rt.clock.now() };
    const counted = planId && runId ? await ledger.counterItems({ orgId, planId, runId, accountId: target, channel }, { [source === 'BOUNCE' ? 'bounces' : 'complaints']: 1 }) : [];
    try {
      await deps.store.transact([deps.store.forOrg(orgId).putNew('messageUnsubscription', listing, '720001'), ...counted]);
      result.listed.push(target);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      result.already.push(target);
    }
  }
  deps.rt.log.info('provider feedback recorded', { channel, source, listed: result.listed.length, already: result.already.length });
  return result;
}

const RECORDING_TRIES = 5;
const RECORDING_WAIT_MS = 400;

/**
 * A message the provider took and could not deliver (a Twilio status callback, read by the channel's webhook): the
 * organization's sent record it names becomes FAILED with the provider's reason, if it still is the SENT record of
 * that provider message; the counts move with it in the same transaction, so a repeated report changes nothing.
 */
export async function recordUndelivered(deps: { rt: Runtime; store: Store }, channel: Channel, report: Undelivered): Promise<boolean> {
  const ledger = new Ledger(deps.store, deps.rt.clock);
  const { orgId, planId, runId, accountId, providerId, reason, detail } = report;
  const key = { orgId, planId, runId, channel, accountId };
  let record = await ledger.recordOf(key);
  // the report can come while the send worker is still recording the provider's answer: read it again shortly
  for (let tries = 0; record?.status === 'CLAIMED' && tries < RECORDING_TRIES; tries++) {
    await new Promise((r) => setTimeout(r, RECORDING_WAIT_MS));
    record = await ledger.recordOf(key);
  }
  const changed = record?.status === 'SENT' && record.providerId === providerId && (await ledger.undelivered(record, providerId, { reason, detail }));
  deps.rt.log.info('provider feedback: undelivered', { channel, orgId, reason, changed });
  return changed;
}
