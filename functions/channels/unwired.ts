/**
 * What the channels without a wired provider (SMS, push, LINE, letters) share today: no plan content is
 * written for them yet, so nothing is rendered; locally the recorder keeps what would have gone out, and on
 * AWS every message fails, so nothing is counted as sent that was not. Each channel's own folder adds who is
 * reachable on it.
 */
import type { Channel } from '../../shared/delivery';
import { channelOf } from '../../shared/content';
import type { PlanContent } from '../../shared/plan/plan';
import type { ChannelAdapter } from './adapter';
import { consentAndOptOut } from './optOut';
import type { ChannelSender, OutboundOf } from './sender';

const notWired: ChannelSender = {
  async send(message) {
    return { kind: 'failed', reason: 'UNEXPECTED', detail: `the ${message.channel} channel has no provider configured` };
  },
};

export function unwiredChannel<C extends Exclude<Channel, 'EMAIL'>>(channel: C): Omit<ChannelAdapter<C>, 'reach'> {
  return {
    channel,
    sendable: false,
    suppressed: (recipients, ctx) => consentAndOptOut(channel, recipients, ctx),
    planContent: (template) => (channelOf(template) === channel ? ({ kind: channel, template } as PlanContent) : undefined),
    prepare: () => undefined,
    message: ({ recipient, rendered, tags }) => ({ channel, to: recipient.address, body: (rendered as { text: string }).text, tags }) as OutboundOf<C>,
    classify: (answer) => (answer.ok ? { kind: 'sent', providerId: answer.providerId } : { kind: 'failed', reason: 'UNEXPECTED', detail: answer.code }),
    provider: (_rt, where) => (where.local ? where.recorder : notWired),
    readFeedback: () => ({ kind: 'ignored' }),
    retire: async () => {},
  };
}
