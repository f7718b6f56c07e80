/**
 * The words of delivery the portal shows: channels (spec 001 3.1), the states of a sent-record and the
 * send-failure reasons (spec 001 section 8, numbered 1 to 14 in the spec's order).
 */
export const CHANNELS = ['PUSH_NATIVE', 'SMS', 'EMAIL', 'DIRECT_MAIL', 'LINE'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Channels whose opens are tracked (a pixel in an email, an app open of a push); SMS, LINE and direct mail have none. */
export const OPEN_CHANNELS: ReadonlySet<Channel> = new Set(['EMAIL', 'PUSH_NATIVE']);
/** Channels whose link clicks are tracked (an SMS's and a LINE message's links too); a letter has no links. */
export const CLICK_CHANNELS: ReadonlySet<Channel> = new Set(['EMAIL', 'PUSH_NATIVE', 'LINE', 'SMS']);

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
