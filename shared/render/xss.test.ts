// @vitest-environment jsdom
/**
 * An XSS corpus through every text and URL field of every block, the subject, the preheader, the options and
 * personalisation values. The output is read with a real HTML parser (jsdom's, the one a browser follows) and
 * must hold nothing executable.
 */
import { describe, expect, it } from 'vitest';
import { blockSchema } from './blocks';
import { renderEmail, type RenderOptions } from './email';
import { IN_APP_CSP, renderInApp } from './inApp';
import type { Recipient } from './personalize';
import type { EmailContent } from './template';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//xss.example/x.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=x onerror=alert(1)>',
  '<img src="x" onerror="alert(1)">',
  `<IMG SRC="javascript:alert('XSS');">`,
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x31&#x29>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\u0000script:alert(1)',
  '\u0001javascript:alert(1)',
  '\u2028javascript:alert(1)',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
  '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
  'javascript&colon;alert(1)',
  'java&Tab;script:alert(1)',
  'jav&#x09;ascript:alert(1)',
  'jav&#x0A;ascript:alert(1)',
  'javas&#99;ript:alert(1)',
  'javascript%3Aalert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '" onmouseover="alert(1)',
  "' onmouseover='alert(1)",
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '` onmouseover=alert(1) `',
  '</style><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<object data="javascript:alert(1)">',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<a href="//evil.example">x</a>',
  '//evil.example',
  '<div style="width: expression(alert(1))">x</div>',
  '<x style="xss:expr/**/ession(alert(1))">',
  'expression(alert(1))',
  'red;background:url(javascript:alert(1))',
  '#fff;behavior:url(x.htc)',
  '#FFFFFF" onload="alert(1)',
  "<style>@import 'http://xss.example/x.css';</style>",
  '<body onload=alert(1)>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  'mailto:x@example.com"><script>alert(1)</script>',
  'https://ok.example/"onmouseover="alert(1)',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '<a href="https://ok.example/">ok</a><a href="jav\tascript:alert(1)">x</a>',
];

const ALLOWED_ELEMENTS = new Set('html head body meta title style table tbody tr td div span a img h1 h2 h3 ul ol li strong em u br'.split(' '));
const ALLOWED_ATTRIBUTES = new Set('lang dir charset name content style role border cellpadding cellspacing width height bgcolor align class href target rel src alt'.split(' '));
/** what only the in-app page has: its CSP meta, its base style and the carousel's CSS animation */
const IN_APP_ATTRIBUTES = new Set(['http-equiv', 'aria-roledescription']);
const IN_APP_BASE_STYLE = /^body\{margin:0;padding:0;background-color:#[0-9A-Fa-f]{6};-webkit-text-size-adjust:100%\}img\{max-width:100%\}table\{border-collapse:collapse\}$/;
const CAROUSEL_STYLE =
  /^@keyframes hd-carousel-[2-5]\{([0-9.]+%(,[0-9.]+%)?\{transform:translateX\(-?[0-9.]+%\)\})+100%\{transform:translateX\(0\)\}\}@media \(prefers-reduced-motion:reduce\)\{\.hd-carousel-strip\{animation:none!important\}\}$/;
const RAW_TAG = /<\s*\/?\s*(script|iframe|object|embed|form|svg|math|base|link|frame|applet|input|button|textarea|noscript|template|details|video|audio|source)\b/i;
const STYLE_DANGER = /expression|javascript|vbscript|url\s*\(|@import|behavior|binding|\\|<|>/i;
const MEDIA_QUERY = '@media only screen and (max-width:393px){.hd-px{padding-left:16px!important;padding-right:16px!important}}';
const MSO_COMMENTS = new Set([
  '[if mso]><table role="presentation" border="0" cellpadding="0" cellspacing="0" width="600" align="center"><tr><td><![endif]',
  '[if mso]></td></tr></table><![endif]',
]);

/** The scheme a browser reads: entities are already decoded by the parser; controls and whitespace removed. */
function schemeIsSafe(value: string, image: boolean): boolean {
  const cleaned = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
  return image ? /^https?:\/\/[^/]/.test(cleaned) : /^(https?:\/\/[^/]|mailto:|tel:)/.test(cleaned);
}

/** Everything executable or foreign in a rendered email (or in-app page), read the way a browser reads it. */
function problems(html: string, inApp = false): string[] {
  const found: string[] = [];
  if (RAW_TAG.test(html)) found.push(`raw tag ${RAW_TAG.exec(html)?.[0]}`);
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const walker = doc.createTreeWalker(doc, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_COMMENT);
  let styles = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.COMMENT_NODE) {
      if (!MSO_COMMENTS.has((node as Comment).data)) found.push(`comment ${(node as Comment).data}`);
      continue;
    }
    const element = node as Element;
    const tag = element.localName;
    if (!ALLOWED_ELEMENTS.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`element <${tag}>`);
    if (tag === 'style') {
      const css = element.textContent ?? '';
      if (inApp ? IN_APP_BASE_STYLE.test(css) : css === MEDIA_QUERY) styles++;
      else if (!(inApp && CAROUSEL_STYLE.test(css))) found.push(`style ${css}`);
    }
    for (const { name, value } of Array.from(element.attributes)) {
      if (name.startsWith('on')) found.push(`handler ${name}`);
      else if (!ALLOWED_ATTRIBUTES.has(name) && !(inApp && IN_APP_ATTRIBUTES.has(name))) found.push(`attribute ${name}`);
      if (name === 'href' && !schemeIsSafe(value, false)) found.push(`href ${value}`);
      if (name === 'src' && !schemeIsSafe(value, true)) found.push(`src ${value}`);
      if (name === 'style' && STYLE_DANGER.test(value)) found.push(`style="${value}"`);
      if (name === 'content' && !/^(utf-8|width=device-width,initial-scale=1)$/.test(value) && !(inApp && value === IN_APP_CSP)) found.push(`content ${value}`);
    }
    if (
      tag === 'meta' &&
      element.hasAttribute('http-equiv') &&
      !(inApp && element.getAttribute('http-equiv') === 'Content-Security-Policy' && element.getAttribute('content') === IN_APP_CSP)
    )
      found.push('meta http-equiv');
  }
  if (styles !== 1) found.push(`${styles} style elements`);
  return found;
}

