/**
 * The local message viewer: beside the mail viewer (the Email tab, sesStandIn.ts), a tab per other channel, each drawn
 * from what its stand-in accepted (`GET /_standin/received`): SMS texts with number and parts (End User Messaging's
 * and an organization's Twilio's), push notifications per device with title, body, buttons and media, pushes to API
 * applications' endpoints (their path, authentication and answer), LINE message objects as chat bubbles, and the
 * letters' PDFs kept in S3 under their run.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ReceivedSmtpMail } from '../channels/email/standIns/smtp';
import { MESSAGE_VIEWER_TEXTS, type ViewerLang, type Words } from './messageViewerTexts';

import { esc, fill, obj, parse, TAB_CHANNEL, TAB_PATHS, TAB_STYLE, tabBar, time, type ViewerTab, viewerLangOf, webUrl } from './viewerTabs';

export { MESSAGE_VIEWER_TEXTS, type ViewerLang } from './messageViewerTexts';
export { esc, TAB_PATHS, TAB_STYLE, tabBar, VIEWER_TABS, type ViewerTab, viewerLangOf } from './viewerTabs';

export interface ViewerSources {
  sms?: string;
  twilio?: string;
  pinpoint?: string;
  line?: string;
  apiApp?: string;
  smtp?: string;
  emailApi?: string;
  s3?: string;
  bucket?: string;
}

/** The page every tab is drawn in (messageViewer.html beside this file), read once at start; its lint note is not sent. */
const PAGE = readFileSync(new URL('./messageViewer.html', import.meta.url), 'utf8').replace(/^<!--[\s\S]*?-->\n/, '');

function page(tab: ViewerTab, lang: ViewerLang, body: string): string {
  const w = MESSAGE_VIEWER_TEXTS[lang];
  const values: Record<string, string> = {
    lang,
    tab: esc(w.tab[tab]),
    title: esc(w.title),
    tabStyle: `<style>${TAB_STYLE}</style>`,
    tabBar: tabBar(tab, w),
    newest: esc(w.newest),
    body,
  };
  return PAGE.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]!);
}

const none = (w: Words) => `<p>${esc(w.none)}</p>`;

const listOf = (records: readonly Record<string, unknown>[], w: Words, draw: (r: Record<string, unknown>) => string) =>
  records.length === 0 ? none(w) : records.map(draw).join('');

/** A message the Twilio stand-in accepted, as an SMS of End User Messaging's shape (its form's To and Body). */
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

export function smsHtml(records: readonly Record<string, unknown>[], w: Words): string {
  return listOf(records, w, (r) => {
    const request = obj(r.request);
    const via = obj(r.via);
    const viaText = via.provider ? ` · <span data-testid="sms-via">${esc(fill(w.via, { provider: String(via.provider), from: String(via.from ?? '') }))}</span>` : '';
    return `<article class="msg" data-channel="${TAB_CHANNEL.sms}" data-to="${esc(request.DestinationPhoneNumber)}"><h2>${esc(request.DestinationPhoneNumber)}</h2><p class="meta">${esc(w.at)} ${esc(time(r.at))} · <span data-testid="sms-parts">${esc(fill(w.parts, { n: Number(r.parts ?? 0), encoding: String(r.encoding ?? '') }))}</span>${viaText}</p><p class="sms" data-testid="sms-text">${esc(request.MessageBody)}</p></article>`;
  });
}

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

const notificationArticle = (attributes: string, n: { at: unknown; title: unknown; body: unknown; rows: string }, w: Words) =>
  `<article class="msg" ${attributes}><p class="meta">${esc(w.at)} ${esc(time(n.at))}</p><div class="notification"><strong data-testid="push-title">${esc(n.title)}</strong><span data-testid="push-body">${esc(n.body)}</span></div><dl>${n.rows}</dl></article>`;

const shortToken = (token: unknown) => (typeof token === 'string' && token.length > 16 ? `${token.slice(0, 8)}…${token.slice(-6)}` : String(token ?? ''));

