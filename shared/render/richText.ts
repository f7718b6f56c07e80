/** The paragraph's rich-text subset; nothing of the input is copied as markup: text is decoded here and escaped on the way out. */
import { decodeEntities } from './html';

export type RichNode =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'bold' | 'italic' | 'underline'; children: RichNode[] }
  | { kind: 'link'; href: string; children: RichNode[] };

type Container = { children: RichNode[] };
type Formatting = 'bold' | 'italic' | 'underline';

const FORMATTING: Record<string, Formatting> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
};
/** the rich-text editor writes one <p> per line */
const BLOCK_LEVEL = new Set(['p', 'div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'tr', 'pre']);
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'select',
  'svg',
  'math',
  'head',
]);
const MAX_DEPTH = 16;
const TAG_START = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)/y;

/** a small cache keeps the per-recipient work to the rendering itself */
export function parseRichText(input: string): readonly RichNode[] {
  let nodes = cache.get(input);
  if (!nodes) {
    nodes = /<[a-zA-Z/!?]/.test(input) ? parseMarkup(input) : parsePlain(input);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(input, nodes);
  }
  return nodes;
}
const CACHE_SIZE = 500;
const cache = new Map<string, readonly RichNode[]>();

function parsePlain(input: string): RichNode[] {
  const nodes: RichNode[] = [];
  input.split(/\r\n|\r|\n/).forEach((line, i) => {
    if (i > 0) nodes.push({ kind: 'break' });
    if (line) nodes.push({ kind: 'text', text: line });
  });
  return nodes;
}

function parseMarkup(input: string): RichNode[] {
  const root: Container = { children: [] };
  const stack: { tag: string; node: Container }[] = [];
  let lastWasBreak = true;
  const current = () => (stack.length ? stack[stack.length - 1].node : root);
  const addText = (raw: string) => {
    const text = decodeEntities(raw).replace(/[\t\n\f\r ]+/g, ' ');
    if (text === '' || (text === ' ' && lastWasBreak)) return;
    current().children.push({ kind: 'text', text });
    lastWasBreak = false;
  };
  const addBreak = () => {
    current().children.push({ kind: 'break' });
    lastWasBreak = true;
  };
  const close = (tag: string) => {
    const at = stack.map((entry) => entry.tag).lastIndexOf(tag);
    if (at >= 0) stack.length = at;
  };

  let i = 0;
  while (i < input.length) {
    const lt = input.indexOf('<', i);
    if (lt < 0) {
      addText(input.slice(i));
      break;
    }
    if (lt > i) addText(input.slice(i, lt));
    if (input.startsWith('<!--', lt)) {
      const end = input.indexOf('-->', lt + 4);
      i = end < 0 ? input.length : end + 3;
      continue;
    }
    if (input[lt + 1] === '!' || input[lt + 1] === '?') {
      const end = input.indexOf('>', lt);
      i = end < 0 ? input.length : end + 1;
      continue;
    }
    TAG_START.lastIndex = lt;
    const start = TAG_START.exec(input);
    if (!start) {
      addText('<');
      i = lt + 1;
      continue;
    }
    const end = tagEnd(input, lt + start[0].length);
    if (end < 0) break; // an unfinished tag at the end is dropped, as a browser does
    const closing = start[1] === '/';
    const name = start[2].toLowerCase();
    const attributes = input.slice(lt + start[0].length, end);
    i = end + 1;

    if (DROPPED.has(name)) {
      if (!closing) {
        const closeTag = new RegExp(`</${name}`, 'ig');
        closeTag.lastIndex = i;
        const closeAt = closeTag.exec(input)?.index ?? -1;
        const closeEnd = closeAt < 0 ? -1 : tagEnd(input, closeAt + 2 + name.length);
        i = closeEnd < 0 ? input.length : closeEnd + 1;
      }
      continue;
    }
    if (name === 'br') {
      addBreak();
      continue;
    }
    if (BLOCK_LEVEL.has(name)) {
      if (!lastWasBreak) addBreak();
      continue;
    }
    const formatting = FORMATTING[name];
    if (formatting || name === 'a') {
      const tag = formatting ?? 'a';
      if (closing) {
        close(tag);
        continue;
      }
      if (name === 'a') close('a'); // a link inside a link closes the first, as in a browser
      if (stack.length >= MAX_DEPTH) continue;
      const node: RichNode & Container = name === 'a' ? { kind: 'link', href: readHref(attributes), children: [] } : { kind: formatting, children: [] };
      current().children.push(node);
      stack.push({ tag, node });
    }
  }
  while (root.children.length && root.children[root.children.length - 1].kind === 'break') root.children.pop();
  return root.children;
}

function tagEnd(input: string, from: number): number {
  let i = from;
  while (i < input.length) {
    const c = input[i];
    if (c === '>') return i;
    i++;
    if (c !== '=') continue;
    while (i < input.length && /\s/.test(input[i])) i++;
    const quote = input[i];
    if (quote === '"' || quote === "'") {
      const close = input.indexOf(quote, i + 1);
      if (close < 0) return -1;
      i = close + 1;
    }
  }
  return -1;
}

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function readHref(attributes: string): string {
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(attributes); match; match = ATTRIBUTE.exec(attributes)) {
    if (match[1].toLowerCase() === 'href') return decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return '';
}
