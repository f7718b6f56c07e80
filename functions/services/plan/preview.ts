// plan.getReplacedTemplateMessage: a message with its placeholders replaced for one account (or a sample recipient).
// Links stay untracked, so a preview never counts as an open or a click and no address leaves the server.
import { type Journey, journeyOf } from '../../../shared/plan/journey';
import type { PlanContent } from '../../../shared/plan/plan';
import { AppError } from '../../../shared/errors';
import { displayName } from '../../../shared/format';
import { fill } from '../../../shared/import/accountImport';
import { pickLanguage } from '../../../shared/render';
import { PLAN_CHANNEL_MESSAGES, TEST_MAIL_MESSAGES } from '../../../shared/services';
import type { Channel } from '../../../shared/delivery';
import type { AreaHandlers } from '../../contract/context';
import { badField } from '../../contract/problems';
import { adapterOf, type RecipientView } from '../../channels';
import { Accounts } from '../../domain/accounts';
import { presetTokens, presetValues } from '../../domain/presetValues';
import { testLinks } from './testSends';
import { say } from '../../../shared/i18n/say';

const SAMPLE: RecipientView = { accountId: 'sample', address: '', consent: true };

function messageOf(
  plan: { type: string; channel: Channel; content: PlanContent },
  journey: Journey | undefined,
  stepId: string | undefined,
): { channel: Channel; content: PlanContent } {
  if (!journey) {
    if (stepId) badField('stepId', say('request.singleHasNoSteps'));
    return { channel: plan.channel, content: plan.content };
  }
  const step = stepId ? journey.steps[stepId] : undefined;
  if (!stepId) badField('stepId', say('request.stepRequired'));
  if (step?.type !== 'MESSAGE') throw new AppError('720003');
  return { channel: step.channel, content: step.content };
}

export const getReplacedTemplateMessage: AreaHandlers<'plan'>['getReplacedTemplateMessage'] = async ({ id, stepId, accountId, language }, ctx) => {
  const plan = await ctx.tenant.require('plan', id);
  const { channel, content } = messageOf(plan, journeyOf(plan), stepId);
  const render = adapterOf(channel).prepare(content, { messageType: plan.messageType });
  if (!render) throw new AppError('720009', PLAN_CHANNEL_MESSAGES[ctx.lang].notSendable);
  const template = (content as { template: { defaultLanguage: string; contents: Record<string, unknown> } }).template;
  if (language && !Object.hasOwn(template.contents, language)) badField('language', fill(TEST_MAIL_MESSAGES[ctx.lang].noLanguage, { language }));

  let recipient = SAMPLE;
  let name = 'sample';
  if (accountId) {
    // an account's data is shown only to those who may see accounts
    if (!ctx.identity.permissions.includes('NAV_ACCOUNT')) throw new AppError('730001');
    const account = await new Accounts(ctx.tenant).get(accountId);
    if (!account) throw new AppError('720003');
    const presets = await presetValues(ctx.tenant, presetTokens(JSON.stringify(content)), [account]);
    const preset = presets.get(account.id);
    recipient = {
      accountId: account.id,
      address: account.emails[0] ?? '',
      consent: true,
      locale: account.locale,
      firstName: account.firstName,
      lastName: account.lastName,
      attributes: account.attributes,
      ...(preset ? { preset } : {}),
    };
    name = displayName(account.firstName, account.lastName, ctx.lang) || account.id;
  }
  const code = language ?? pickLanguage(template, recipient.locale);
  const message = render({ ...recipient, locale: code }, testLinks(ctx.rt));
  return { channel, language: code, recipient: { ...(accountId ? { accountId } : {}), name }, message: message as unknown as Record<string, unknown> };
};