export function pushHtml(records: readonly Record<string, unknown>[], w: Words): string {
  return listOf(records, w, (r) => {
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
    return notificationArticle(`data-channel="${TAB_CHANNEL.push}"`, { at: r.at, title: s.title, body: s.body, rows }, w);
  });
}

export function apiAppHtml(records: readonly Record<string, unknown>[], w: Words): string {
  return listOf(records, w, (r) => {
    const body = obj(r.body);
    const auth = obj(r.auth);
    const rows = [
      `<dt>${esc(w.endpoint)}</dt><dd>${esc(r.path)} (${esc(r.type)})</dd>`,
      `<dt>${esc(w.auth)}</dt><dd>${esc(auth.scheme)}${auth.ok ? '' : ` – ${esc(w.refusedAuth)}`}</dd>`,
      `<dt>${esc(w.device)}</dt><dd>${esc(body.deviceId)} · ${esc(shortToken(body.pushToken))}</dd>`,
      `<dt>${esc(w.answered)}</dt><dd data-testid="api-app-status">${esc(r.status)}</dd>`,
      body.url ? `<dt>${esc(w.link)}</dt><dd>${esc(body.url)}</dd>` : '',
    ].join('');
    return notificationArticle(`data-channel="${TAB_CHANNEL.apiApp}" data-type="${esc(r.type)}"`, { at: r.at, title: body.title, body: body.body, rows }, w);
  });
}

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
  return listOf(records, w, (r) => {
    const request = obj(r.request);
    const to = Array.isArray(request.to) ? request.to.join(', ') : String(request.to ?? '');
    const messages = Array.isArray(request.messages) ? request.messages : [];
    return `<article class="msg" data-channel="${TAB_CHANNEL.line}" data-to="${esc(to)}"><h2>${esc(w.to)}: ${esc(to)}</h2><p class="meta">${esc(w.at)} ${esc(time(r.at))}</p><div class="chat">${messages.map((m) => lineBubble(m, w)).join('')}</div></article>`;
  });
}

export type OwnMail = Pick<ReceivedSmtpMail, 'at' | 'from' | 'to' | 'replyTo' | 'subject' | 'headers' | 'text' | 'html'> & { via: 'SMTP' | 'EMAIL_API'; security?: string };

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

const ONE_SOURCE_TABS: readonly { tab: ViewerTab; source: keyof ViewerSources; draw: (records: readonly Record<string, unknown>[], w: Words) => string }[] = [
  { tab: 'push', source: 'pinpoint', draw: pushHtml },
  { tab: 'apiApp', source: 'apiApp', draw: apiAppHtml },
  { tab: 'line', source: 'line', draw: lineHtml },
];

const html = (res: ServerResponse, status: number, body: string) => res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(body);

export function messageViewer(sources: ViewerSources) {
  const s3 = s3Of(sources);
  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://viewer');
    if (req.method !== 'GET' || !url.pathname.startsWith('/messages/')) return false;
    const lang = viewerLangOf(req.headers['accept-language']);
    const w = MESSAGE_VIEWER_TEXTS[lang];
    const unavailable = `<p role="alert">${esc(w.unavailable)}</p>`;
    const oneSource = ONE_SOURCE_TABS.find((t) => TAB_PATHS[t.tab] === url.pathname);
    if (oneSource) {
      const list = await received(sources[oneSource.source]);
      html(res, 200, page(oneSource.tab, lang, list ? oneSource.draw(list, w) : unavailable));
      return true;
    }
    switch (url.pathname) {
      case TAB_PATHS.ownEmail: {
        const [smtp, api] = await Promise.all([received(sources.smtp), received(sources.emailApi)]);
        html(res, 200, page('ownEmail', lang, smtp && api ? ownEmailHtml(ownMails(smtp, api), w) : unavailable));
        return true;
      }
      case TAB_PATHS.sms: {
        const [list, twilio] = await Promise.all([received(sources.sms), received(sources.twilio)]);
        const all = list && [...list, ...(twilio ?? []).map(fromTwilio)].sort((a, b) => Number(b.at ?? 0) - Number(a.at ?? 0));
        html(res, 200, page('sms', lang, all ? smsHtml(all, w) : unavailable));
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
