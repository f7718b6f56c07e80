/** The SMS providers an organization may bring (shared/entities/messageProvider.ts), each behind the SMS sender port. */
import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { customerAwsSender, type ProviderFactories, type ProviderFactory } from '../providers';
import { senderIdAllowed } from './senderId';
import { smsSender } from './sender';
import { twilioSender } from './twilio';

export const endUserMessagingOrgSender: ProviderFactory = (setting, rt) =>
  customerAwsSender(setting, rt, { service: 'sms', client: (config) => new PinpointSMSVoiceV2Client(config) }, (client) => {
    const options = { client, configurationSet: setting.configurationSetName || undefined, ttlSeconds: rt.config.sms.ttlSeconds };
    const byNumber = smsSender({ ...options, originationIdentity: setting.fromPhone || undefined });
    const bySenderId = setting.alphanumericSender ? smsSender({ ...options, originationIdentity: setting.alphanumericSender }) : byNumber;
    return { send: (message, route) => (message.channel === 'SMS' && senderIdAllowed(message.to) ? bySenderId : byNumber).send(message, route) };
  });

export const SMS_PROVIDERS: ProviderFactories<'SMS'> = {
  END_USER_MESSAGING_SMS: endUserMessagingOrgSender,
  TWILIO: twilioSender,
};
