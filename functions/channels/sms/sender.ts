// SMS through AWS End User Messaging SMS: `SendTextMessage` of the SMS and voice v2 API with the deployment's
// origination identity, configuration set, max price and time to live (RuntimeConfig.sms), the message type the adapter
// took from the plan, and the organization, plan and run as Context for events.
import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import type { Runtime } from '../../platform/runtime';
import type { ChannelSender, Outbound, SendOutcome } from '../sender';
import { classifySms, deadSourceOf } from './answers';
import { noteDead } from './contacts';

export interface SmsSenderOptions {
  client: PinpointSMSVoiceV2Client;
  originationIdentity?: string;
  configurationSet?: string;
  maxPrice?: string;
  ttlSeconds?: number;
}

/** Context values the API takes: 1 to 800 characters without whitespace. */
const contextValue = (v: string) => v.replace(/\s+/g, '_').slice(0, 800) || '_';

function answerOf(e: unknown): { code: string; detail?: string } {
  const err = e as { name?: string; Reason?: string; Fields?: { Name?: string }[] };
  const fields = (err.Fields ?? []).map((f) => f.Name).filter(Boolean);
  const detail = [err.Reason, ...fields].filter(Boolean).join(' ');
  return { code: err.name ?? '', ...(detail ? { detail } : {}) };
}

export function smsSender(opts: SmsSenderOptions): ChannelSender {
  return {
    async send(message: Outbound): Promise<SendOutcome> {
      if (message.channel !== 'SMS') throw new Error('the SMS sender sends SMS only');
      const context = Object.fromEntries(Object.entries(message.tags).map(([k, v]) => [k, contextValue(v)]));
      try {
        const out = await opts.client.send(
          new SendTextMessageCommand({
            DestinationPhoneNumber: message.to,
            OriginationIdentity: opts.originationIdentity,
            MessageBody: message.body,
            MessageType: message.messageType,
            ConfigurationSetName: opts.configurationSet,
            MaxPrice: opts.maxPrice,
            TimeToLive: opts.ttlSeconds,
            Context: Object.keys(context).length > 0 ? context : undefined,
          }),
        );
        return classifySms({ ok: true, providerId: out.MessageId ?? '' })!;
      } catch (e) {
        const outcome = classifySms({ ok: false, ...answerOf(e) });
        if (!outcome) throw e;
        const source = deadSourceOf(outcome);
        if (source) noteDead(message.to, source);
        return outcome;
      }
    },
  };
}

const senders = new WeakMap<Runtime, ChannelSender>();

export function deploymentSmsSender(rt: Runtime): ChannelSender {
  // one client per runtime, however often a caller asks for the provider (test sends)
  let sender = senders.get(rt);
  if (!sender) senders.set(rt, (sender = newSender(rt)));
  return sender;
}

function newSender(rt: Runtime): ChannelSender {
  const endpoint = rt.aws.endpoints.sms;
  const client = new PinpointSMSVoiceV2Client({
    region: rt.config.region,
    maxAttempts: 1,
    ...(endpoint ? { endpoint, credentials: rt.aws.sms.config.credentials } : {}),
  });
  return smsSender({
    client,
    originationIdentity: rt.config.sms.originationIdentity,
    configurationSet: rt.config.sms.configurationSet,
    maxPrice: rt.config.sms.maxPrice,
    ttlSeconds: rt.config.sms.ttlSeconds,
  });
}
