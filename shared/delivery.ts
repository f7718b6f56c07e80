/** Channels (spec 001 3.1), sent-record states and send-failure reasons (spec 001 section 8, numbered in its order). */
export const CHANNELS = ['PUSH_NATIVE', 'SMS', 'EMAIL', 'DIRECT_MAIL', 'LINE'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface ChannelCapabilities {
  opens: boolean;
  clicks: boolean;
  delivered: boolean;
  /** an email's link, or a push turned off within 5 minutes */
  unsubscribes: boolean;
  answers: boolean;
  /** it wakes a phone (email and letters wait in an inbox or a box anyway) */
  quietHours: boolean;
  testSends: boolean;
  aiComposer: boolean;
  ownProviders: boolean;
  app: boolean;
  printed: boolean;
  builder: boolean;
  bounces: boolean;
  scroll: boolean;
  parts: boolean;
}

/** ARCHITECTURE.md section 5: every capability list derives from this table, so a channel without its row does not compile. */
export const CHANNEL_CAPABILITIES = {
  PUSH_NATIVE: {
    opens: true,
    clicks: true,
    delivered: true,
    unsubscribes: true,
    answers: false,
    quietHours: true,
    testSends: true,
    aiComposer: true,
    ownProviders: false,
    app: true,
    printed: false,
    builder: false,
    bounces: false,
    scroll: true,
    parts: false,
  },
  SMS: {
    opens: false,
    clicks: true,
    delivered: true,
    unsubscribes: false,
    answers: false,
    quietHours: true,
    testSends: true,
    aiComposer: true,
    ownProviders: true,
    app: false,
    printed: false,
    builder: false,
    bounces: false,
    scroll: false,
    parts: true,
  },
  EMAIL: {
    opens: true,
    clicks: true,
    delivered: true,
    unsubscribes: true,
    answers: true,
    quietHours: false,
    testSends: false,
    aiComposer: true,
    ownProviders: true,
    app: false,
    printed: false,
    builder: true,
    bounces: true,
    scroll: true,
    parts: false,
  },
  DIRECT_MAIL: {
    opens: false,
    clicks: false,
    delivered: false,
    unsubscribes: false,
    answers: false,
    quietHours: false,
    testSends: true,
    aiComposer: false,
    ownProviders: false,
    app: false,
    printed: true,
    builder: false,
    bounces: false,
    scroll: false,
    parts: false,
  },
  LINE: {
    opens: false,
    clicks: true,
    delivered: true,
    unsubscribes: false,
    answers: false,
    quietHours: false,
    testSends: true,
    aiComposer: true,
    ownProviders: false,
    app: false,
    printed: false,
    builder: false,
    bounces: false,
    scroll: false,
    parts: false,
  },
} as const satisfies { readonly [C in Channel]: ChannelCapabilities };

export type ChannelsWith<K extends keyof ChannelCapabilities> = { [C in Channel]: (typeof CHANNEL_CAPABILITIES)[C][K] extends true ? C : never }[Channel];

export function channelsWith<K extends keyof ChannelCapabilities>(capability: K): readonly [ChannelsWith<K>, ...ChannelsWith<K>[]] {
  return CHANNELS.filter((c) => CHANNEL_CAPABILITIES[c][capability]) as unknown as readonly [ChannelsWith<K>, ...ChannelsWith<K>[]];
}

/** Every channel has its place: one missing here does not compile. */
export const MENU_CHANNELS = ['EMAIL', 'PUSH_NATIVE', 'SMS', 'LINE', 'DIRECT_MAIL'] as const satisfies readonly Channel[];
const everyChannelInMenus: Exclude<Channel, (typeof MENU_CHANNELS)[number]> extends never ? true : never = true;
void everyChannelInMenus;

export const DEFAULT_CHANNEL = 'EMAIL' satisfies Channel;

export const [APP_CHANNEL] = channelsWith('app');

export const [BUILDER_CHANNEL] = channelsWith('builder');

export const [PRINTED_CHANNEL] = channelsWith('printed');

export const OPEN_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('opens'));
export const CLICK_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('clicks'));

/** A claim left by a worker that died between the provider and the ledger is UNCERTAIN: never resent blindly. */
export const SENT_STATES = ['CLAIMED', 'SENT', 'FAILED', 'SKIPPED', 'UNCERTAIN'] as const;
export type SentState = (typeof SENT_STATES)[number];

export const SEND_FAILURE_REASONS = {
  LOGGED_OUT: 1,
  APP_UNINSTALLED: 2,
  USER_SETTINGS_BLOCK: 3,
  STALE_PUSH_TOKEN: 4,
  USER_NOT_FOUND: 5,
  USER_NOT_MATCHED: 6,
  APP_VERSION_TOO_LOW: 7,
  INBOX_DISABLED: 8,
  UNSUBSCRIBED: 9,
  CHANNEL_LIMIT_REACHED: 10,
  PER_USER_LIMIT_REACHED: 11,
  BOUNCE: 12,
  COMPLAINT: 13,
  UNEXPECTED: 14,
} as const;
export type SendFailureReason = keyof typeof SEND_FAILURE_REASONS;

export const recipientKeyOf = (r: { accountId: string; target?: string }): string => (r.target ? `${r.accountId}#${r.target}` : r.accountId);
