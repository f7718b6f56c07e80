/**
 * Email: the account's first address and its email consent, the block builder's HTML with tracked links and the one-
 * click unsubscribe headers, sent through the organization's own provider (./providers.ts) or the deployment's SES
 * (the SES stand-in locally).
 */
import { isEmailTemplate } from '../../../shared/content';
import { pickContent, renderEmail } from '../../../shared/render';
import type { ChannelAdapter } from '../adapter';
import { reachByAddress } from '../addresses';
import { consentAndOptOut, listAsBounced } from '../optOut';
import { classifySes } from './answers';
import { readSesFeedback } from './feedback';
import { sesEmailSender } from './ses';
import { EMAIL_PROVIDERS } from './providers';
import { emailProviderTest } from './providerTest';
import { orgRoutedSender } from '../providers';

export const emailAdapter: ChannelAdapter<'EMAIL'> = {
  channel: 'EMAIL',
  sendable: true,
  reach: reachByAddress(
    (a) => a.emails[0],
    (a) => a.emailConsent,
  ),
  suppressed: (recipients, tenant) => consentAndOptOut('EMAIL', recipients, tenant),
  planContent: (template) => (isEmailTemplate(template) ? { kind: 'EMAIL', template } : undefined),
  prepare(content) {
    if (content.kind !== 'EMAIL') return undefined;
    const template = content.template;
    return (r, links) =>
      renderEmail(pickContent(template, r.locale), r, {
        unsubscribeUrl: links.unsubscribeUrl,
        webVersionUrl: links.viewUrl,
        openPixelUrl: links.openPixelUrl,
        linkRewriter: links.click,
        feedbackUrl: links.feedback,
      });
  },
  message: ({ recipient, rendered, links, from, tags }) => ({
    channel: 'EMAIL',
    to: recipient.address,
    from,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    headers: { 'List-Unsubscribe': `<${links.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    tags,
  }),
  classify: classifySes,
  providers: EMAIL_PROVIDERS,
  providerTest: emailProviderTest,
  provider: (rt) => orgRoutedSender(rt, 'EMAIL', sesEmailSender(rt.aws.ses, rt.config.sesConfigurationSet), EMAIL_PROVIDERS),
  readFeedback: readSesFeedback,
  retire: (address, tenant, planId) => listAsBounced('EMAIL', address, tenant, planId),
};
