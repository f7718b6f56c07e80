/**
 * The SMS providers an organization may bring (shared/entities/messageProvider.ts), each behind the SMS sender
 * port: End User Messaging SMS in its own AWS account (here), and Twilio (./twilio.ts).
 */
import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { CustomerAwsRefused, customerCredentials } from '../../platform/customerAws';
import type { ProviderFactories, ProviderFactory } from '../providers';
import { senderIdAllowed } from './senderId';
import { smsSender } from './sender';
import { twilioSender } from './twilio';

/**
 * End User Messaging SMS in the organization's account and region: its keys, or its role assumed with the
 * record's external id; its origination identity (fromPhone), configuration set, and its sender id where the destination country allows
 * one (./senderId.ts; SendTextMessage takes a sender id as the origination identity too). Locally the same
 * client reaches the SMS stand-in, which notes the access key each message was signed with.
 */
export const endUserMessagingOrgSender: ProviderFactory = (setting, rt) => {
  const endpoint = rt.aws.endpoints.sms;
  const client = new PinpointSMSVoiceV2Client({
    region: setting.region || rt.config.region,
    // one attempt: a retry after a timeout could send twice; throttling is retried by the send worker
    maxAttempts: 1,
    credentials: () => customerCredentials(rt, setting, `herald-sms-${setting.id}`),
    ...(endpoint ? { endpoint } : {}),
  });
  const options = { client, configurationSet: setting.configurationSetName || undefined, ttlSeconds: rt.config.sms.ttlSeconds };
  const byNumber = smsSender({ ...options, originationIdentity: setting.fromPhone || undefined });
  const bySenderId = setting.alphanumericSender ? smsSender({ ...options, originationIdentity: setting.alphanumericSender }) : byNumber;
  return {
    async send(message, route) {
      const sender = message.channel === 'SMS' && senderIdAllowed(message.to) ? bySenderId : byNumber;
      try {
        return await sender.send(message, route);
      } catch (e) {
        // no credentials to be had (none set, a role that refuses): nothing was sent
        if (e instanceof CustomerAwsRefused) return { kind: 'failed', reason: 'UNEXPECTED', detail: e.message };
        throw e;
      }
    },
    async close() {
      client.destroy();
    },
  };
};

/** The organization's SMS providers by kind. */
export const SMS_PROVIDERS: ProviderFactories<'SMS'> = {
  END_USER_MESSAGING_SMS: endUserMessagingOrgSender,
  TWILIO: twilioSender,
};
