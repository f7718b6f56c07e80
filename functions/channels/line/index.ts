// LINE: the account's LINE user id and its LINE consent.
// A user who cannot receive (not a friend, or blocked the account) goes on the LINE list and is not tried again.
import { randomUUID } from 'node:crypto';
import { recipientKeyOf } from '../../../shared/delivery';
import { type ChannelTemplate, channelOf } from '../../../shared/content';
import { say } from '../../../shared/i18n';
import { lineChannelSetUp } from '../../domain/lineChannel';
import type { ChannelAdapter } from '../adapter';
import { addressesOf, reachByAddress } from '../addresses';
import { consentAndOptOut, listAsBounced } from '../optOut';
import { classifyLine } from './answers';
import { lineSender } from './api';
import { renderLine } from './render';
import { lineRetryKey } from './retryKey';

export const lineAdapter: ChannelAdapter<'LINE'> = {
  channel: 'LINE',
  sendable: true,
  reach: reachByAddress(
    (a) => addressesOf(a).lineUserId,
    (a) => a.lineConsent,
  ),
  suppressed: (recipients, tenant) => consentAndOptOut('LINE', recipients, tenant),
  // without the organization's access token every recipient would fail at send
  missingSetup: async (tenant) => ((await lineChannelSetUp(tenant)) ? undefined : say('line.planWithoutChannel')),
  planContent: (template) => (channelOf(template) === 'LINE' ? { kind: 'LINE', template: template as ChannelTemplate<'LINE'> } : undefined),
  prepare(content) {
    if (content.kind !== 'LINE') return undefined;
    const template = content.template;
    return (r, links) => renderLine(template, r, links);
  },
  message: ({ recipient, rendered, tags }) => ({
    channel: 'LINE',
    to: recipient.address,
    messages: rendered.messages,
    // a run's recipient always sends the same key; a test send (no run, or plan.testSend's 'test') is a new
    // message each time, which the same key would have LINE refuse as a repeat for 24 hours
    retryKey:
      tags.run && tags.run !== 'test' ? lineRetryKey({ orgId: tags.org ?? '', planId: tags.plan ?? '', runId: tags.run, recipient: recipientKeyOf(recipient) }) : randomUUID(),
    tags,
  }),
  classify: classifyLine,
  provider: (rt) => lineSender(rt),
  readFeedback: () => ({ kind: 'ignored' }),
  retire: (address, tenant, planId) => listAsBounced('LINE', address, tenant, planId),
};
