/**
 * The SMS providers an organization may bring (shared/entities/messageProvider.ts), each behind the SMS sender
 * port: End User Messaging SMS in its own AWS account (here), and Twilio (./twilio.ts).
 */
import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { customerAwsSender, type ProviderFactories, type ProviderFactory } from '../providers';
import { senderIdAllowed } from './senderId';
import { smsSender } from './sender';
import { twilioSender } from './twilio';

/**
 * End User Messaging SMS in the organization's account and region: its keys, or its role assumed with the
 * record's external id (channels/providers.ts customerAwsSender); its origination identity (fromPhone), configuration set, and its sender id where the destination country allows
 * one (./senderId.ts; SendTextMessage takes a sender id as the origination identity too). Locally the same
 * client reaches the SMS stand-in, which notes the access key each message was signed with.
 */
export const endUserMessagingOrgSender: ProviderFactory = (setting, rt) =>
  customerAwsSender(setting, rt, { service: 'sms', client: (config) => new PinpointSMSVoiceV2Client(config) }, (client) => {
    const options = { client, configurationSet: setting.configurationSetName || undefined, ttlSeconds: rt.config.sms.ttlSeconds };
    const byNumber = smsSender({ ...options, originationIdentity: setting.fromPhone || undefined });
    const bySenderId = setting.alphanumericSender ? smsSender({ ...options, originationIdentity: setting.alphanumericSender }) : byNumber;
    return { send: (message, route) => (message.channel === 'SMS' && senderIdAllowed(message.to) ? bySenderId : byNumber).send(message, route) };
  });

/** The organization's SMS providers by kind. */
export const SMS_PROVIDERS: ProviderFactories<'SMS'> = {
  END_USER_MESSAGING_SMS: endUserMessagingOrgSender,
  TWILIO: twilioSender,
};
