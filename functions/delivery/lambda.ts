/** The delivery worker Lambda: the send pipeline's steps from the delivery queue, email through SESv2. */
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sesEmailSender } from '../channels/sesEmail';
import type { ChannelSender } from '../channels/sender';
import { awsDeliveryPorts } from '../platform/awsPorts';
import { loadKeysFromSecretsManager } from '../platform/keys';
import type { QueueWorker } from '../platform/queue';
import { createRuntime, defaultConfig } from '../platform/runtime';
import { sqsJobQueue } from '../platform/sqsJobs';
import { Store } from '../store/store';
import { deliveryWorker } from './worker';
import { storedSendRates } from '../services/systemSetting';

let ready: Promise<QueueWorker> | undefined;

/** Channels whose providers are not wired yet refuse, so nothing is counted as sent that was not. */
const notYet: ChannelSender = {
  async send(message) {
    return { kind: 'failed', reason: 'UNEXPECTED', detail: `the ${message.channel} channel has no provider configured` };
  },
};

async function init() {
  const keys = await loadKeysFromSecretsManager(process.env.HERALD_KEY_SECRET_ID ?? '');
  const config = defaultConfig();
  const rt = createRuntime({ config, keys, jobs: sqsJobQueue(config.region, process.env.HERALD_JOB_QUEUE_URL ?? ''), ports: awsDeliveryPorts(config.region) });
  const store = new Store(rt);
  return deliveryWorker(rt, store, {
    senders: { EMAIL: sesEmailSender(rt.aws.ses, config.sesConfigurationSet), SMS: notYet, PUSH_NATIVE: notYet, LINE: notYet, DIRECT_MAIL: notYet },
    ratePerSecond: storedSendRates(store, config.sendRates, rt.clock),
    staleClaimMs: Number(process.env.HERALD_DELIVERY_VISIBILITY_S ?? 720) * 1000,
  });
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  ready ??= init().catch((e) => {
    ready = undefined;
    throw e;
  });
  return (await ready)(event);
}
