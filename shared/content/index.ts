/** Content per channel (issue 9), all in the one multi-language template so languages, translation, export and import work alike. */
import * as z from 'zod';
import type { Channel } from '../delivery';
import { idString } from '../entities/entity';
import { RENDER_MESSAGES } from '../render/fields';
import { emailContentSchema, type EmailTemplate, emailTemplateSchema, localizedTemplateSchema } from '../render/template';
import { lineContentSchema } from './line';
import { letterContentSchema } from './letter';
import { pushContentSchema } from './push';
import { smsContentSchema } from './sms';
import { say } from '../i18n/say';

export const pushTemplateSchema = localizedTemplateSchema(pushContentSchema, z.literal('PUSH_NATIVE'));
export const smsTemplateSchema = localizedTemplateSchema(smsContentSchema, z.literal('SMS'));
export const lineTemplateSchema = localizedTemplateSchema(lineContentSchema, z.literal('LINE'));
export const letterTemplateSchema = localizedTemplateSchema(letterContentSchema, z.literal('DIRECT_MAIL')).and(z.object({ companyId: idString.optional() }));

export const CHANNEL_TEMPLATES = {
  EMAIL: { template: emailTemplateSchema, content: emailContentSchema },
  PUSH_NATIVE: { template: pushTemplateSchema, content: pushContentSchema },
  SMS: { template: smsTemplateSchema, content: smsContentSchema },
  LINE: { template: lineTemplateSchema, content: lineContentSchema },
  DIRECT_MAIL: { template: letterTemplateSchema, content: letterContentSchema },
} as const satisfies Record<Channel, { template: z.ZodType; content: z.ZodType }>;

export const anyTemplateSchema = z.union([pushTemplateSchema, smsTemplateSchema, lineTemplateSchema, letterTemplateSchema, emailTemplateSchema]);
export type AnyTemplate = z.output<typeof anyTemplateSchema>;
export type ChannelTemplate<C extends Channel> = z.output<(typeof CHANNEL_TEMPLATES)[C]['template']>;

export type AnyTemplateInput = z.input<typeof anyTemplateSchema>;

/** Read by the named channel's schema, so errors speak of its fields (a union would hide why). */
export const templateInput = z
  .custom<AnyTemplateInput>((v) => typeof v === 'object' && v !== null && !Array.isArray(v), RENDER_MESSAGES.inputRequired('content'))
  .transform((given, ctx): AnyTemplate => {
    const named = (given as { channel?: unknown }).channel;
    if (named !== undefined && !(typeof named === 'string' && Object.hasOwn(CHANNEL_TEMPLATES, named))) {
      ctx.addIssue({ code: 'custom', path: ['channel'], message: say('validation.selectRequired', { param: say('field.channel') }), input: named });
      return z.NEVER;
    }
    const parsed = CHANNEL_TEMPLATES[(named as Channel | undefined) ?? 'EMAIL'].template.safeParse(given);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue(issue as Parameters<typeof ctx.addIssue>[0]);
      return z.NEVER;
    }
    return parsed.data as AnyTemplate;
  });

export function parseChannelTemplate<T extends { channel?: Channel | undefined; template: AnyTemplate }>(value: T, ctx: z.RefinementCtx): T & { channel: Channel } {
  const channel = channelOf(value.template);
  if (value.channel !== undefined && value.channel !== channel) {
    ctx.addIssue({ code: 'custom', path: ['template', 'channel'], message: say('render.notThisChannel'), input: value.channel });
    return z.NEVER;
  }
  return { ...value, channel };
}

export function isEmailTemplate(template: AnyTemplate): template is EmailTemplate {
  return channelOf(template) === 'EMAIL';
}

export function channelOf(template: { channel?: string }): Channel {
  return (template.channel ?? 'EMAIL') as Channel;
}

export function summaryLine(channel: Channel, content: unknown): string {
  const c = (content ?? {}) as Record<string, unknown>;
  const first = (text: unknown) => (typeof text === 'string' ? text.replace(/\s+/g, ' ').trim().slice(0, 100) : '');
  switch (channel) {
    case 'EMAIL':
    case 'DIRECT_MAIL':
      return first(c.subject);
    case 'PUSH_NATIVE':
      return first(c.title);
    case 'SMS':
      return first(c.text);
    case 'LINE': {
      const m = (Array.isArray(c.messages) ? c.messages[0] : undefined) as Record<string, unknown> | undefined;
      return first(m?.type === 'text' ? m.text : m?.type === 'buttons' ? m.altText : m?.type === 'image' ? '[image]' : '');
    }
  }
}

export * from './letter';
export * from './line';
export * from './push';
export * from './sms';
