/** LINE content (spec 001 3.1) within the Messaging API's limits (text 5,000; buttons: alt 400, title 40, text 160 or 60, 1–4 actions). */
import * as z from 'zod';
import { isStorableUrl, RENDER_MESSAGES } from '../render/fields';
import { URL_MAX } from '../render/limits';
import { type FieldKey, fieldName, say } from '../i18n/say';

export const LINE_MESSAGES_MAX = 5;
export const LINE_LIMITS = { text: 5000, altText: 400, title: 40, buttonText: 160, buttonTextWithHeader: 60, label: 20, actions: 4 } as const;

const required = (param: FieldKey, max: number) =>
  z
    .string({ error: RENDER_MESSAGES.inputRequired(param) })
    .trim()
    .min(1, RENDER_MESSAGES.inputRequired(param))
    .max(max, RENDER_MESSAGES.tooLong(param, max));

const httpsImage = (param: FieldKey) =>
  z
    .string({ error: RENDER_MESSAGES.inputRequired(param) })
    .trim()
    .min(1, RENDER_MESSAGES.inputRequired(param))
    .max(URL_MAX, RENDER_MESSAGES.tooLong(param, URL_MAX))
    .refine((v) => isStorableUrl(v, 'image') && !/^http:/i.test(v), say('render.httpsImage', { param: fieldName(param) }));

const lineAction = z.object({
  label: required('label', LINE_LIMITS.label),
  uri: z
    .string({ error: RENDER_MESSAGES.inputRequired('link') })
    .trim()
    .min(1, RENDER_MESSAGES.inputRequired('link'))
    .max(URL_MAX, RENDER_MESSAGES.tooLong('link', URL_MAX))
    .refine((v) => isStorableUrl(v, 'link') && !/^mailto:/i.test(v), 'Please enter a full link (http, https or tel).'),
});

export const lineMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: required('text', LINE_LIMITS.text) }),
  z.object({ type: z.literal('image'), originalContentUrl: httpsImage('image'), previewImageUrl: httpsImage('previewImage') }),
  z
    .object({
      type: z.literal('buttons'),
      altText: required('alternativeText', LINE_LIMITS.altText),
      thumbnailImageUrl: z.union([z.literal(''), httpsImage('picture')]).default(''),
      title: z.string().trim().max(LINE_LIMITS.title, RENDER_MESSAGES.tooLong('title', LINE_LIMITS.title)).default(''),
      text: required('text', LINE_LIMITS.buttonText),
      actions: z
        .array(lineAction)
        .min(1, say('form.atLeastOneButton'))
        .max(LINE_LIMITS.actions, say('form.buttonsMax', { max: LINE_LIMITS.actions })),
    })
    .refine((m) => !(m.title || m.thumbnailImageUrl) || m.text.length <= LINE_LIMITS.buttonTextWithHeader, {
      message: RENDER_MESSAGES.tooLong('text', LINE_LIMITS.buttonTextWithHeader) + ' (with a title or picture)',
      path: ['text'],
    }),
]);
export type LineMessage = z.output<typeof lineMessageSchema>;

export const lineContentSchema = z.object({
  messages: z
    .array(lineMessageSchema)
    .min(1, say('form.atLeastOneMessage'))
    .max(LINE_MESSAGES_MAX, say('form.lineMessagesMax', { max: LINE_MESSAGES_MAX })),
});
export type LineContent = z.output<typeof lineContentSchema>;
