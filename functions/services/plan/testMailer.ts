/**
 * The test mail's mailer: the organization's own default provider of the email builder's channel when it has one, else
 * the deployment's.
 */
import { BUILDER_CHANNEL } from '../../../shared/delivery';
import { AppError } from '../../../shared/errors';
import { say } from '../../../shared/i18n/say';
import type { AuthedContext } from '../../contract/context';
import { orgProviderSender, type SendOutcome } from '../../channels';
import { defaultProviderOf } from '../../channels/providers';
import type { Mail } from '../../platform/mailer';

/** Test mails go the way the organization's mail goes. */
export async function testMailerOf(ctx: AuthedContext, planId: string): Promise<{ send(mail: Mail): Promise<void>; close(): Promise<void> }> {
  const own = await defaultProviderOf(ctx.tenant, BUILDER_CHANNEL);
  if (!own) return { send: (mail) => ctx.rt.mailer.send(mail), close: async () => undefined };
  const sender = orgProviderSender(own, ctx.rt);
  return {
    async send(mail) {
      const message = {
        channel: BUILDER_CHANNEL,
        from: ctx.rt.config.mailFrom,
        headers: {},
        tags: { org: String(ctx.identity.orgId), plan: planId },
        ...mail,
        html: mail.html ?? '',
      };
      let outcome: SendOutcome;
      try {
        outcome = await sender.send(message, { tenant: ctx.tenant });
      } catch (e) {
        const detail = (e instanceof Error ? e.message : String(e)).slice(0, 300);
        throw new AppError('400016', say('provider.testUnknown', { detail }));
      }
      if (outcome.kind === 'throttled') throw new AppError('400016', say('provider.testThrottled'));
      if (outcome.kind !== 'sent') throw new AppError('400016', say('provider.testFailed', { detail: outcome.detail }));
    },
    close: async () => void (await sender.close?.().catch(() => undefined)),
  };
}
