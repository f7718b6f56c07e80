/** Push content, spec 001 3.1 and 3.2; an `html` message carries builder blocks (the in-app renderer). */
import * as z from 'zod';
import { blockSchema } from '../render/blocks';
import { isStorableAppLink, isStorableUrl, RENDER_MESSAGES } from '../render/fields';
import { MAX_BLOCKS, URL_MAX } from '../render/limits';
import { type FieldKey, say } from '../i18n/say';

export const PUSH_CONTENT_TYPES = ['text', 'html', 'url', 'native', 'rating', 'recall', 'dataIntegration', 'empty'] as const;
export const PUSH_BUTTON_ACTIONS = ['WEBSITE', 'OPEN_PAGE', 'CALL', 'CLOSE', 'UPGRADE', 'REQUIRE_LOGIN'] as const;
export const PUSH_MEDIA_TYPES = ['NONE', 'VIDEO', 'GIF', 'THUMBNAIL'] as const;
export const PUSH_PRIORITIES = ['SEND_ANYWAY', 'FOLLOW_USER_SETTINGS'] as const;
export const PUSH_INBOX_MODES = ['INBOX_ONLY', 'PUSH_AND_INBOX', 'PUSH_ONLY'] as const;

export const PUSH_LIMITS = { title: 100, intro: 150, body: 2000, buttonText: 30, buttons: 2, extras: 10, extraKey: 64, extraValue: 500, sound: 64, expiryDays: 28 } as const;

const optionalText = (param: FieldKey, max: number) => z.string().trim().max(max, RENDER_MESSAGES.tooLong(param, max)).default('');
const link = (param: FieldKey, kind: 'link' | 'image') =>
  z
    .string()
    .trim()
    .max(URL_MAX, RENDER_MESSAGES.tooLong(param, URL_MAX))
    .refine((v) => isStorableUrl(v, kind), kind === 'image' ? RENDER_MESSAGES.imageLink(param) : RENDER_MESSAGES.link(param))
    .default('');

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

const appLink = (param: FieldKey) =>
  z
    .string()
    .trim()
    .max(URL_MAX, RENDER_MESSAGES.tooLong(param, URL_MAX))
    .refine((v) => isStorableAppLink(v), RENDER_MESSAGES.appLink(param))
    .default('');

const buttonSchema = z
  .object({
    text: z.string().trim().min(1, RENDER_MESSAGES.inputRequired('buttonText')).max(PUSH_LIMITS.buttonText, RENDER_MESSAGES.tooLong('buttonText', PUSH_LIMITS.buttonText)),
    action: z.enum(PUSH_BUTTON_ACTIONS, { error: say('validation.selectRequired', { param: say('field.buttonAction') }) }),
    value: z.string().trim().max(URL_MAX, RENDER_MESSAGES.tooLong('buttonValue', URL_MAX)).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'WEBSITE' && !(b.value && isStorableUrl(b.value, 'link'))) ctx.addIssue({ code: 'custom', path: ['value'], message: RENDER_MESSAGES.link('button') });
    if (b.action === 'OPEN_PAGE' && !b.value) ctx.addIssue({ code: 'custom', path: ['value'], message: RENDER_MESSAGES.inputRequired('page') });
    else if (b.action === 'OPEN_PAGE' && HAS_SCHEME.test(b.value) && !isStorableAppLink(b.value))
      ctx.addIssue({ code: 'custom', path: ['value'], message: RENDER_MESSAGES.appLink('page') });
    if (b.action === 'CALL' && !/^\+?[0-9][0-9 ()-]{2,28}$/.test(b.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: say('render.phoneAction') });
  });

const expirySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('NONE') }),
  z.object({ kind: z.literal('DATE'), at: z.number().int().positive() }),
  z.object({
    kind: z.literal('DAYS'),
    days: z
      .number()
      .int()
      .min(1)
      .max(PUSH_LIMITS.expiryDays, RENDER_MESSAGES.outOfRange('expiryDays', 1, PUSH_LIMITS.expiryDays)),
  }),
]);

export const pushContentSchema = z
  .object({
    contentType: z.enum(PUSH_CONTENT_TYPES).default('text'),
    title: z
      .string({ error: RENDER_MESSAGES.inputRequired('title') })
      .trim()
      .min(1, RENDER_MESSAGES.inputRequired('title'))
      .max(PUSH_LIMITS.title, RENDER_MESSAGES.tooLong('title', PUSH_LIMITS.title)),
    intro: optionalText('intro', PUSH_LIMITS.intro),
    body: optionalText('body', PUSH_LIMITS.body),
    url: appLink('url'),
    blocks: z
      .array(blockSchema)
      .max(MAX_BLOCKS, say('form.templateBlocksMax', { max: MAX_BLOCKS }))
      .default([]),
    buttons: z
      .array(buttonSchema)
      .max(PUSH_LIMITS.buttons, say('form.pushButtonsMax', { max: PUSH_LIMITS.buttons }))
      .default([]),
    media: z.object({ type: z.enum(PUSH_MEDIA_TYPES).default('NONE'), url: link('media', 'link') }).default({ type: 'NONE', url: '' }),
    location: z
      .object({
        latitude: z
          .number()
          .min(-90, say('render.outOfRange', { param: say('field.latitude'), min: '-90', max: 90 }))
          .max(90, say('render.outOfRange', { param: say('field.latitude'), min: '-90', max: 90 })),
        longitude: z
          .number()
          .min(-180, say('render.outOfRange', { param: say('field.longitude'), min: '-180', max: 180 }))
          .max(180, say('render.outOfRange', { param: say('field.longitude'), min: '-180', max: 180 })),
        label: optionalText('placeName', 100),
      })
      .nullable()
      .default(null),
    extras: z
      .array(
        z.object({
          key: z.string().trim().min(1, RENDER_MESSAGES.inputRequired('key')).max(PUSH_LIMITS.extraKey),
          value: z.string().max(PUSH_LIMITS.extraValue, RENDER_MESSAGES.tooLong('value', PUSH_LIMITS.extraValue)),
        }),
      )
      .max(PUSH_LIMITS.extras, say('form.extraParametersMax', { max: PUSH_LIMITS.extras }))
      .refine((list) => new Set(list.map((e) => e.key)).size === list.length, 'Each extra parameter needs its own key.')
      .default([]),
    sound: z
      .string()
      .trim()
      .max(PUSH_LIMITS.sound)
      .regex(/^[\w.-]*$/, say('form.sound'))
      .default('default'),
    expiry: expirySchema.default({ kind: 'NONE' }),
    priority: z.enum(PUSH_PRIORITIES).default('FOLLOW_USER_SETTINGS'),
    inboxMode: z.enum(PUSH_INBOX_MODES).default('PUSH_AND_INBOX'),
  })
  .superRefine((c, ctx) => {
    if (['text', 'native', 'rating', 'recall'].includes(c.contentType) && !c.body) ctx.addIssue({ code: 'custom', path: ['body'], message: RENDER_MESSAGES.inputRequired('body') });
    if (c.contentType === 'url' && !c.url) ctx.addIssue({ code: 'custom', path: ['url'], message: RENDER_MESSAGES.inputRequired('url') });
    if (c.contentType === 'html' && c.blocks.length === 0) ctx.addIssue({ code: 'custom', path: ['blocks'], message: say('render.oneBlock') });
    if (c.media.type !== 'NONE' && !c.media.url) ctx.addIssue({ code: 'custom', path: ['media', 'url'], message: RENDER_MESSAGES.inputRequired('media') });
  });
export type PushContent = z.output<typeof pushContentSchema>;
export type PushContentInput = z.input<typeof pushContentSchema>;
