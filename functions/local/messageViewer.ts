/**
 * The local message viewer: beside the mail viewer (the Email tab, sesStandIn.ts), a tab per other channel, each
 * drawn from what its stand-in accepted (`GET /_standin/received`): SMS texts with number and parts (End User
 * Messaging's and an organization's Twilio's), push notifications per device with title, body, buttons and
 * media, pushes to API applications' endpoints (their path, authentication and answer), LINE message objects as
 * chat bubbles, and the
 * letters' PDFs kept in S3 under their run. Pages are drawn here, on the server, in the browser's language
 * (Accept-Language), with no script: every tab is a link, and a page is read again by reloading it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Channel } from '../../shared/delivery';

export interface ViewerSources {
  /** the stand-ins' endpoints */
  sms?: string;
  /** an organization's Twilio provider's stand-in: its messages show in the SMS tab */
  twilio?: string;
  pinpoint?: string;
  line?: string;
  apiApp?: string;
  /** an organization's own SMTP server and e-mail API, stood in for */
  smtp?: string;
  emailApi?: string;
  /** the S3 endpoint and the bucket letters are kept in */
  s3?: string;
  bucket?: string;
}

/** Each channel's tabs, in the order shown: a channel without its tabs does not compile. */
const CHANNEL_TABS = {
  EMAIL: ['email', 'ownEmail'],
  SMS: ['sms'],
  PUSH_NATIVE: ['push', 'apiApp'],
  LINE: ['line'],
  DIRECT_MAIL: ['letters'],
} as const satisfies { readonly [C in Channel]: readonly string[] };
export type ViewerTab = (typeof CHANNEL_TABS)[Channel][number];
export const VIEWER_TABS: readonly ViewerTab[] = Object.values(CHANNEL_TABS).flat();
/** the channel whose messages a tab shows (each article is marked with it) */
const TAB_CHANNEL = Object.fromEntries(Object.entries(CHANNEL_TABS).flatMap(([c, tabs]) => tabs.map((tab) => [tab, c]))) as Record<ViewerTab, Channel>;
/** where each tab lives: the mail viewer stays at `/` */
export const TAB_PATHS: Record<ViewerTab, string> = {
  email: '/',
  ownEmail: '/messages/own-email',
  sms: '/messages/sms',
  push: '/messages/push',
  apiApp: '/messages/api-apps',
  line: '/messages/line',
  letters: '/messages/letters',
};

