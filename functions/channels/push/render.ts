/**
 * A push message for one recipient: the content of the recipient's language personalised (tokens, preset values), web
 * links through click tracking, and every field of the content mapped onto what APNs and FCM take through End User
 * Messaging push (Pinpoint's SendMessages): title, subtitle and body; the tap action (open the app, a web page or a
 * deep link); buttons with their six actions; media; a place; extra parameters; sound; badge; expiry as the time to
 * live; priority; the inbox mode and the inbox item's id for the app.
 */
import type { MessageRequest } from '@aws-sdk/client-pinpoint';
import type { PushContent } from '../../../shared/content';
import type { pushTemplateSchema } from '../../../shared/content';
import { isDeepLink, personalizeText, personalizeUrl, pickLanguage, renderInApp, safeUrl } from '../../../shared/render';
import type * as z from 'zod';
import type { RecipientView } from '../adapter';
import type { RecipientLinks } from '../links';
import type { PushButton, PushRendered } from './outbound';

type PushTemplate = z.output<typeof pushTemplateSchema>;
export type PushChannelType = 'APNS' | 'APNS_SANDBOX' | 'GCM';

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

export function renderPush(template: PushTemplate, r: RecipientView, links: RecipientLinks): PushRendered {
  const language = pickLanguage(template, r.locale);
  const c = template.contents[language] as PushContent;
  const text = (s: string) => personalizeText(s, r);
  const link = (s: string, place: number) => {
    const url = personalizeUrl(s, r).trim();
    if (url && isWebLink(url)) return links.click(url, place);
    // what a personalisation token gave is checked again: anything but a link opens the app instead
    return url && (safeUrl(url) !== null || isDeepLink(url)) ? url : '';
  };
  const buttons: PushButton[] = c.buttons.map((b, i) => ({
    id: `b${i + 1}`,
    text: text(b.text),
    action: b.action,
    value: b.action === 'WEBSITE' ? link(b.value, i + 1) : b.action === 'OPEN_PAGE' ? personalizeUrl(b.value, r) : b.value,
  }));
  const extras = Object.fromEntries(c.extras.map((e) => [e.key, text(e.value)]));
  const badge = /^\d{1,6}$/.test(extras.badge ?? '') ? Number(extras.badge) : undefined;
  return {
    language,
    contentType: c.contentType,
    title: text(c.title),
    subtitle: text(c.intro),
    body: text(c.body),
    ...(c.contentType === 'url' && c.url ? { url: link(c.url, 0) } : {}),
    ...(c.contentType === 'html'
      ? { html: renderInApp({ language, theme: template.theme, title: c.title, blocks: c.blocks }, r, { linkRewriter: links.click, feedbackUrl: links.feedback }).html }
      : {}),
    buttons,
    ...(c.media.type !== 'NONE' && c.media.url ? { media: { type: c.media.type, url: c.media.url } } : {}),
    ...(c.location ? { location: c.location } : {}),
    extras,
    sound: c.sound,
    ...(badge !== undefined ? { badge } : {}),
    expiry: c.expiry,
    priority: c.priority,
    inboxMode: c.inboxMode,
  };
}

/** Seconds the push services keep trying (0: once, now); undefined: their default (four weeks). Negative: expired. */
export function timeToLive(expiry: PushRendered['expiry'], now: number, sentAt = now): number | undefined {
  if (expiry.kind === 'NONE') return undefined;
  if (expiry.kind === 'DAYS') return Math.max(0, Math.floor((sentAt + expiry.days * 86_400_000 - now) / 1000));
  return Math.floor((expiry.at - now) / 1000);
}

export function expiresAt(expiry: PushRendered['expiry'], sentAt: number, fallbackDays: number): number {
  if (expiry.kind === 'DATE') return expiry.at;
  return sentAt + (expiry.kind === 'DAYS' ? expiry.days : fallbackDays) * 86_400_000;
}

const RESERVED = new Set(['aps', 'herald']);

