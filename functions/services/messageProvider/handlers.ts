/** The organization's own e-mail and SMS providers (/push-channel). */
import { randomBytes } from 'node:crypto';
import {
  MESSAGE_PROVIDER_MESSAGES as M,
  type MessageProvider,
  PROVIDER_NEEDS,
  PROVIDER_SECRETS,
  type ProviderKind,
  neededFieldName,
  providerChannelOf,
} from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { ProviderTestAnswer } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { badField } from '../../contract/problems';
import { CHANNEL_ADAPTERS, type Outbound, orgProviderSender } from '../../channels';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { roleAccountOf } from '../../platform/customerAws';
import { seal } from '../../platform/keys';
import { say } from '../../../shared/i18n/say';

type SavePayload = Parameters<AreaHandlers<'messageProvider'>['save']>[0] & Partial<Omit<MessageProvider, 'orgId'>>;

const TESTS_PER_HOUR = 20;

const AWS_KINDS: readonly ProviderKind[] = ['SES', 'END_USER_MESSAGING_SMS'];

/** What the provider needs, given or stored; the secrets sealed; the form without any secret. */
async function checkedAndSealed(p: SavePayload, ctx: AuthedContext) {
  const kind = p.provider as ProviderKind;
  const stored = p.id ? await ctx.tenant.require('messageProvider', p.id) : undefined;
  // a secret belongs to the provider it was typed for: another provider's is not kept
  const kept = stored?.provider === kind ? stored : undefined;
  const given = (field: string) => typeof p[field as keyof SavePayload] === 'string' && (p[field as keyof SavePayload] as string).length > 0;
  const present = (field: string) =>
    (PROVIDER_SECRETS as readonly string[]).includes(field)
      ? given(field) || Boolean(kept?.[`${field}Set` as keyof MessageProvider])
      : p[field as keyof SavePayload] !== undefined && p[field as keyof SavePayload] !== '';
  for (const field of PROVIDER_NEEDS[kind]) if (!present(field)) badField(field, say('validation.inputRequired', { param: neededFieldName(kind, field) }));
  if (AWS_KINDS.includes(kind)) {
    if (p.roleArn) {
      const own = ctx.rt.config.cloudSources.awsAccountId;
      if (own && roleAccountOf(p.roleArn) === own) badField('roleArn', M.ownAccountRole);
    } else if (!p.accessKey || !present('secretKey')) badField('accessKey', M.awsCredentials);
  }
  if (kind === 'TWILIO' && !p.fromPhone && !p.messagingServiceSid) badField('fromPhone', M.twilioFrom);
  if (kind === 'TWILIO' && !/^AC[0-9a-fA-F]{32}$/.test(p.username ?? '')) badField('username', M.twilioAccountSid);

  const sealed: Partial<MessageProvider> = {};
  for (const field of PROVIDER_SECRETS) {
    if (given(field)) Object.assign(sealed, { [`${field}Sealed`]: seal(ctx.rt.keys, p[field]!), [`${field}Set`]: true });
    else if (kept?.[`${field}Sealed`]) Object.assign(sealed, { [`${field}Sealed`]: kept[`${field}Sealed`], [`${field}Set`]: true });
    else Object.assign(sealed, { [`${field}Sealed`]: undefined, [`${field}Set`]: false });
  }
  // the role's trust policy names this id: it stays while the role does, so the customer sets it up once
  sealed.externalId = p.roleArn ? (kept?.externalId ?? `herald-${randomBytes(16).toString('hex')}`) : undefined;
  const form = { ...p, password: undefined, secretKey: undefined, apiKey: undefined };
  return { form, sealed };
}

async function testMessage(setting: MessageProvider, to: string, ctx: AuthedContext): Promise<Outbound> {
  const { defaultCountry } = await organizationSettingOf(ctx.tenant);
  const message = CHANNEL_ADAPTERS[setting.channelType ?? providerChannelOf(setting.provider)].providerTest({
    setting,
    to,
    defaultCountry: defaultCountry || undefined,
    lang: ctx.lang,
    mailFrom: ctx.rt.config.mailFrom,
    tags: { org: String(ctx.identity.orgId), provider: setting.id },
  });
  return 'refused' in message ? badField('to', message.refused) : message;
}

export function messageProviderHandlers(generic: Omit<AreaHandlers<'messageProvider'>, 'test'>): AreaHandlers<'messageProvider'> {
  return {
    ...generic,
    async save(p, ctx) {
      const { form, sealed } = await checkedAndSealed(p as SavePayload, ctx);
      const saved = (await generic.save(form as never, ctx)) as unknown as MessageProvider;
      const updated = await ctx.tenant.update('messageProvider', saved.id, sealed);
      const { passwordSealed: _p, secretKeySealed: _s, apiKeySealed: _a, ...view } = { ...saved, ...updated };
      return view as never;
    },

    async test({ id, to }, ctx) {
      const setting = await ctx.tenant.require('messageProvider', id);
      const message = await testMessage(setting, to, ctx);
      const now = ctx.rt.clock.now();
      const took = await ctx.rateLimits.take(now, { key: `providerTest:${ctx.identity.orgId}`, max: TESTS_PER_HOUR, windowSeconds: 3600 }, 1);
      if (!took.taken) {
        const wait = Math.max(1, took.window.endsAt - Math.floor(now / 1000));
        throw new AppError('400014', say('provider.tooMany', { max: TESTS_PER_HOUR, minutes: Math.ceil(wait / 60) }), { 'retry-after': String(wait) });
      }
      const sender = orgProviderSender(setting, ctx.rt);
      let answer: ProviderTestAnswer;
      try {
        const outcome = await sender.send(message, { tenant: ctx.tenant });
        answer =
          outcome.kind === 'sent'
            ? { status: 'SENT', providerId: outcome.providerId, message: say('provider.testSent', { id: outcome.providerId }) }
            : outcome.kind === 'throttled'
              ? { status: 'THROTTLED', message: say('provider.testThrottled') }
              : { status: 'FAILED', detail: outcome.detail, message: say('provider.testFailed', { detail: outcome.detail }) };
      } catch (e) {
        const detail = (e instanceof Error ? e.message : String(e)).slice(0, 300);
        answer = { status: 'UNKNOWN', detail, message: say('provider.testUnknown', { detail }) };
      } finally {
        await sender.close?.().catch(() => undefined);
      }
      return answer;
    },
  };
}