export const MESSAGE_VIEWER_TEXTS = {
  en: {
    title: 'Herald message viewer',
    tabs: 'Channels',
    tab: { email: 'Email', ownEmail: 'Own email providers', sms: 'SMS', push: 'Push', apiApp: 'API apps', line: 'LINE', letters: 'Letters' },
    from: 'From',
    replyTo: 'Reply-To',
    viaOwn: 'Sent through',
    viaSmtp: 'the organization’s SMTP server ({security})',
    viaApi: 'the organization’s e-mail API',
    textPart: 'Text part',
    none: 'Nothing received yet.',
    unavailable: 'The stand-in could not be read.',
    newest: 'Newest first. Reload the page to see new messages.',
    to: 'To',
    at: 'Received',
    parts: '{n} part(s), {encoding}',
    device: 'Device',
    platform: 'Platform',
    buttons: 'Buttons',
    media: 'Media',
    sound: 'Sound',
    link: 'Opens',
    run: 'Run',
    letter: 'Letter for {account}',
    merged: 'All letters of the run',
    manifest: 'Manifest (CSV)',
    altText: 'Notification text: {text}',
    image: 'Image',
    endpoint: 'Endpoint',
    auth: 'Authentication',
    answered: 'Answered',
    refusedAuth: 'credentials refused',
    via: 'Sent through {provider} from {from}',
  },
  zh: {
    title: 'Herald 消息查看器',
    tabs: '渠道',
    tab: { email: '邮件', ownEmail: '自有邮件服务商', sms: '短信', push: '推送', apiApp: 'API 应用', line: 'LINE', letters: '信件' },
    from: '发件人',
    replyTo: '回复地址',
    viaOwn: '发送途径',
    viaSmtp: '组织自有的 SMTP 服务器（{security}）',
    viaApi: '组织自有的邮件 API',
    textPart: '纯文本部分',
    none: '还没有收到任何消息。',
    unavailable: '无法读取模拟服务。',
    newest: '最新的在前。重新加载页面即可看到新消息。',
    to: '收件人',
    at: '接收时间',
    parts: '{n} 条，{encoding}',
    device: '设备',
    platform: '平台',
    buttons: '按钮',
    media: '媒体',
    sound: '提示音',
    link: '打开',
    run: '发送批次',
    letter: '给 {account} 的信件',
    merged: '该批次的全部信件',
    manifest: '清单（CSV）',
    altText: '通知文本：{text}',
    image: '图片',
    endpoint: '端点',
    auth: '认证',
    answered: '响应',
    refusedAuth: '凭据被拒绝',
    via: '经 {provider} 从 {from} 发送',
  },
  ja: {
    title: 'Herald メッセージビューアー',
    tabs: 'チャネル',
    tab: { email: 'メール', ownEmail: '自社メールプロバイダー', sms: 'SMS', push: 'プッシュ', apiApp: 'API アプリ', line: 'LINE', letters: 'レター' },
    from: '差出人',
    replyTo: '返信先',
    viaOwn: '送信経路',
    viaSmtp: '組織の SMTP サーバー（{security}）',
    viaApi: '組織のメール API',
    textPart: 'テキストパート',
    none: 'まだ何も受信していません。',
    unavailable: 'スタンドインを読み取れませんでした。',
    newest: '新しい順。新着はページを再読み込みすると表示されます。',
    to: '宛先',
    at: '受信日時',
    parts: '{n} 通分、{encoding}',
    device: '端末',
    platform: 'プラットフォーム',
    buttons: 'ボタン',
    media: 'メディア',
    sound: 'サウンド',
    link: '開く先',
    run: '配信',
    letter: '{account} 宛てのレター',
    merged: 'この配信のすべてのレター',
    manifest: 'マニフェスト（CSV）',
    altText: '通知テキスト：{text}',
    image: '画像',
    endpoint: '送信先',
    auth: '認証',
    answered: '応答',
    refusedAuth: '認証情報が拒否されました',
    via: '{provider} 経由、送信元 {from}',
  },
} as const;
export type ViewerLang = keyof typeof MESSAGE_VIEWER_TEXTS;
type Words = (typeof MESSAGE_VIEWER_TEXTS)[ViewerLang];