function heraldData(m: PushRendered, ids: { planId: string; runId: string; inboxId?: string }) {
  return {
    planId: ids.planId,
    runId: ids.runId,
    contentType: m.contentType,
    ...(m.url ? { url: m.url } : {}),
    ...(m.buttons.length ? { buttons: m.buttons } : {}),
    ...(m.media ? { media: m.media } : {}),
    ...(m.location ? { location: m.location } : {}),
    inboxMode: m.inboxMode,
    ...(ids.inboxId ? { inboxId: ids.inboxId } : {}),
    extras: m.extras,
  };
}

const tapAction = (m: PushRendered) => (m.url ? (isWebLink(m.url) ? 'URL' : 'DEEP_LINK') : 'OPEN_APP');

export function messageRequest(
  m: PushRendered,
  to: { token: string; channelType: PushChannelType },
  ids: { planId: string; runId: string; inboxId?: string },
  ttl: number | undefined,
): MessageRequest {
  const priority = m.priority === 'SEND_ANYWAY' ? 'high' : 'normal';
  const herald = heraldData(m, ids);
  const base = { Addresses: { [to.token]: { ChannelType: to.channelType } }, TraceId: `${ids.planId}#${ids.runId}`.slice(0, 64) };
  if (to.channelType === 'GCM') {
    const data: Record<string, string> = {};
    for (const [k, v] of Object.entries(m.extras)) if (!/^(google|gcm|from$|message_type$|herald\.)/.test(k)) data[k] = v;
    data['herald.planId'] = ids.planId;
    data['herald.runId'] = ids.runId;
    data['herald.contentType'] = m.contentType;
    data['herald.inboxMode'] = m.inboxMode;
    if (ids.inboxId) data['herald.inboxId'] = ids.inboxId;
    if (m.subtitle) data['herald.subtitle'] = m.subtitle;
    if (m.buttons.length) data['herald.buttons'] = JSON.stringify(m.buttons);
    if (m.media) data['herald.media'] = JSON.stringify(m.media);
    if (m.location) data['herald.location'] = JSON.stringify(m.location);
    if (m.badge !== undefined) data['herald.badge'] = String(m.badge);
    return {
      ...base,
      MessageConfiguration: {
        GCMMessage: {
          Title: m.title,
          Body: m.body,
          Action: tapAction(m),
          ...(m.url ? { Url: m.url } : {}),
          ...(m.media && m.media.type !== 'VIDEO' ? { ImageUrl: m.media.url } : {}),
          ...(m.sound ? { Sound: m.sound } : {}),
          Priority: priority,
          ...(ttl !== undefined ? { TimeToLive: ttl } : {}),
          Data: data,
          PreferredAuthenticationMethod: 'TOKEN',
        },
      },
    };
  }
  const extras = Object.fromEntries(Object.entries(m.extras).filter(([k]) => !RESERVED.has(k)));
  const aps = {
    alert: { title: m.title, ...(m.subtitle ? { subtitle: m.subtitle } : {}), body: m.body },
    ...(m.sound ? { sound: m.sound } : {}),
    ...(m.badge !== undefined ? { badge: m.badge } : {}),
    // the app's notification service extension fetches the media and draws the buttons
    ...(m.media || m.buttons.length || m.mutableContent ? { 'mutable-content': 1 } : {}),
    ...(m.buttons.length ? { category: `HERALD_BUTTONS_${m.buttons.length}` } : {}),
    'interruption-level': m.priority === 'SEND_ANYWAY' ? 'time-sensitive' : 'active',
    'thread-id': ids.planId,
  };
  return {
    ...base,
    MessageConfiguration: {
      APNSMessage: {
        APNSPushType: 'alert',
        Title: m.title,
        Body: m.body,
        Action: tapAction(m),
        ...(m.url ? { Url: m.url } : {}),
        ...(m.media ? { MediaUrl: m.media.url } : {}),
        ...(m.sound ? { Sound: m.sound } : {}),
        ...(m.badge !== undefined ? { Badge: m.badge } : {}),
        Priority: priority,
        ...(ttl !== undefined ? { TimeToLive: ttl } : {}),
        RawContent: JSON.stringify({ aps, herald, ...extras }),
      },
    },
  };
}
