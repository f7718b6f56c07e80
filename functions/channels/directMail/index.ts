/** Letters: the account's postal address, one line per part as it is printed. */
import { channelOf, type ChannelTemplate, layoutLetter } from '../../../shared/content';
import { pickLanguage } from '../../../shared/render';
import { errorFields } from '../../platform/logger';
import type { ChannelAdapter } from '../adapter';
import { addressesOf } from '../addresses';
import { letterPdfFile } from '../letterPdfWorker';
import { consentAndOptOut } from '../optOut';
import { letterKey } from './keys';
import { INCOMPLETE_POSTAL, isCompletePostal, printedAddress, renderLetter } from './render';
import { buildRunFiles } from './runFiles';
import { classifyLetter, s3LetterSender } from './s3';

export const directMailAdapter: ChannelAdapter<'DIRECT_MAIL'> = {
  channel: 'DIRECT_MAIL',
  sendable: true,
  async reach(accounts) {
    return accounts.map((a) => {
      const postal = addressesOf(a).address;
      const address = postal && printedAddress(postal, a);
      if (!address) return { reason: 'USER_NOT_MATCHED' };
      // a part of an address (a prefecture alone) is not sent, and its record says why
      return isCompletePostal(postal, a) ? { address, consent: true } : { address, consent: true, skip: { reason: 'USER_NOT_MATCHED', detail: INCOMPLETE_POSTAL } };
    });
  },
  suppressed: (recipients, tenant) => consentAndOptOut('DIRECT_MAIL', recipients, tenant),
  planContent: (template) => (channelOf(template) === 'DIRECT_MAIL' ? { kind: 'DIRECT_MAIL', template: template as ChannelTemplate<'DIRECT_MAIL'> } : undefined),
  prepare(content) {
    if (content.kind !== 'DIRECT_MAIL') return undefined;
    return (r) => renderLetter(content, r);
  },
  message: ({ recipient, rendered, tags }) => ({
    channel: 'DIRECT_MAIL',
    to: recipient.address,
    key: letterKey({ orgId: Number(tags.org), planId: tags.plan!, runId: tags.run! }, recipient.accountId),
    language: rendered.language,
    layout: rendered.layout,
    ...(rendered.companyId ? { companyId: rendered.companyId } : {}),
    tags,
  }),
  classify: classifyLetter,
  // a letter's test is its PDF as printed, for the first test account with a postal address, else a sample
  async testFile(content, { tenant, recipient, language }) {
    const letter = (content as { template: ChannelTemplate<'DIRECT_MAIL'> }).template;
    const company = letter.companyId ? await tenant.get('company', letter.companyId) : undefined;
    const to = recipient ?? { firstName: 'Sample', lastName: 'Recipient', attributes: { address: '1-2-3 Example Street' } };
    const code = language && language !== 'ALL' ? language : pickLanguage(letter, recipient?.locale);
    const layout = layoutLetter(letter.contents[code]!, company ?? null, code, to, new Date(tenant.rt.clock.now()));
    return letterPdfFile(layout);
  },
  provider: (rt) => s3LetterSender(rt),
  // S3 sends no word about a stored letter later
  readFeedback: () => ({ kind: 'ignored' }),
  async afterRun(run, tenant) {
    try {
      await buildRunFiles(tenant, run);
    } catch (e) {
      // not retried: the download builds them when they are missing
      tenant.rt.log.warn("the run's merged letters and manifest were not built; a download builds them", { orgId: tenant.orgId, ...run, ...errorFields(e) });
    }
  },
  // S3 never says an address is dead: a returned letter is listed by hand (the unsubscription list)
  retire: async () => {},
};
