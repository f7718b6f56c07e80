/** Tests of a message on the channels beyond email (plan.testSend). */
import { CHANNELS, type Channel } from '../../../shared/delivery';
import type { Account } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { displayName } from '../../../shared/format';
import { fill } from '../../../shared/import/accountImport';
import type { Plan } from '../../../shared/plan/plan';
import { PLAN_CHANNEL_MESSAGES, TEST_MAIL_LIMITS, TEST_MAIL_MESSAGES, TEST_SEND_MESSAGES, type TestSendChannel } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { badField } from '../../contract/problems';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { adapterOf, type ChannelSender, type RecipientView } from '../../channels';
import type { Runtime } from '../../platform/runtime';
import type { RecipientLinks } from '../../channels/links';
import { Accounts } from '../../domain/accounts';
import { allowOnlyOf, whiteListed } from '../../delivery';
import { testRecipientsOf } from './plans';
import { say } from '../../../shared/i18n/say';

/** A test account's address on a channel: `to` is what a test names (a device's id for push, never its token). */
interface TestTarget {
  name: string;
  to: string;
  detail?: string;
  recipient: RecipientView;
}

/** Test accounts per primary address looked up; an address names one person, so a few is plenty. */
const ACCOUNTS_PER_ADDRESS = 5;

async function testAccounts(ctx: AuthedContext, offered: boolean): Promise<Account[]> {
  const allowed = await testRecipientsOf(ctx);
  let members = allowed.members.map((m) => m.email);
  if (offered && !ctx.identity.permissions.includes('NAV_PORTAL_USER')) {
    const own = (await ctx.tenant.get('organizationUser', ctx.identity.userId))?.member.email?.toLowerCase();
    members = members.filter((m) => m === own);
  }
  const emails = [...new Set([...allowed.testAddresses, ...members])];
  const accounts = new Accounts(ctx.tenant);
  const found = await Promise.all(emails.map((e) => accounts.byEmail(e, ACCOUNTS_PER_ADDRESS)));
  return found.flat();
}

export async function testTargetsOf(ctx: AuthedContext, channel: Channel, offered = false): Promise<TestTarget[]> {
  const accounts = await testAccounts(ctx, offered);
  const adapter = adapterOf(channel);
  const reaches = await adapter.reach(accounts, ctx.tenant);
  const targets: TestTarget[] = [];
  reaches.forEach((reach, i) => {
    if ('reason' in reach) return;
    const a = accounts[i]!;
    const name = displayName(a.firstName, a.lastName, ctx.lang) || a.emails[0] || a.id;
    for (const t of [reach, ...(reach.more ?? [])]) {
      const named = adapter.testName?.(t, a.id) ?? { to: t.address };
      const recipient: RecipientView = {
        accountId: a.id,
        ...(t.target ? { target: t.target } : {}),
        address: t.address,
        consent: true,
        locale: a.locale,
        firstName: a.firstName,
        lastName: a.lastName,
        attributes: a.attributes,
      };
      targets.push({ name, ...named, recipient });
    }
  });
  return targets;
}

/** Links of a test: untracked, as in test mails (a click on a test is no click of the message). */
export function testLinks(rt: Runtime): RecipientLinks {
  return { openPixelUrl: '', unsubscribeUrl: `${rt.config.publicUrl}/`, viewUrl: `${rt.config.publicUrl}/`, linkTable: () => [], click: (target) => target, feedback: () => '' };
}

/** The providers test sends use, one per runtime and channel (an SDK client is made once). */
const providers = new WeakMap<Runtime, Map<Channel, ChannelSender>>();
function providerOf(rt: Runtime, channel: Channel): ChannelSender {
  let byChannel = providers.get(rt);
  if (!byChannel) providers.set(rt, (byChannel = new Map()));
  let sender = byChannel.get(channel);
  if (!sender) byChannel.set(channel, (sender = adapterOf(channel).provider(rt)));
  return sender;
}

function languagesOf(plan: Plan, language: string | undefined, ctx: AuthedContext): (string | undefined)[] {
  const template = (plan.content as { template: { contents: Record<string, unknown> } }).template;
  if (!language) return [undefined];
  if (language === 'ALL') return Object.keys(template.contents);
  if (!Object.hasOwn(template.contents, language)) badField('language', fill(TEST_MAIL_MESSAGES[ctx.lang].noLanguage, { language }));
  return [language];
}

