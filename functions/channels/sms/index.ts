// SMS: the account's primary phone number (E.164) and its SMS consent.
// Numbers that replied STOP or that the service says opted out are listed as unsubscribed, other dead ones as
// bounced; neither is attempted again.
import { pickLanguage } from '../../../shared/render/template';
import { channelOf } from '../../../shared/content';
import { renderSms, withSmsLinks } from '../../../shared/content/sms';
import { MESSAGE_TYPES } from '../../../shared/plan/plan';
import { countSms } from '../../../shared/sms/segments';
import { normalizePhone } from '../../../shared/phone';
import type { ChannelAdapter } from '../adapter';
import type { RecipientLinks } from '../links';
import { addressesOf, reachByAddress } from '../addresses';
import { consentAndOptOut } from '../optOut';
import { classifySms } from './answers';
import { listNumber, recordContacts, takeDead } from './contacts';
import { deploymentSmsSender } from './sender';
import { SMS_PROVIDERS } from './providers';
import { smsProviderTest } from './providerTest';
import { orgRoutedSender } from '../providers';

export const smsAdapter: ChannelAdapter<'SMS'> = {
  channel: 'SMS',
  sendable: true,
  reach: reachByAddress(
    (a) => addressesOf(a).phones?.[0],
    (a) => a.smsConsent,
  ),
  async suppressed(recipients, tenant) {
    // the numbers this organization texts, noted beside the list read: a STOP from one finds it (./inbound.ts)
    const [skipped] = await Promise.all([
      consentAndOptOut('SMS', recipients, tenant),
      recordContacts(
        tenant,
        recipients.filter((r) => r.consent).map((r) => r.address),
      ),
    ]);
    return skipped;
  },
  planContent: (template) => (channelOf(template) === 'SMS' ? { kind: 'SMS', template: template as Extract<typeof template, { channel: 'SMS' }> } : undefined),
  prepare(content, send) {
    if (content.kind !== 'SMS') return undefined;
    const template = content.template;
    const messageType = send.messageType === MESSAGE_TYPES.LIFECYCLE ? 'TRANSACTIONAL' : 'PROMOTIONAL';
    return (r, links) => {
      const language = pickLanguage(template, r.locale);
      const content = template.contents[language]!;
      const rendered = renderSms(content, language, r);
      // tracked only when the template asks: a tracked link usually adds a part
      const text = content.trackLinks ? trackedLinks(rendered, links) : rendered;
      const { segments, encoding } = countSms(text);
      return { text, language, parts: segments, encoding, messageType };
    };
  },
  message: ({ recipient, rendered, tags }) => ({
    channel: 'SMS',
    to: recipient.address,
    body: rendered.text,
    parts: rendered.parts,
    encoding: rendered.encoding,
    messageType: rendered.messageType,
    tags,
    accountId: recipient.accountId,
  }),
  classify: classifySms,
  // a national number is read with the organization's default country, as the import reads it
  typedAddress: (typed, defaultCountry) => normalizePhone(typed, defaultCountry),
  providers: SMS_PROVIDERS,
  providerTest: smsProviderTest,
  provider: (rt) => orgRoutedSender(rt, 'SMS', deploymentSmsSender(rt), SMS_PROVIDERS),
  // delivery receipts carry nothing to list; replies arrive through ./inbound.ts
  readFeedback: () => ({ kind: 'ignored' }),
  async retire(address, tenant, planId) {
    await listNumber(tenant, { phone: address, source: takeDead(address), planId });
  },
};

/** The text with each web address as a tracked link (their clicks count as the message's, as email's and LINE's do). */
export function trackedLinks(text: string, links: RecipientLinks): string {
  return withSmsLinks(text, (url, place) => links.click(url, place));
}
