/**
 * What review should catch before a message goes out, on any channel: content still holding a block's sample
 * text (the texts a new block starts with, in any of our languages), a button or link that leads nowhere (no
 * address, or only '#'), and a personalisation token without a fallback (`{{firstName}}` rather than
 * `{{firstName|there}}`, shared/render/personalize.ts), which leaves a gap for recipients without the value.
 * Warnings, not errors: the author sees them when sending to review and the approver before approving; neither is
 * stopped. Pure: the wizard, the builder and the message detail call it on what they show.
 */
import { walkOrder } from '../plan/journey';
import { BLOCK_TYPES, createBlock } from '../render/blocks';
import { decodeEntities } from '../render/html';
import { parseRichText, type RichNode } from '../render/richText';

export const REVIEW_WARNING_KINDS = ['PLACEHOLDER', 'NO_LINK', 'NO_FALLBACK'] as const;
export type ReviewWarningKind = (typeof REVIEW_WARNING_KINDS)[number];

export interface ReviewWarning {
  kind: ReviewWarningKind;
  /** the journey's message step it is in (a campaign of the builder) */
  stepId?: string;
  /** the content language */
  language: string;
  /** the field: `subject`, `body`, or a block's field such as `text`, `items.1.href` */
  field: string;
  /** the block it is in (1 for the first) and its type */
  block?: { n: number; type: string };
  /** what was found: the sample text, the button's or link's text, the token */
  text: string;
}

/** Content as plans carry it: a kind and, unless a library reference, a template with a content per language. */
export interface ContentLike {
  kind: string;
  template?: { contents?: Readonly<Record<string, unknown>> };
}

/** Fields a person reads in a block: their starting texts are the samples. */
const TEXT_KEYS = new Set(['text', 'title', 'subtitle', 'content', 'items']);
/** Blocks whose starting texts are meant to be kept (a like/dislike prompt reads the same in every message). */
const KEPT_SAMPLES = new Set(['thumb']);
/** A letter's address block is tokens by design: a line left empty is dropped, so no fallback is wanted. */
const NO_FALLBACK_NEEDED = new Set(['recipientBlock']);
const SAMPLE_LANGUAGES = ['en', 'ja', 'zh'];
const TOKEN = /\{\{([^{}]*)\}\}/g;

/** Plain, trimmed text of a field that may hold the paragraph's rich text. */
const plain = (value: string) =>
  decodeEntities(value.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => (k === 'text' || k === 'title' || typeof v !== 'string' ? stringsOf(v) : []));
  return [];
}

/** Each block type's sample texts in every language we start blocks in. */
const SAMPLES: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  BLOCK_TYPES.filter((type) => !KEPT_SAMPLES.has(type)).map((type) => {
    const texts = new Set<string>();
    for (const language of SAMPLE_LANGUAGES) {
      const block = createBlock(type, language) as unknown as Record<string, unknown>;
      for (const key of TEXT_KEYS) for (const s of stringsOf(block[key])) if (plain(s)) texts.add(plain(s));
    }
    return [type, texts];
  }),
);

function isSample(type: string, value: string): boolean {
  const samples = SAMPLES.get(type);
  const text = plain(value);
  if (!samples || !text) return false;
  // a long sample sentence left inside written text counts too
  for (const sample of samples) if (text === sample || (sample.length >= 12 && text.includes(sample))) return true;
  return false;
}

/** Every string in `value` with its path (`items.1.text`). */
function leaves(value: unknown, path: string[] = []): { path: string[]; value: string }[] {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [];
}

const noTarget = (href: unknown) => typeof href !== 'string' || href.trim() === '' || href.trim().startsWith('#');

function richLinks(nodes: readonly RichNode[]): { href: string; text: string }[] {
  const textOf = (n: readonly RichNode[]): string => n.map((c) => (c.kind === 'text' ? c.text : c.kind === 'break' ? ' ' : textOf(c.children))).join('');
  return nodes.flatMap((n) => (n.kind === 'link' ? [{ href: n.href, text: textOf(n.children) }] : n.kind === 'text' || n.kind === 'break' ? [] : richLinks(n.children)));
}

