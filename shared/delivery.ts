/**
 * The words of delivery the portal shows: channels (spec 001 3.1), the states of a sent-record and the
 * send-failure reasons (spec 001 section 8, numbered 1 to 14 in the spec's order).
 */
export const CHANNELS = ['PUSH_NATIVE', 'SMS', 'EMAIL', 'DIRECT_MAIL', 'LINE'] as const;
export type Channel = (typeof CHANNELS)[number];

/** What a channel can do; each list of channels with a capability is read from CHANNEL_CAPABILITIES. */
export interface ChannelCapabilities {
  /** opens are tracked (a pixel in an email, an app open of a push) */
  opens: boolean;
  /** link clicks are tracked (a letter has no links) */
  clicks: boolean;
  /** the provider says whether a message arrived (a letter's post is not reported back) */
  delivered: boolean;
  /** unsubscribes are counted per message (an email's link, a push turned off within 5 minutes) */
  unsubscribes: boolean;
  /** a thumb block's like/dislike prompt (an email block) */
  answers: boolean;
  /** it wakes a phone: quiet hours hold it (email and letters wait in an inbox or a box anyway) */
  quietHours: boolean;
  /** tested through plan.testSend to the organization's own people (email has its own test mail) */
  testSends: boolean;
  /** the AI composer writes its content */
  aiComposer: boolean;
  /** an organization may send it through its own provider (shared/entities/messageProvider.ts) */
  ownProviders: boolean;
  /** it reaches the organization's app on a device: counted per OS, and the app's SDK reports what it received */
  app: boolean;
  /** its sends are files for a print vendor, downloaded from the message's sent records; a letter names its sending company */
  printed: boolean;
  /** its content is the email builder's blocks (spec 001 3.6); every other channel's is its template editor's fields */
  builder: boolean;
  /** the provider reports bounces and complaints later (the figures of those counters) */
  bounces: boolean;
  /** how far readers scroll is reported (an in-app page by the app SDK, a mail's hosted page by the web snippet) */
  scroll: boolean;
  /** it is sent and charged in parts (an SMS's segments): its figures count them and a send's cost is shown */
  parts: boolean;
}

/**
 * Each channel's capabilities (ARCHITECTURE.md section 5): every list of channels by capability is derived from
 * this table, so a new channel without its row does not compile.
 */
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

/** The channels holding a capability, as a type. */
export type ChannelsWith<K extends keyof ChannelCapabilities> = { [C in Channel]: (typeof CHANNEL_CAPABILITIES)[C][K] extends true ? C : never }[Channel];

/** The channels holding a capability, in CHANNELS order (a tuple, as zod's enum takes it). */
export function channelsWith<K extends keyof ChannelCapabilities>(capability: K): readonly [ChannelsWith<K>, ...ChannelsWith<K>[]] {
  return CHANNELS.filter((c) => CHANNEL_CAPABILITIES[c][capability]) as unknown as readonly [ChannelsWith<K>, ...ChannelsWith<K>[]];
}

/**
 * The channels in the order menus offer them (a template's channel, the configuration's channel list): the email
 * builder's first. Every channel has its place: one missing here does not compile.
 */
export const MENU_CHANNELS = ['EMAIL', 'PUSH_NATIVE', 'SMS', 'LINE', 'DIRECT_MAIL'] as const satisfies readonly Channel[];
const everyChannelInMenus: Exclude<Channel, (typeof MENU_CHANNELS)[number]> extends never ? true : never = true;
void everyChannelInMenus;

/** The channel a template or message is when it names none: the email builder's (spec 001 3.6). */
export const DEFAULT_CHANNEL = 'EMAIL' satisfies Channel;

/** The one channel reaching the organization's app: counted per device OS, read back by the app's SDK. */
export const [APP_CHANNEL] = channelsWith('app');

/** The one channel written in the email builder: its content is blocks, not a channel editor's fields. */
export const [BUILDER_CHANNEL] = channelsWith('builder');

/** The one channel whose sends are letters for a print vendor: its own downloads and PDF preview. */
export const [PRINTED_CHANNEL] = channelsWith('printed');

/** Channels whose opens are tracked. */
export const OPEN_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('opens'));
/** Channels whose link clicks are tracked. */
export const CLICK_CHANNELS: ReadonlySet<Channel> = new Set(channelsWith('clicks'));

/**
 * A sent-record's life: CLAIMED before the provider is called, then SENT, FAILED or SKIPPED. A claim left by a
 * worker that died between the provider and the ledger is UNCERTAIN: shown to operators, never resent blindly.
 */
export const SENT_STATES = ['CLAIMED', 'SENT', 'FAILED', 'SKIPPED', 'UNCERTAIN'] as const;
export type SentState = (typeof SENT_STATES)[number];

export const SEND_FAILURE_REASONS = {
  LOGGED_OUT: 1,
  APP_UNINSTALLED: 2,
  /** the recipient's own settings block the channel; for email, no consent */
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

/** A recipient of a run: the account, or one of its several addresses on a channel (`<accountId>#<target>`). */
export const recipientKeyOf = (r: { accountId: string; target?: string }): string => (r.target ? `${r.accountId}#${r.target}` : r.accountId);
