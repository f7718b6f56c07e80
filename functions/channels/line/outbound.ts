/** What a LINE message is between the adapter's renderer and its provider call. */

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

export type LineApiMessage =
  | { type: 'text'; text: string }
  | { type: 'image'; originalContentUrl: string; previewImageUrl: string }
  | { type: 'template'; altText: string; template: LineButtonsTemplate };

export interface LineRendered {
  language: string;
  messages: LineApiMessage[];
}

export interface OutboundLine {
  channel: 'LINE';
  to: string;
  messages: LineApiMessage[];
  /** `X-Line-Retry-Key`: the same for the same (plan, run, recipient), so a redelivered batch is not sent twice */
  retryKey: string;
  tags: Record<string, string>;
}
