// Email through SESv2 with a configuration set (bounce, complaint, open and click events) and message tags.
// An error it cannot classify is unknown and thrown: the claim stays uncertain.
import { SendEmailCommand, type SESv2Client } from '@aws-sdk/client-sesv2';
import type { ChannelSender, Outbound, SendOutcome } from '../sender';
import { classifySes } from './answers';

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
            ...(message.replyTo ? { ReplyToAddresses: [message.replyTo] } : {}),
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
        return classifySes({ ok: true, providerId: out.MessageId ?? '' })!;
      } catch (e) {
        const outcome = classifySes({ ok: false, code: (e as { name?: string }).name ?? '', detail: (e as Error).message?.slice(0, 300) });
        if (!outcome) throw e;
        return outcome;
      }
    },
  };
}