/** Every text and URL field of every block, and every option, set to the payload; numbers and enums too. */
function direct(p: string): [EmailContent, Recipient, RenderOptions] {
  const any = p as never;
  const blocks = [
    { type: 'heading', text: p, color: p, level: any, align: any, padding: any },
    { type: 'paragraph', text: p, color: p, align: any },
    { type: 'paragraph', text: `<a href="${p}">x</a> <a href='${p}'>y</a> <a href=${p}>z</a> <b>${p}</b><i><u>${p}</u></i>` },
    { type: 'image', image: p, alt: p, href: p, width: p, height: p, backgroundColor: p, align: any, padding: any },
    { type: 'image', image: 'https://ok.example/i.png', alt: p, href: p, width: p, height: p, backgroundColor: p },
    { type: 'button', text: p, href: p, backgroundColor: p, color: p, width: any, align: any, padding: any },
    { type: 'divider', color: p, backgroundColor: p, align: any, padding: any },
    { type: 'spacer', height: any, backgroundColor: p },
    { type: 'title', text: p, color: p, align: any, padding: any },
    { type: 'video', video: p, text: p, width: p, height: p, align: any, padding: any },
    { type: 'video', video: 'https://ok.example/v', text: p, width: p, height: p },
    { type: 'logo', image: p, alt: p, width: p, height: p, backgroundColor: p, align: any },
    { type: 'hero', image: p, alt: p, title: p, subtitle: p, position: any, align: any },
    { type: 'hero', image: 'https://ok.example/h.jpg', alt: p, title: p, subtitle: p },
    {
      type: 'multiImages',
      items: [
        { image: p, alt: p, href: p },
        { image: 'https://ok.example/i.png', alt: p, href: p },
      ],
      align: any,
      padding: any,
    },
    {
      type: 'iconLinkGroup',
      items: [
        { icon: p, alt: p, href: p },
        { icon: 'https://ok.example/i.png', alt: p, href: p },
      ],
      width: any,
      height: any,
      align: any,
    },
    {
      type: 'textLinkGroup',
      items: [
        { text: p, href: p },
        { text: 'x', href: p },
      ],
      color: p,
      align: any,
      padding: any,
    },
    { type: 'list', items: [p, `<b>${p}</b>`], style: any, color: p, align: any, padding: any },
    { type: 'legal', text: p, backgroundColor: p, align: any, padding: any },
    { type: 'legal', text: `<a href="${p}">x</a> <b>${p}</b>` },
    { type: 'thumb', text: p, likeText: p, dislikeText: p, align: any, padding: any },
    { type: 'tip', content: p, align: any, padding: any },
    { type: 'tip', content: `<a href="${p}">x</a> <b>${p}</b>` },
    {
      type: 'carousel',
      items: [
        { image: p, alt: p, href: p },
        { image: 'https://ok.example/c.png', alt: p, href: p },
        { image: 'https://ok.example/d.png', alt: p, href: p },
      ],
      align: any,
      padding: any,
    },
  ];
  const content = { language: p, theme: { primaryColor: p, secondaryColor: p }, subject: p, preheader: p, blocks } as never;
  return [content, {}, { unsubscribeUrl: p, unsubscribeLabel: p, openPixelUrl: p, linkRewriter: () => p, feedbackUrl: () => p }];
}

