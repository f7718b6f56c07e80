/** What a PUSH_NATIVE message is between the adapter's renderer and its provider call. */
import type { PUSH_BUTTON_ACTIONS, PushContent } from '../../../shared/content';

type PushButtonAction = (typeof PUSH_BUTTON_ACTIONS)[number];

export interface PushButton {
  /** `b1`, `b2`: what the app reports back when the button is tapped */
  id: string;
  text: string;
  action: PushButtonAction;
  /** the (tracked) link, the page, the number; empty for the actions that take none */
  value: string;
}

/** one recipient's message as rendered from the plan's content, in the recipient's language */
export interface PushRendered {
  language: string;
  contentType: PushContent['contentType'];
  title: string;
  /** the content's intro: APNs' subtitle, FCM's data */
  subtitle: string;
  body: string;
  /** what a tap opens: a `url` message's (tracked) link or deep link */
  url?: string;
  /** an `html` message's page for the app's web view (kept in the inbox, not in the push payload) */
  html?: string;
  buttons: PushButton[];
  media?: { type: 'VIDEO' | 'GIF' | 'THUMBNAIL'; url: string };
  location?: { latitude: number; longitude: number; label: string };
  extras: Record<string, string>;
  sound: string;
  /** the badge number: the extra parameter `badge` when it is a whole number */
  badge?: number;
  expiry: PushContent['expiry'];
  priority: PushContent['priority'];
  inboxMode: PushContent['inboxMode'];
  /** the organization asks for mutable content on every iOS push (system setting), not only with media or buttons */
  mutableContent?: boolean;
}

/** the provider request of one recipient (one device), as the sender port takes it */
export interface OutboundPush {
  channel: 'PUSH_NATIVE';
  /** the device's push token */
  to: string;
  accountId: string;
  /** the device's id (the recipient's target) */
  deviceId?: string;
  rendered: PushRendered;
  /** provider tags for events (org, plan, run) */
  tags: Record<string, string>;
}
