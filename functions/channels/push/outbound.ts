/** What a PUSH_NATIVE message is between the adapter's renderer and its provider call. */
import type { PUSH_BUTTON_ACTIONS, PushContent } from '../../../shared/content';

type PushButtonAction = (typeof PUSH_BUTTON_ACTIONS)[number];

export interface PushButton {
  id: string;
  text: string;
  action: PushButtonAction;
  value: string;
}

export interface PushRendered {
  language: string;
  contentType: PushContent['contentType'];
  title: string;
  subtitle: string;
  body: string;
  url?: string;
  html?: string;
  buttons: PushButton[];
  media?: { type: 'VIDEO' | 'GIF' | 'THUMBNAIL'; url: string };
  location?: { latitude: number; longitude: number; label: string };
  extras: Record<string, string>;
  sound: string;
  badge?: number;
  expiry: PushContent['expiry'];
  priority: PushContent['priority'];
  inboxMode: PushContent['inboxMode'];
  mutableContent?: boolean;
}

export interface OutboundPush {
  channel: 'PUSH_NATIVE';
  to: string;
  accountId: string;
  deviceId?: string;
  rendered: PushRendered;
  tags: Record<string, string>;
}
