import type { MessageProvider } from '../../../shared/entities';
import type { Outbound } from '../sender';

export function withOrgAddresses(setting: Pick<MessageProvider, 'fromEmail' | 'replyEmail'>, message: Outbound): Outbound {
  if (message.channel !== 'EMAIL') return message;
  return {
    ...message,
    ...(setting.fromEmail ? { from: setting.fromEmail } : {}),
    ...(setting.replyEmail ? { replyTo: setting.replyEmail } : {}),
  };
}
