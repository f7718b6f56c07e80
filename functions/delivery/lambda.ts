/**
 * The delivery worker Lambda: the send pipeline's steps from the delivery queue, each channel through its adapter's
 * provider.
 */
import type { SQSEvent } from 'aws-lambda';
import { channelSenders } from '../channels';
import { storedSendRates } from '../domain/sendRates';
import { workerEntry } from '../platform/lambdaEntry';
import { deliveryWorker } from './worker';

export const handler = workerEntry(
  (rt, store) =>
    deliveryWorker(rt, store, {
      senders: channelSenders(rt),
      ratePerSecond: storedSendRates(store, rt.config.sendRates, rt.clock),
      staleClaimMs: Number(process.env.HERALD_DELIVERY_VISIBILITY_S ?? 720) * 1000,
    }),
  (run, event: SQSEvent) => run(event),
);
