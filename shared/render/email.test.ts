import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BlockInput } from './blocks';
import { renderEmail, type RenderOptions } from './email';
import { THEME_DEFAULT } from './fields';
import { emailContentSchema, type EmailContent } from './template';

function content(blocks: BlockInput[], extra: Partial<EmailContent> = {}): EmailContent {
  const parsed = emailContentSchema.parse({ subject: 'Hello {{firstName|there}}', preheader: 'Our spring offers', blocks });
  return { language: 'en', theme: { ...THEME_DEFAULT }, ...parsed, ...extra };
}

const newsletter = content([
  { type: 'image', image: 'https://cdn.example/logo.png', alt: 'Herald', width: '160px', href: 'https://herald.example/' },
  { type: 'heading', text: 'Spring offers for {{firstName|you}}', level: 1 },
  {
    type: 'paragraph',
    text: '<p>Your plan: <b>{{attributes.plan|Basic}}</b>.</p><p>Read <a href="https://herald.example/blog?u={{id}}">the blog</a> or <a href="mailto:help@herald.example">write to us</a>.</p>',
  },
  { type: 'divider' },
  { type: 'button', text: 'Shop now', href: '{{attributes.shopUrl}}' },
  { type: 'spacer', height: 24 },
]);
const ann = { firstName: 'Ann', id: 'u-1', attributes: { plan: 'Gold', shopUrl: 'https://shop.example/ann' } };
const tracking = (calls: [string, number][] = []): RenderOptions => ({
  unsubscribeUrl: 'https://herald.example/u/abc',
  openPixelUrl: 'https://herald.example/o/abc.gif',
  linkRewriter: (url, index) => {
    calls.push([url, index]);
    return `https://herald.example/c/${index}?to=${encodeURIComponent(url)}`;
  },
});

describe('renderEmail', () => {
  it('renders a whole message (snapshot)', () => {
    const email = renderEmail(newsletter, ann, tracking());
    expect(email.subject).toBe('Hello Ann');
    expect(email.html).toMatchSnapshot();
    expect(email.text).toMatchInlineSnapshot(`
      "Herald (https://herald.example/c/0?to=https%3A%2F%2Fherald.example%2F)

      Spring offers for Ann

      Your plan: Gold.
      Read the blog (https://herald.example/c/1?to=https%3A%2F%2Fherald.example%2Fblog%3Fu%3Du-1) or write to us (mailto:help@herald.example).

      ----------

      Shop now (https://herald.example/c/3?to=https%3A%2F%2Fshop.example%2Fann)

      Unsubscribe: https://herald.example/u/abc
      "
    `);
  });
  it('writes an email-safe document: doctype, lang, hidden preheader, 600px column, one small-screen media query', () => {
    const { html } = renderEmail(newsletter, ann);
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).toContain('<title>Hello Ann</title>');
    expect(html).toMatch(/<div style="display:none;[^"]*">Our spring offers/);
    expect(html).toContain('max-width:600px');
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain('<style>@media only screen and (max-width:393px){.hd-px{padding-left:16px!important;padding-right:16px!important}}</style>');
    expect(html).not.toMatch(/<link|class="(?!hd-px")/);
  });
  it('sets the language, right-to-left where it applies, and never writes a bad code', () => {
    expect(renderEmail(content([], { language: 'zh-TW' })).html).toContain('<html lang="zh-TW">');
    expect(renderEmail(content([], { language: 'ar' })).html).toContain('<html lang="ar" dir="rtl">');
    expect(renderEmail(content([], { language: 'en" onload="x' })).html).toContain('<html lang="en">');
  });
  it('leaves the preheader out when there is none', () => {
    expect(renderEmail(content([], { preheader: '' })).html).not.toContain('display:none');
  });
  it('keeps the subject to one header-safe line', () => {
    expect(renderEmail(content([], { subject: 'Hi {{firstName}}\r\nBcc: x@evil.example' }), { firstName: 'A\nB' }).subject).toBe('Hi A B Bcc: x@evil.example');
  });
});

describe('click tracking and the open pixel', () => {
  it('rewrites every http(s) link once, numbered in document order, in the HTML and the text part alike', () => {
    const calls: [string, number][] = [];
    const email = renderEmail(newsletter, ann, tracking(calls));
    expect(calls).toEqual([
      ['https://herald.example/', 0],
      ['https://herald.example/blog?u=u-1', 1],
      ['https://shop.example/ann', 3],
    ]);
    const hrefs = [...email.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual([
      'https://herald.example/c/0?to=https%3A%2F%2Fherald.example%2F',
      'https://herald.example/c/1?to=https%3A%2F%2Fherald.example%2Fblog%3Fu%3Du-1',
      'mailto:help@herald.example',
      'https://herald.example/c/3?to=https%3A%2F%2Fshop.example%2Fann',
      'https://herald.example/u/abc',
    ]);
    for (const href of hrefs) expect(email.text).toContain(href);
  });
  it('keeps the numbering when a personalised link is missing for one recipient', () => {
    const calls: [string, number][] = [];
    renderEmail(newsletter, { ...ann, attributes: {} }, tracking(calls));
    expect(calls.map(([, index]) => index)).toEqual([0, 1]);
    renderEmail(newsletter, ann, tracking(calls));
    expect(calls.map(([, index]) => index)).toEqual([0, 1, 0, 1, 3]);
  });
  it('keeps the original link when the rewriter answers something unsafe', () => {
    const { html } = renderEmail(content([{ type: 'button', href: 'https://a.example/' }]), {}, { linkRewriter: () => 'javascript:alert(1)' });
    expect(html).toContain('href="https://a.example/"');
    expect(html).not.toContain('javascript');
  });
  it('appends the pixel as a 1x1 image at the end of the body, and only a safe one', () => {
    const { html } = renderEmail(newsletter, ann, tracking());
    expect(
      html.endsWith('<img src="https://herald.example/o/abc.gif" width="1" height="1" alt="" border="0" style="display:block;width:1px;height:1px;border:0"></body></html>'),
    ).toBe(true);
    expect(renderEmail(newsletter, ann).html).not.toContain('width="1"');
    expect(renderEmail(newsletter, ann, { openPixelUrl: 'javascript:alert(1)' }).html).not.toContain('javascript');
  });
  it("labels the unsubscribe link in the content's language", () => {
    const email = renderEmail(content([], { language: 'ja' }), {}, { unsubscribeUrl: 'https://herald.example/u/1' });
    expect(email.html).toContain('>配信停止</a>');
    expect(email.text).toBe('配信停止: https://herald.example/u/1\n');
    expect(renderEmail(content([], { language: 'zh-TW' }), {}, { unsubscribeUrl: 'https://h.example/u' }).text).toContain('退订');
    expect(renderEmail(content([]), {}, { unsubscribeUrl: 'https://h.example/u', unsubscribeLabel: 'Stop <these>' }).html).toContain('>Stop &lt;these&gt;</a>');
  });
});

describe('runs in the browser', () => {
  it('imports nothing but zod and its own files', () => {
    const files = ['', 'blocks'].flatMap((dir) =>
      readdirSync(join(import.meta.dirname, dir))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => join(import.meta.dirname, dir, name)),
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      for (const [, from] of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
        expect(from === 'zod' || from.startsWith('./') || from.startsWith('../'), `${file}: ${from}`).toBe(true);
        // the one module outside: texts by key, which holds no table (shared/i18n/say.ts)
        expect(from.startsWith('../..') && !from.endsWith('/i18n/say'), `${file}: ${from}`).toBe(false);
      }
    }
  });
});
