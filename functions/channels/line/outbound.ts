/** What a LINE message is between the adapter's renderer and its provider call. */

/** one recipient's message as rendered from the plan's content */
export interface LineRendered {
  text: string;
}

/** the provider request of one recipient, as the sender port takes it */
export interface OutboundLine {
  channel: 'LINE';
  to: string;
  body: string;
  /** provider tags for events (org, plan, run) */
  tags: Record<string, string>;
}