/** The browser's language from its Accept-Language header, as the mail viewer takes it from `navigator.language`. */
export function viewerLangOf(acceptLanguage: string | undefined): ViewerLang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (code === 'en' || code === 'zh' || code === 'ja') return code;
  }
  return 'en';
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
const time = (at: unknown) => (typeof at === 'number' ? `${new Date(at).toISOString().replace('T', ' ').slice(0, 19)} UTC` : '');
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const parse = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};
/** a link target the viewer may draw: web addresses only */
const webUrl = (v: unknown) => (typeof v === 'string' && /^https?:\/\//i.test(v) ? v : undefined);

/** The tab bar every page of the viewer starts with (the mail viewer's page too). */
export function tabBar(current: ViewerTab, w: Words): string {
  const items = VIEWER_TABS.map((tab) => `<li><a href="${TAB_PATHS[tab]}"${tab === current ? ' aria-current="page"' : ''}>${esc(w.tab[tab])}</a></li>`).join('');
  return `<nav class="herald-tabs" aria-label="${esc(w.tabs)}"><ul>${items}</ul></nav>`;
}

export const TAB_STYLE = `.herald-tabs ul{display:flex;gap:4px;list-style:none;margin:0 0 16px;padding:0;border-bottom:2px solid #d0d7de}
.herald-tabs a{display:block;padding:8px 16px;color:#0b57d0;text-decoration:none;border-radius:6px 6px 0 0}
.herald-tabs a[aria-current=page]{background:#0b57d0;color:#fff;font-weight:600}
.herald-tabs a:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}`;

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;margin:24px;color:#1f2328;background:#fff}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0 0 8px}
.msg{border:1px solid #d0d7de;border-radius:8px;padding:12px 16px;margin:0 0 12px;max-width:720px}
.meta{color:#57606a;font-size:.875rem;margin:0 0 8px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:8px 0}dt{font-weight:600}dd{margin:0}
.sms{white-space:pre-wrap;background:#e9eef6;border-radius:16px;padding:8px 12px;display:inline-block;max-width:480px}
.chat{background:#8cabd9;padding:12px;border-radius:8px;max-width:480px}
.bubble{background:#fff;border-radius:16px;padding:8px 12px;margin:6px 0;white-space:pre-wrap}
.bubble img{max-width:100%;display:block;border-radius:8px}
.bubble ul{margin:8px 0 0;padding:0;list-style:none}.bubble li{border-top:1px solid #d0d7de;padding:6px 0;text-align:center;color:#0b57d0}
.notification{background:#f6f8fa;border-radius:12px;padding:8px 12px;max-width:480px}
.notification strong{display:block}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
${TAB_STYLE}`;

function page(tab: ViewerTab, lang: ViewerLang, body: string): string {
  const w = MESSAGE_VIEWER_TEXTS[lang];
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><base target="_blank"><title>${esc(w.tab[tab])} – ${esc(w.title)}</title><style>${PAGE_STYLE}</style></head><body>${tabBar(tab, w)}<main><h1>${esc(w.title)}: ${esc(w.tab[tab])}</h1><p class="meta">${esc(w.newest)}</p>${body}</main></body></html>`;
}

const none = (w: Words) => `<p>${esc(w.none)}</p>`;

/**
 * A message the Twilio stand-in accepted, as an SMS of End User Messaging's shape (its form's To and Body), with
 * the provider and sender it left through.
 */
export function fromTwilio(r: Record<string, unknown>): Record<string, unknown> {
  const form = obj(r.request);
  return {
    at: r.at,
    parts: r.parts,
    encoding: r.encoding,
    request: { DestinationPhoneNumber: form.To, MessageBody: form.Body },
    via: { provider: 'Twilio', from: form.From ?? form.MessagingServiceSid ?? '' },
  };
}

/** One SMS: the number, when, the parts and encoding, the text as the phone shows it, and a provider other than the deployment's. */
export function smsHtml(records: readonly Record<string, unknown>[], w: Words): string {
  if (records.length === 0) return none(w);
  return records
    .map((r) => {
      const request = obj(r.request);
      const via = obj(r.via);
      const viaText = via.provider ? ` · <span data-testid="sms-via">${esc(fill(w.via, { provider: String(via.provider), from: String(via.from ?? '') }))}</span>` : '';
      return `<article class="msg" data-channel="${TAB_CHANNEL.sms}" data-to="${esc(request.DestinationPhoneNumber)}"><h2>${esc(request.DestinationPhoneNumber)}</h2><p class="meta">${esc(w.at)} ${esc(time(r.at))} · <span data-testid="sms-parts">${esc(fill(w.parts, { n: Number(r.parts ?? 0), encoding: String(r.encoding ?? '') }))}</span>${viaText}</p><p class="sms" data-testid="sms-text">${esc(request.MessageBody)}</p></article>`;
    })
    .join('');
}

/** What a push request shows on its device: from APNs' payload (RawContent) or FCM's fields and data. */
export function pushShown(r: Record<string, unknown>): { title: string; body: string; buttons: { text: string; action: string }[]; media?: string; sound?: string; url?: string } {
  const config = obj(obj(r.request).MessageConfiguration);
  const apns = obj(config.APNSMessage);
  const gcm = obj(config.GCMMessage);
  const fallback = obj(config.DefaultPushNotificationMessage);
  const raw = obj(parse(apns.RawContent));
  const herald = obj(raw.herald);
  const alert = obj(obj(raw.aps).alert);
  const data = obj(gcm.Data);
  const buttons = (Array.isArray(herald.buttons) ? herald.buttons : Array.isArray(parse(data['herald.buttons'])) ? (parse(data['herald.buttons']) as unknown[]) : []).map((b) => ({
    text: String(obj(b).text ?? ''),
    action: String(obj(b).action ?? ''),
  }));
  const media = obj(herald.media).url ?? obj(parse(data['herald.media'])).url ?? apns.MediaUrl ?? gcm.ImageUrl;
  return {
    title: String(alert.title ?? apns.Title ?? gcm.Title ?? fallback.Title ?? ''),
    body: String(alert.body ?? apns.Body ?? gcm.Body ?? fallback.Body ?? ''),
    buttons,
    ...(typeof media === 'string' ? { media } : {}),
    ...(typeof (apns.Sound ?? gcm.Sound) === 'string' ? { sound: String(apns.Sound ?? gcm.Sound) } : {}),
    ...(typeof (apns.Url ?? gcm.Url) === 'string' ? { url: String(apns.Url ?? gcm.Url) } : {}),
  };
}

/** A push token is a device's credential: the viewer shows its start and end only. */
const shortToken = (token: unknown) => (typeof token === 'string' && token.length > 16 ? `${token.slice(0, 8)}…${token.slice(-6)}` : String(token ?? ''));

export function pushHtml(records: readonly Record<string, unknown>[], w: Words): string {
  if (records.length === 0) return none(w);
  return records
    .map((r) => {
      const s = pushShown(r);
      const rows = [
        `<dt>${esc(w.device)}</dt><dd>${esc(shortToken(r.address))}</dd>`,
        `<dt>${esc(w.platform)}</dt><dd>${esc(r.channelType)}</dd>`,
        s.buttons.length
          ? `<dt>${esc(w.buttons)}</dt><dd><ul data-testid="push-buttons">${s.buttons.map((b) => `<li>${esc(b.text)} (${esc(b.action)})</li>`).join('')}</ul></dd>`
          : '',
        s.media ? `<dt>${esc(w.media)}</dt><dd>${webUrl(s.media) ? `<a href="${esc(s.media)}" rel="noopener noreferrer">${esc(s.media)}</a>` : esc(s.media)}</dd>` : '',
        s.url ? `<dt>${esc(w.link)}</dt><dd>${esc(s.url)}</dd>` : '',
        s.sound ? `<dt>${esc(w.sound)}</dt><dd>${esc(s.sound)}</dd>` : '',
      ].join('');
      return `<article class="msg" data-channel="${TAB_CHANNEL.push}"><p class="meta">${esc(w.at)} ${esc(time(r.at))}</p><div class="notification"><strong data-testid="push-title">${esc(s.title)}</strong><span data-testid="push-body">${esc(s.body)}</span></div><dl>${rows}</dl></article>`;
    })
    .join('');
}

/** A push an API application's endpoint received: the notification, the device, the path and how it was authenticated, the answer. */
export function apiAppHtml(records: readonly Record<string, unknown>[], w: Words): string {
  if (records.length === 0) return none(w);
  return records
    .map((r) => {
      const body = obj(r.body);
      const auth = obj(r.auth);
      const rows = [
        `<dt>${esc(w.endpoint)}</dt><dd>${esc(r.path)} (${esc(r.type)})</dd>`,
        `<dt>${esc(w.auth)}</dt><dd>${esc(auth.scheme)}${auth.ok ? '' : ` – ${esc(w.refusedAuth)}`}</dd>`,
        `<dt>${esc(w.device)}</dt><dd>${esc(body.deviceId)} · ${esc(shortToken(body.pushToken))}</dd>`,
        `<dt>${esc(w.answered)}</dt><dd data-testid="api-app-status">${esc(r.status)}</dd>`,
        body.url ? `<dt>${esc(w.link)}</dt><dd>${esc(body.url)}</dd>` : '',
      ].join('');
      return `<article class="msg" data-channel="${TAB_CHANNEL.apiApp}" data-type="${esc(r.type)}"><p class="meta">${esc(w.at)} ${esc(time(r.at))}</p><div class="notification"><strong data-testid="push-title">${esc(body.title)}</strong><span data-testid="push-body">${esc(body.body)}</span></div><dl>${rows}</dl></article>`;
    })
    .join('');
}

/** One LINE message object as the chat shows it: text, image, a buttons template (its alt text, title and actions). */
export function lineBubble(message: unknown, w: Words): string {
  const m = obj(message);
  switch (m.type) {
    case 'text':
      return `<div class="bubble" data-testid="line-text">${esc(m.text)}</div>`;
    case 'image': {
      const src = webUrl(m.previewImageUrl) ?? webUrl(m.originalContentUrl);
      return `<div class="bubble">${src ? `<img src="${esc(src)}" alt="${esc(w.image)}">` : esc(w.image)}</div>`;
    }
    case 'template': {
      const t = obj(m.template);
      const actions = Array.isArray(t.actions) ? t.actions : [];
      return `<div class="bubble" data-testid="line-template"><span class="sr-only">${esc(fill(w.altText, { text: String(m.altText ?? '') }))}</span>${t.title ? `<strong>${esc(t.title)}</strong><br>` : ''}${esc(t.text)}<ul>${actions.map((a) => `<li>${esc(obj(a).label)}</li>`).join('')}</ul></div>`;
    }
    default:
      return `<div class="bubble"><code>${esc(JSON.stringify(m))}</code></div>`;
  }
}

export function lineHtml(records: readonly Record<string, unknown>[], w: Words): string {
  if (records.length === 0) return none(w);
  return records
    .map((r) => {
      const request = obj(r.request);
      const to = Array.isArray(request.to) ? request.to.join(', ') : String(request.to ?? '');
      const messages = Array.isArray(request.messages) ? request.messages : [];
      return `<article class="msg" data-channel="${TAB_CHANNEL.line}" data-to="${esc(to)}"><h2>${esc(w.to)}: ${esc(to)}</h2><p class="meta">${esc(w.at)} ${esc(time(r.at))}</p><div class="chat">${messages.map((m) => lineBubble(m, w)).join('')}</div></article>`;
    })
    .join('');
}

/** A mail as the own providers' stand-ins keep it (SMTP: parsed from the wire; e-mail API: from the request). */
export interface OwnMail {
  at: number;
  via: 'SMTP' | 'EMAIL_API';
  security?: string;
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** The mails of both stand-ins, newest first. */
export function ownMails(smtp: readonly Record<string, unknown>[], api: readonly Record<string, unknown>[]): OwnMail[] {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const headers = (v: unknown) => Object.fromEntries(Object.entries(obj(v)).map(([k, h]) => [k.toLowerCase(), text(h)]));
  return [
    ...smtp.map((m) => ({
      at: Number(m.at ?? 0),
      via: 'SMTP' as const,
      security: text(m.security),
      from: text(m.from),
      to: text(m.to),
      replyTo: text(m.replyTo),
      subject: text(m.subject),
      headers: headers(m.headers),
      text: text(m.text),
      html: text(m.html),
    })),
    ...api.map((m) => ({
      at: Number(m.at ?? 0),
      via: 'EMAIL_API' as const,
      from: text(m.from),
      to: Array.isArray(m.to) ? m.to.join(', ') : text(m.to),
      replyTo: text(m.replyTo),
      subject: text(m.subject),
      headers: headers(m.headers),
      text: text(m.text),
      html: text(m.html),
    })),
  ].sort((a, b) => b.at - a.at);
}

/**
 * A mail drawn as the mail viewer draws one: in a sandboxed frame (no script runs), with remote images blocked
 * and their sources taken out, so that opening it here is not counted as an open.
 */
export function ownEmailHtml(mails: readonly OwnMail[], w: Words): string {
  if (mails.length === 0) return none(w);
  const policy = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">`;
  return mails
    .map((m) => {
      const via = m.via === 'SMTP' ? fill(w.viaSmtp, { security: m.security ?? '' }) : w.viaApi;
      const listHeaders = ['list-unsubscribe', 'list-unsubscribe-post'].filter((h) => m.headers[h]);
      const rows = [
        `<dt>${esc(w.from)}</dt><dd>${esc(m.from)}</dd>`,
        `<dt>${esc(w.to)}</dt><dd>${esc(m.to)}</dd>`,
        m.replyTo ? `<dt>${esc(w.replyTo)}</dt><dd>${esc(m.replyTo)}</dd>` : '',
        `<dt>${esc(w.viaOwn)}</dt><dd>${esc(via)}</dd>`,
        ...listHeaders.map((h) => `<dt>${esc(h.replace(/(^|-)(\w)/g, (_, d: string, c: string) => d + c.toUpperCase()))}</dt><dd><code>${esc(m.headers[h])}</code></dd>`),
      ].join('');
      const drawn = `<!DOCTYPE html>${policy}<base target="_blank">${m.html.replace(/(<img\b[^>]*?)\ssrc\s*=/gi, '$1 data-herald-src=')}`;
      const frame = m.html
        ? `<iframe title="${esc(m.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${esc(drawn)}" style="width:100%;height:320px;border:1px solid #d0d7de"></iframe>`
        : '';
      return `<article class="msg" data-channel="${TAB_CHANNEL.ownEmail}" data-via="${m.via}" data-to="${esc(m.to)}"><h2 data-testid="own-subject">${esc(m.subject)}</h2><p class="meta">${esc(w.at)} ${esc(time(m.at))}</p><dl>${rows}</dl>${frame}<details><summary>${esc(w.textPart)}</summary><pre style="white-space:pre-wrap">${esc(m.text)}</pre></details></article>`;
    })
    .join('');
}

/** The letters kept under each run (`…letters/<org>/<plan>/<run>/<account>.pdf`, the run's merged PDF and manifest beside). */
export function lettersHtml(keys: readonly string[], w: Words): string {
  const runs = new Map<string, { letters: string[]; merged?: string; manifest?: string }>();
  const runOf = (base: string) => runs.get(base) ?? runs.set(base, { letters: [] }).get(base)!;
  for (const key of keys) {
    const at = key.indexOf('letters/');
    if (at < 0) continue;
    // after `letters/`: org/plan/run/account.pdf is a letter; org/plan/run.pdf and .csv lie beside the run's folder
    const depth = key.slice(at).split('/').length;
    if (depth === 5 && key.endsWith('.pdf')) runOf(key.slice(0, key.lastIndexOf('/'))).letters.push(key);
    else if (depth === 4 && key.endsWith('.pdf')) runOf(key.slice(0, -4)).merged = key;
    else if (depth === 4 && key.endsWith('.csv')) runOf(key.slice(0, -4)).manifest = key;
  }
  if (runs.size === 0) return none(w);
  const link = (key: string, label: string) => `<a href="/messages/letters/file?key=${encodeURIComponent(key)}">${esc(label)}</a>`;
  return [...runs.entries()]
    .map(([base, run]) => {
      const name = decodeURIComponent(base.slice(base.indexOf('letters/') + 'letters/'.length));
      const items = [
        ...(run.merged ? [`<li>${link(run.merged, w.merged)}</li>`] : []),
        ...(run.manifest ? [`<li>${link(run.manifest, w.manifest)}</li>`] : []),
        ...run.letters.sort().map((k) => `<li data-testid="letter-file">${link(k, fill(w.letter, { account: decodeURIComponent(k.slice(k.lastIndexOf('/') + 1, -4)) }))}</li>`),
      ];
      return `<article class="msg" data-channel="${TAB_CHANNEL.letters}"><h2>${esc(w.run)}: ${esc(name)}</h2><ul>${items.join('')}</ul></article>`;
    })
    .join('');
}

async function received(endpoint: string | undefined): Promise<Record<string, unknown>[] | undefined> {
  if (!endpoint) return undefined;
  try {
    const res = await fetch(`${endpoint}/_standin/received`);
    if (!res.ok) return undefined;
    const list = (await res.json()) as unknown;
    return Array.isArray(list) ? (list as Record<string, unknown>[]).slice().reverse() : undefined;
  } catch {
    return undefined;
  }
}

function s3Of(sources: ViewerSources): S3Client | undefined {
  if (!sources.s3 || !sources.bucket) return undefined;
  return new S3Client({ endpoint: sources.s3, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
}

async function letterKeys(s3: S3Client, bucket: string): Promise<string[] | undefined> {
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const out = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (o.Key?.includes('letters/') && /\.(pdf|csv)$/.test(o.Key)) keys.push(o.Key);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token && keys.length < 5000);
    return keys;
  } catch {
    return undefined;
  }
}

const html = (res: ServerResponse, status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);

/** Serves the channel tabs under /messages/; answers false for any other path (the mail viewer's). */
export function messageViewer(sources: ViewerSources) {
  const s3 = s3Of(sources);
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://viewer');
    if (req.method !== 'GET' || !url.pathname.startsWith('/messages/')) return false;
    const lang = viewerLangOf(req.headers['accept-language']);
    const w = MESSAGE_VIEWER_TEXTS[lang];
    const unavailable = `<p role="alert">${esc(w.unavailable)}</p>`;
    switch (url.pathname) {
      case TAB_PATHS.ownEmail: {
        const [smtp, api] = await Promise.all([received(sources.smtp), received(sources.emailApi)]);
        html(res, 200, page('ownEmail', lang, smtp && api ? ownEmailHtml(ownMails(smtp, api), w) : unavailable));
        return true;
      }
      case TAB_PATHS.sms: {
        const [list, twilio] = await Promise.all([received(sources.sms), received(sources.twilio)]);
        // both providers' texts, newest first
        const all = list && [...list, ...(twilio ?? []).map(fromTwilio)].sort((a, b) => Number(b.at ?? 0) - Number(a.at ?? 0));
        html(res, 200, page('sms', lang, all ? smsHtml(all, w) : unavailable));
        return true;
      }
      case TAB_PATHS.push: {
        const list = await received(sources.pinpoint);
        html(res, 200, page('push', lang, list ? pushHtml(list, w) : unavailable));
        return true;
      }
      case TAB_PATHS.apiApp: {
        const list = await received(sources.apiApp);
        html(res, 200, page('apiApp', lang, list ? apiAppHtml(list, w) : unavailable));
        return true;
      }
      case TAB_PATHS.line: {
        const list = await received(sources.line);
        html(res, 200, page('line', lang, list ? lineHtml(list, w) : unavailable));
        return true;
      }
      case TAB_PATHS.letters: {
        const keys = s3 ? await letterKeys(s3, sources.bucket!) : undefined;
        html(res, 200, page('letters', lang, keys ? lettersHtml(keys, w) : unavailable));
        return true;
      }
      case '/messages/letters/file': {
        const key = url.searchParams.get('key') ?? '';
        // only the letters' files: the bucket holds every other upload too
        if (!s3 || !key.includes('letters/') || !/\.(pdf|csv)$/.test(key)) {
          html(res, 404, page('letters', lang, none(w)));
          return true;
        }
        try {
          const out = await s3.send(new GetObjectCommand({ Bucket: sources.bucket, Key: key }));
          const bytes = await out.Body!.transformToByteArray();
          res
            .writeHead(200, {
              'content-type': key.endsWith('.pdf') ? 'application/pdf' : 'text/csv; charset=utf-8',
              'content-disposition': `inline; filename="${key.slice(key.lastIndexOf('/') + 1).replace(/[^\w.-]/g, '_')}"`,
            })
            .end(Buffer.from(bytes));
        } catch {
          html(res, 404, page('letters', lang, none(w)));
        }
        return true;
      }
      default:
        return false;
    }
  };
}
