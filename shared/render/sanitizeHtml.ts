/** An uploaded HTML file rebuilt from allowed elements and attributes only; nothing of the input is copied as markup. */
import { decodeEntities, escapeHtml, safeUrl } from './html';

const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'svg', 'math', 'frame', 'frameset', 'applet', 'title']);
const ALLOWED = new Set([
  'html',
  'head',
  'body',
  'meta',
  'div',
  'span',
  'p',
  'br',
  'hr',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'col',
  'colgroup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'center',
  'font',
  'section',
  'header',
  'footer',
  'article',
  'figure',
  'figcaption',
]);
const VOID = new Set(['br', 'hr', 'img', 'meta', 'col']);
const ATTRIBUTES = new Set([
  'href',
  'src',
  'alt',
  'title',
  'width',
  'height',
  'align',
  'valign',
  'bgcolor',
  'color',
  'border',
  'cellpadding',
  'cellspacing',
  'colspan',
  'rowspan',
  'style',
  'class',
  'id',
  'dir',
  'lang',
  'target',
  'charset',
  'face',
  'size',
]);
const UNSAFE_STYLE = /expression\s*\(|url\s*\(|javascript:|@import|behavior\s*:|-moz-binding/i;

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([A-Za-z][A-Za-z0-9:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;

function attributesOf(tag: string, raw: string): string {
  const out: string[] = [];
  for (const m of raw.matchAll(ATTRIBUTE)) {
    const name = m[1]!.toLowerCase();
    if (!ATTRIBUTES.has(name)) continue;
    let value = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    if (name === 'href' || name === 'src') {
      const safe = safeUrl(value, tag === 'img' ? 'image' : 'link');
      if (safe === null) continue;
      value = safe;
    }
    if (name === 'style' && UNSAFE_STYLE.test(value)) continue;
    if (name === 'target' && value !== '_blank') continue;
    out.push(` ${name}="${escapeHtml(value)}"`);
  }
  if (tag === 'a' && out.some((a) => a.startsWith(' target='))) out.push(' rel="noopener noreferrer"');
  return out.join('');
}

export function sanitizeHtml(input: string): string {
  let out = '';
  let last = 0;
  let dropping: { tag: string; depth: number } | null = null;
  for (const m of input.matchAll(TOKEN)) {
    const text = input.slice(last, m.index);
    last = m.index! + m[0].length;
    if (!dropping) out += escapeHtml(decodeEntities(text));
    const [, closing, rawTag, attrs = '', selfClosing] = m;
    if (!rawTag) continue; // a comment, a doctype or a processing instruction
    const tag = rawTag.toLowerCase();
    if (dropping) {
      if (tag === dropping.tag) dropping.depth += closing ? -1 : selfClosing ? 0 : 1;
      if (dropping.depth === 0) dropping = null;
      continue;
    }
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!closing && !selfClosing) dropping = { tag, depth: 1 };
      continue;
    }
    if (!ALLOWED.has(tag)) continue;
    if (closing) {
      if (!VOID.has(tag)) out += `</${tag}>`;
    } else out += `<${tag}${attributesOf(tag, attrs)}>`;
  }
  if (!dropping) out += escapeHtml(decodeEntities(input.slice(last)));
  return out;
}