/** The buttons and links of a block that lead nowhere: [field, the text people see]. */
function deadLinks(block: Record<string, unknown>): [string, string][] {
  const shown = (text: unknown) => typeof text === 'string' && text.trim() !== '';
  switch (block.type) {
    case 'button':
      return shown(block.text) && noTarget(block.href) ? [['href', String(block.text)]] : [];
    case 'textLinkGroup':
    case 'iconLinkGroup': {
      const items = Array.isArray(block.items) ? (block.items as Record<string, unknown>[]) : [];
      return items.flatMap((item, i): [string, string][] => {
        // a link group shows an item by its text, an icon group by its picture
        const visible = block.type === 'textLinkGroup' ? shown(item?.text) : shown(item?.icon);
        return visible && noTarget(item.href) ? [[`items.${i}.href`, String(item.text ?? item.alt ?? '')]] : [];
      });
    }
    case 'paragraph':
    case 'legal':
      return typeof block.text === 'string' && block.text.includes('<')
        ? richLinks(parseRichText(block.text)).flatMap((l): [string, string][] => (noTarget(l.href) ? [['text', l.text]] : []))
        : [];
    default:
      return [];
  }
}

function languageWarnings(content: unknown, language: string): ReviewWarning[] {
  const out: ReviewWarning[] = [];
  const c = (content ?? {}) as Record<string, unknown>;
  const blocks = Array.isArray(c.blocks) ? (c.blocks as Record<string, unknown>[]) : [];
  blocks.forEach((block, i) => {
    const where = { language, block: { n: i + 1, type: String(block?.type) } };
    for (const key of TEXT_KEYS) {
      const found = stringsOf(block?.[key]).find((s) => isSample(String(block?.type), s));
      if (found !== undefined) {
        out.push({ kind: 'PLACEHOLDER', ...where, field: key, text: plain(found) });
        break;
      }
    }
    for (const [field, text] of deadLinks(block ?? {})) out.push({ kind: 'NO_LINK', ...where, field, text: plain(text) });
  });
  for (const leaf of leaves(c)) {
    if (NO_FALLBACK_NEEDED.has(leaf.path[0]!)) continue;
    for (const [token, body] of leaf.value.matchAll(TOKEN)) {
      if (body!.includes('|') || body!.trim() === '') continue;
      const inBlock = leaf.path[0] === 'blocks' ? Number(leaf.path[1]) : undefined;
      const block = inBlock !== undefined ? { n: inBlock + 1, type: String(blocks[inBlock]?.type) } : undefined;
      out.push({ kind: 'NO_FALLBACK', language, field: (inBlock !== undefined ? leaf.path.slice(2) : leaf.path).join('.'), ...(block ? { block } : {}), text: token });
    }
  }
  return out;
}

/** The warnings of one message's content, every language (a library reference has nothing to read yet). */
export function contentWarnings(content: ContentLike | undefined, stepId?: string): ReviewWarning[] {
  const contents = content?.kind === 'TEMPLATE' ? undefined : content?.template?.contents;
  if (!contents) return [];
  return Object.entries(contents).flatMap(([language, c]) => languageWarnings(c, language).map((w) => (stepId ? { ...w, stepId } : w)));
}

type JourneyLike = Parameters<typeof walkOrder>[0];

/** A message's warnings: a single message's content, or each message step of a campaign's journey in walk order. */
export function reviewWarnings(plan: { content?: ContentLike; journey?: JourneyLike }): ReviewWarning[] {
  if (!plan.journey) return contentWarnings(plan.content);
  return walkOrder(plan.journey).flatMap(({ id, step }) => (step.type === 'MESSAGE' ? contentWarnings(step.content, id) : []));
}
