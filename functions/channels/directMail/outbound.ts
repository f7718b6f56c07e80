/** What a DIRECT_MAIL message is between the adapter's renderer and its provider call. */

/** one recipient's message as rendered from the plan's content */
export interface LetterRendered {
  text: string;
}

/** the provider request of one recipient, as the sender port takes it */
export interface OutboundLetter {
  channel: 'DIRECT_MAIL';
  to: string;
  body: string;
  /** provider tags for events (org, plan, run) */
  tags: Record<string, string>;
}
