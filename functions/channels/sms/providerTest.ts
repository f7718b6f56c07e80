/** The SMS that tests one of the organization's own SMS providers: a short transactional text to a phone number. */
import { PROVIDER_TEXTS, textIn } from '../../../shared/i18n';
import { say } from '../../../shared/i18n/say';
import { normalizePhone } from '../../../shared/phone';
import { countSms } from '../../../shared/sms/segments';
import type { ChannelAdapter } from '../adapter';

export const smsProviderTest: ChannelAdapter<'SMS'>['providerTest'] = ({ setting, to, defaultCountry, lang, tags }) => {
  const phone = normalizePhone(to, defaultCountry);
  if (!phone) return { refused: say('provider.testPhone') };
  const body = textIn(PROVIDER_TEXTS.testBody, lang, { title: setting.title });
  const { segments, encoding } = countSms(body);
  return { channel: 'SMS', to: phone, body, parts: segments, encoding, messageType: 'TRANSACTIONAL', tags };
};
