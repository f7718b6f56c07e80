/**
 * The viewer's tabs (one or more per channel, where each lives), the tab bar every page starts with, and the escaping
 * its markup uses.
 */
import type { Channel } from '../../shared/delivery';
import type { ViewerLang, Words } from './messageViewerTexts';

/** Each channel's tabs, in the order shown: a channel without its tabs does not compile. */
export const CHANNEL_TABS = {
  EMAIL: ['email', 'ownEmail'],
  SMS: ['sms'],
  PUSH_NATIVE: ['push', 'apiApp'],
  LINE: ['line'],
  DIRECT_MAIL: ['letters'],
} as const satisfies { readonly [C in Channel]: readonly string[] };
export type ViewerTab = (typeof CHANNEL_TABS)[Channel][number];
export const VIEWER_TABS: readonly ViewerTab[] = Object.values(CHANNEL_TABS).flat();
export const TAB_CHANNEL = Object.fromEntries(Object.entries(CHANNEL_TABS).flatMap(([c, tabs]) => tabs.map((tab) => [tab, c]))) as Record<ViewerTab, Channel>;
export const TAB_PATHS: Record<ViewerTab, string> = {
  email: '/',
  ownEmail: '/messages/own-email',
  sms: '/messages/sms',
  push: '/messages/push',
  apiApp: '/messages/api-apps',
  line: '/messages/line',
  letters: '/messages/letters',
};

export function viewerLangOf(acceptLanguage: string | undefined): ViewerLang {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (code === 'en' || code === 'zh' || code === 'ja') return code;
  }
  return 'en';
}

export const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
export const time = (at: unknown) => (typeof at === 'number' ? `${new Date(at).toISOString().replace('T', ' ').slice(0, 19)} UTC` : '');
export const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
export const parse = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};
/** a link target the viewer may draw: web addresses only */
export const webUrl = (v: unknown) => (typeof v === 'string' && /^https?:\/\//i.test(v) ? v : undefined);

export function tabBar(current: ViewerTab, w: Words): string {
  const items = VIEWER_TABS.map((tab) => `<li><a href="${TAB_PATHS[tab]}"${tab === current ? ' aria-current="page"' : ''}>${esc(w.tab[tab])}</a></li>`).join('');
  return `<nav class="herald-tabs" aria-label="${esc(w.tabs)}"><ul>${items}</ul></nav>`;
}

export const TAB_STYLE = `.herald-tabs ul{display:flex;gap:4px;list-style:none;margin:0 0 16px;padding:0;border-bottom:2px solid #d0d7de}
.herald-tabs a{display:block;padding:8px 16px;color:#0b57d0;text-decoration:none;border-radius:6px 6px 0 0}
.herald-tabs a[aria-current=page]{background:#0b57d0;color:#fff;font-weight:600}
.herald-tabs a:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}`;
