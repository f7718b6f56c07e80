/**
 * The organization's LINE channel (issue 20 item 5): the Messaging API channel its LINE messages go out from.
 * The channel access token and the channel secret are write-only: an answer says whether each is set, never
 * what it is. Leaving one out (or empty) on a save keeps the stored one.
 */
import * as z from 'zod';
import { operation } from './operation';
import { say } from '../i18n/say';

/** A channel access token as LINE issues them: long-lived (base64) or v2.1 (JWT-like), no spaces. */
export const LINE_ACCESS_TOKEN = /^[A-Za-z0-9+/=._-]{32,2000}$/;
/** A channel secret: 32 hexadecimal characters. */
export const LINE_CHANNEL_SECRET = /^[0-9a-f]{32}$/;

export const LINE_CHANNEL_MESSAGES = {
  channelId: say('line.channelId'),
  accessToken: say('line.accessToken'),
  channelSecret: say('line.channelSecret'),
} as const;

export const lineChannelView = z.object({
  channelId: z.string(),
  /** whether a channel access token is stored (the token itself never leaves the server) */
  accessTokenSet: z.boolean(),
  channelSecretSet: z.boolean(),
  /** 0 while the organization has none */
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
  /** forgets the channel: LINE messages then fail until a token is saved again */
  remove: operation({ access: 'NAV_PUSH_CHANNEL', payload: z.object({ version: z.number().int().positive() }), response: lineChannelView }),
} as const;
