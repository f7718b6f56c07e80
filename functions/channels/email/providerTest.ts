/** The e-mail that tests one of the organization's own e-mail providers, from the provider's own address. */
import { PROVIDER_TEXTS, textIn } from '../../../shared/i18n';
import { say } from '../../../shared/i18n/say';
import { isValidEmail } from '../../../shared/validation';
import type { ChannelAdapter } from '../adapter';

export const emailProviderTest: ChannelAdapter<'EMAIL'>['providerTest'] = ({ setting, to, lang, mailFrom, tags }) => {
  if (!isValidEmail(to)) return { refused: say('provider.testAddress') };
  const words = { title: setting.title };
  const text = textIn(PROVIDER_TEXTS.testBody, lang, words);
  return {
    channel: 'EMAIL',
    to,
    from: setting.fromEmail || mailFrom,
    subject: textIn(PROVIDER_TEXTS.testSubject, lang, words),
    html: `<p>${text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`,
    text,
    headers: {},
    tags,
  };
};
