// The two-way SMS Lambda: subscribed to the SNS topic End User Messaging SMS publishes inbound messages to
// (infra/sms.ts); each record goes to ./inbound.ts.
import type { SNSEvent } from 'aws-lambda';
import { workerEntry } from '../../platform/lambdaEntry';
import { recordInboundSms } from './inbound';

export const handler = workerEntry(
  (rt, store) => ({ store, log: rt.log }),
  async (deps, event: SNSEvent) => {
    for (const record of event.Records ?? []) await recordInboundSms(deps, record.Sns?.Message);
  },
);
