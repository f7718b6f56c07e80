import type { MessageProvider } from '../../../shared/entities';
import type { Outbound } from '../sender';

/** The organization's sender and reply address on a message built with the deployment's. */
export function withOrgAddresses(setting: Pick<MessageProvider, 'fromEmail' | 'replyEmail'>, message: Outbound): Outbound {
  if (message.channel !== 'EMAIL') return message;
  return {
    ...message,
    ...(setting.fromEmail ? { from: setting.fromEmail } : {}),
    ...(setting.replyEmail ? { replyTo: setting.replyEmail } : {}),
  };
}