async function takeTests(ctx: AuthedContext, plan: Plan, n: number): Promise<void> {
  const now = ctx.rt.clock.now();
  const max = TEST_MAIL_LIMITS.perMessagePerHour;
  // the same count as the message's test mails: one limit a message, whatever its channel
  const took = await ctx.rateLimits.take(now, { key: `testMail:${ctx.identity.orgId}:${plan.id}`, max, windowSeconds: 3600 }, n);
  if (took.taken) return;
  const wait = Math.max(1, took.window.endsAt - Math.floor(now / 1000));
  throw new AppError('400014', fill(TEST_MAIL_MESSAGES[ctx.lang].tooMany, { max, left: Math.max(0, max - took.window.count), minutes: Math.ceil(wait / 60) }), {
    'retry-after': String(wait),
  });
}

export const testSend: AreaHandlers<'plan'>['testSend'] = async ({ id, target, language }, ctx) => {
  const plan = await ctx.tenant.require('plan', id);
  const words = TEST_SEND_MESSAGES[ctx.lang];
  const channel: TestSendChannel = target.channel;
  if (plan.channel !== channel || plan.content.kind !== channel) throw new AppError('720009', words.otherChannel);
  const languages = languagesOf(plan, language, ctx);
  const adapter = adapterOf(channel);
  if (adapter.testFile) {
    await takeTests(ctx, plan, 1);
    const [first] = await testTargetsOf(ctx, channel, true);
    return { sent: 0, refused: [], file: await adapter.testFile(plan.content, { tenant: ctx.tenant, recipient: first?.recipient, language }) };
  }
  // a test push asks for mutable content as the organization's real ones do (system setting)
  const { mutableContent, defaultCountry } = await organizationSettingOf(ctx.tenant);
  const render = adapter.sendable ? adapter.prepare(plan.content, { messageType: plan.messageType, mutableContent }) : undefined;
  if (!render) throw new AppError('720009', PLAN_CHANNEL_MESSAGES[ctx.lang].notSendable);

  const targets = await testTargetsOf(ctx, channel);
  if (targets.length === 0) throw new AppError('720009', words.noTargets);
  // each typed address as the channel keeps it (a national number in the organization's default country)
  const to = 'to' in target ? target.to : undefined;
  const read = adapter.typedAddress;
  const typed = read ? to?.map((t, i) => read(t, defaultCountry || undefined) ?? badField(`target.to.${i}`, say('phone.phone'))) : to;
  const asked = typed ? [...new Set(typed)] : undefined;
  const chosen = asked ? asked.map((to) => targets.find((t) => t.to === to)) : targets.slice(0, TEST_MAIL_LIMITS.perCall);
  const outside = chosen.findIndex((t) => !t);
  if (outside >= 0) badField(`target.to.${outside}`, fill(words.notAllowed, { address: asked![outside]! }));

  await takeTests(ctx, plan, chosen.length * languages.length);
  const provider = providerOf(ctx.rt, channel);
  const links = testLinks(ctx.rt);
  const tags = { org: String(ctx.identity.orgId), plan: plan.id, run: 'test' };
  let sent = 0;
  const refused: { to: string; reason: string }[] = [];
  // a staging organization's white list holds test sends as it holds campaigns (functions/delivery/policy.ts)
  const allowOnly = allowOnlyOf((await ctx.tenant.get('whiteList', 'whiteList'))?.entries ?? [], defaultCountry || undefined);
  for (const t of chosen as TestTarget[]) {
    if (!whiteListed(allowOnly, { accountId: t.recipient.accountId, address: t.recipient.address })) {
      refused.push({ to: t.to, reason: 'NOT_WHITE_LISTED' });
      continue;
    }
    for (const lang of languages) {
      const recipient = lang ? { ...t.recipient, locale: lang } : t.recipient;
      const message = adapter.message({ recipient, rendered: render(recipient, links), links, from: ctx.rt.config.mailFrom, tags });
      const outcome = await provider.send(message, { tenant: ctx.tenant });
      if (outcome.kind === 'sent') sent++;
      else refused.push({ to: t.to, reason: outcome.kind === 'throttled' ? 'THROTTLED' : outcome.reason });
    }
  }
  return { sent, refused };
};

export const getTestTargets: AreaHandlers<'plan'>['getTestTargets'] = async ({ channel }, ctx) => {
  const targets = await testTargetsOf(ctx, channel, true);
  return { targets: targets.map(({ name, to, detail }) => ({ name, to, ...(detail ? { detail } : {}) })) };
};

export const getChannels: AreaHandlers<'plan'>['getChannels'] = async (_p, ctx) => ({
  channels: CHANNELS.map((channel) => ({ channel, sendable: adapterOf(channel).sendable })),
  ...(ctx.rt.config.sms?.maxPrice ? { smsMaxPrice: ctx.rt.config.sms.maxPrice } : {}),
});
