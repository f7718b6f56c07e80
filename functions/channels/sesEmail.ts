/**
 * Email through SESv2 with a configuration set (bounce, complaint, open and click events) and message tags.
 * SES throttling answers `throttled` (nothing was sent); a refused message `failed`; anything else is unknown.
 */
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { ChannelSender, Outbound, SendOutcome } from './sender';

const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException', 'SendingPausedException']);
const REFUSED = new Set(['MessageRejected', 'BadRequestException', 'MailFromDomainNotVerifiedException', 'AccountSuspendedException']);

/** SES tag values allow letters, digits, `_`, `-`, `.`, `@`. */
const tagValue = (v: string) => v.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 256);

export function sesEmailSender(ses: SESv2Client, configurationSet?: string): ChannelSender {
  return {
    async send(message: Outbound): Promise<SendOutcome> {
      if (message.channel !== 'EMAIL') throw new Error('the SES sender sends email only');
      try {
        const out = await ses.send(
          new SendEmailCommand({
            FromEmailAddress: message.from,
            Destination: { ToAddresses: [message.to] },
            ConfigurationSetName: configurationSet,
            EmailTags: Object.entries(message.tags).map(([Name, Value]) => ({ Name, Value: tagValue(Value) })),
            Content: {
              Simple: {
                Subject: { Data: message.subject, Charset: 'UTF-8' },
                Body: { Html: { Data: message.html, Charset: 'UTF-8' }, Text: { Data: message.text, Charset: 'UTF-8' } },
                Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })),
              },
            },
          }),
        );
        return { kind: 'sent', providerId: out.MessageId ?? '' };
      } catch (e) {
        const name = (e as { name?: string }).name ?? '';
        if (THROTTLED.has(name)) return { kind: 'throttled' };
        if (REFUSED.has(name)) return { kind: 'failed', reason: 'UNEXPECTED', detail: name };
        throw e;
      }
    },
  };
}
