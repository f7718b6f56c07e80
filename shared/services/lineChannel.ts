/** The LINE channel (issue 20 item 5); token and secret are write-only, and a save without one keeps the stored one. */
import * as z from 'zod';
import { operation } from './operation';
import { say } from '../i18n/say';

export const LINE_ACCESS_TOKEN = /^[A-Za-z0-9+/=._-]{32,2000}$/;
export const LINE_CHANNEL_SECRET = /^[0-9a-f]{32}$/;

export const LINE_CHANNEL_MESSAGES = {
  channelId: say('line.channelId'),
  accessToken: say('line.accessToken'),
  channelSecret: say('line.channelSecret'),
} as const;

export const lineChannelView = z.object({
  channelId: z.string(),
  accessTokenSet: z.boolean(),
  channelSecretSet: z.boolean(),
  version: z.number().int(),
  dateUpdated: z.number().int().optional(),
  updatedBy: z.string().optional(),
});
export type LineChannelView = z.infer<typeof lineChannelView>;

const optionalSecret = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .refine((v) => v === '' || pattern.test(v), message)
    .optional();

export const lineChannelServices = {
  detail: operation({ access: 'NAV_PUSH_CHANNEL', payload: z.object({}).default({}), response: lineChannelView }),
  save: operation({
    access: 'NAV_PUSH_CHANNEL',
    payload: z.object({
      channelId: z.string().trim().max(32, LINE_CHANNEL_MESSAGES.channelId).regex(/^\d*$/, LINE_CHANNEL_MESSAGES.channelId).default(''),
      accessToken: optionalSecret(LINE_ACCESS_TOKEN, LINE_CHANNEL_MESSAGES.accessToken),
      channelSecret: optionalSecret(LINE_CHANNEL_SECRET, LINE_CHANNEL_MESSAGES.channelSecret),
      version: z.number().int().nonnegative(),
    }),
    response: lineChannelView,
  }),
  remove: operation({ access: 'NAV_PUSH_CHANNEL', payload: z.object({ version: z.number().int().positive() }), response: lineChannelView }),
} as const;