/** The payload as a personalisation value: in every field, whole and inside URLs, and as a fallback. */
function personalised(p: string): [EmailContent, Recipient, RenderOptions] {
  const blocks = [
    { type: 'heading', text: '{{v}} {{missing|x}}' },
    { type: 'paragraph', text: 'Hi {{v}}, <a href="{{v}}">{{v}}</a> <a href="https://ok.example/?q={{v}}">q</a>\n{{firstName}}' },
    { type: 'paragraph', text: 'Plain {{v}}\n{{attributes.v}}' },
    { type: 'image', image: '{{v}}', alt: '{{v}}', href: '{{v}}' },
    { type: 'image', image: 'https://ok.example/{{v}}.png', alt: '{{v}}', href: 'https://ok.example/?q={{v}}' },
    { type: 'button', text: '{{v}}', href: '{{v}}' },
    { type: 'button', text: '{{firstName|friend}}', href: 'mailto:{{v}}' },
    { type: 'title', text: '{{v}}' },
    { type: 'video', video: '{{v}}', text: '{{v}}' },
    { type: 'hero', image: 'https://ok.example/{{v}}.jpg', alt: '{{v}}', title: '{{v}}', subtitle: '{{v}}' },
    {
      type: 'multiImages',
      items: [
        { image: '{{v}}', alt: '{{v}}', href: '{{v}}' },
        { image: 'https://ok.example/{{v}}.png', alt: '{{v}}', href: 'https://ok.example/?q={{v}}' },
      ],
    },
    { type: 'iconLinkGroup', items: [{ icon: 'https://ok.example/{{v}}.png', alt: '{{v}}', href: '{{v}}' }] },
    {
      type: 'textLinkGroup',
      items: [
        { text: '{{v}}', href: '{{v}}' },
        { text: 'q', href: 'https://ok.example/?q={{v}}' },
      ],
    },
    { type: 'list', items: ['{{v}}', 'x {{firstName|y}}'] },
    { type: 'legal', text: 'Sent to {{v}}. <a href="{{v}}">{{v}}</a>' },
    { type: 'thumb', text: '{{v}}', likeText: '{{v}}', dislikeText: '{{firstName|no}}' },
    { type: 'tip', content: 'Tip for {{v}} <a href="{{v}}">{{v}}</a>' },
    {
      type: 'carousel',
      items: [
        { image: 'https://ok.example/{{v}}.png', alt: '{{v}}', href: '{{v}}' },
        { image: '{{v}}', alt: '{{v}}', href: 'https://ok.example/?q={{v}}' },
      ],
    },
  ];
  const content = { language: 'en', theme: { primaryColor: '#33CCFF', secondaryColor: '#F4F4F4' }, subject: '{{v}}', preheader: '{{v}}', blocks } as never;
  const recipient = { v: p, firstName: p, attributes: { v: p } };
  return [content, recipient, { linkRewriter: (url, index) => `https://t.example/${index}?u=${url}`, feedbackUrl: (answer) => `https://t.example/f/${answer}` }];
}

describe('the checker', () => {
  it('finds what it looks for', () => {
    const page = (body: string) => `<!doctype html><html><head><style>${MEDIA_QUERY}</style></head><body>${body}</body></html>`;
    expect(problems(page('<p>ok</p>'))).toEqual(['element <p>']);
    expect(problems(page('<a href="https://ok.example">ok</a>'))).toEqual([]);
    expect(problems(page('<a href="jav&#x09;ascript:alert(1)">x</a>'))).toEqual(['href jav\tascript:alert(1)']);
    expect(problems(page('<img src="https://ok.example/x" onerror="x">'))).toEqual(['handler onerror']);
    expect(problems(page('<div style="width:expression(alert(1))">'))).toHaveLength(1);
    expect(problems(page('<svg><a href="https://ok.example">x</a></svg>')).length).toBeGreaterThan(0);
    expect(problems(page('<img src="data:image/png;base64,AA">'))).toEqual(['src data:image/png;base64,AA']);
  });
});

describe('XSS corpus', () => {
  it('has at least 40 payloads', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PAYLOADS.map((payload) => [JSON.stringify(payload).slice(0, 70), payload]))('%s', (_name, payload) => {
    for (const [content, recipient, options] of [direct(payload), personalised(payload)]) {
      const email = renderEmail(content, recipient, options);
      expect(problems(email.html)).toEqual([]);
      expect(email.subject).not.toMatch(/[\r\n]/);
      // the same blocks as an in-app page (tip and carousel included), the subject as its title
      const page = renderInApp({ ...(content as unknown as EmailContent), title: (content as unknown as EmailContent).subject }, recipient, options);
      expect(problems(page.html, true)).toEqual([]);
    }
    // the schema refuses what the renderer would drop; a leading token is checked again when rendered
    const button = blockSchema.safeParse({ type: 'button', href: payload });
    if (button.success && button.data.type === 'button' && button.data.href) expect(schemeIsSafe(button.data.href, false)).toBe(true);
    const image = blockSchema.safeParse({ type: 'image', image: payload });
    if (image.success && image.data.type === 'image' && image.data.image) expect(schemeIsSafe(image.data.image, true)).toBe(true);
  });
});
