/**
 * What a LINE message is between the adapter's renderer and its provider call: the Messaging API's own message
 * objects (https://developers.line.biz/en/reference/messaging-api/#message-objects), so the request body is the
 * rendered messages as they are.
 */

export interface LineUriAction {
  type: 'uri';
  label: string;
  uri: string;
}

export interface LineButtonsTemplate {
  type: 'buttons';
  thumbnailImageUrl?: string;
  title?: string;
  text: string;
  actions: LineUriAction[];
}

/** One message object of the Messaging API, as Herald sends them (text, image, buttons template). */
export type LineApiMessage =
  | { type: 'text'; text: string }
  | { type: 'image'; originalContentUrl: string; previewImageUrl: string }
  | { type: 'template'; altText: string; template: LineButtonsTemplate };

/** one recipient's messages as rendered from the plan's content, in the recipient's language */
export interface LineRendered {
  language: string;
  messages: LineApiMessage[];
}

/** the provider request of one recipient: `POST /v2/bot/message/push` */
export interface OutboundLine {
  channel: 'LINE';
  /** the user id (U + 32 hex) */
  to: string;
  messages: LineApiMessage[];
  /** `X-Line-Retry-Key`: the same for the same (plan, run, recipient), so a redelivered batch is not sent twice */
  retryKey: string;
  /** provider tags for events (org, plan, run): the org picks the channel access token */
  tags: Record<string, string>;
}
