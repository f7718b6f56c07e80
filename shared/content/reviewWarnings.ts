/**
 * What review should catch on any channel: sample text left in, links to nowhere, tokens without a fallback.
 * Warnings, not errors: author and approver see them, neither is stopped.
 */
import { walkOrder } from '../plan/journey';
import { BLOCK_TYPES, createBlock } from '../render/blocks';
import { decodeEntities } from '../render/html';
import { parseRichText, type RichNode } from '../render/richText';

export const REVIEW_WARNING_KINDS = ['PLACEHOLDER', 'NO_LINK', 'NO_FALLBACK'] as const;
export type ReviewWarningKind = (typeof REVIEW_WARNING_KINDS)[number];

export interface ReviewWarning {
  kind: ReviewWarningKind;
  stepId?: string;
  language: string;
  field: string;
  block?: { n: number; type: string };
  text: string;
}

export interface ContentLike {
  kind: string;
  template?: { contents?: Readonly<Record<string, unknown>> };
}

const TEXT_KEYS = new Set(['text', 'title', 'subtitle', 'content', 'items']);
/** a like/dislike prompt reads the same in every message */
const KEPT_SAMPLES = new Set(['thumb']);
/** a line left empty is dropped, so no fallback is wanted */
const NO_FALLBACK_NEEDED = new Set(['recipientBlock']);
const SAMPLE_LANGUAGES = ['en', 'ja', 'zh'];
const TOKEN = /\{\{([^{}]*)\}\}/g;

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
  for (const sample of samples) if (text === sample || (sample.length >= 12 && text.includes(sample))) return true;
  return false;
}

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

function deadLinks(block: Record<string, unknown>): [string, string][] {
  const shown = (text: unknown) => typeof text === 'string' && text.trim() !== '';
  switch (block.type) {
    case 'button':
      return shown(block.text) && noTarget(block.href) ? [['href', String(block.text)]] : [];
    case 'textLinkGroup':
    case 'iconLinkGroup': {
      const items = Array.isArray(block.items) ? (block.items as Record<string, unknown>[]) : [];
      return items.flatMap((item, i): [string, string][] => {
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

export function contentWarnings(content: ContentLike | undefined, stepId?: string): ReviewWarning[] {
  const contents = content?.kind === 'TEMPLATE' ? undefined : content?.template?.contents;
  if (!contents) return [];
  return Object.entries(contents).flatMap(([language, c]) => languageWarnings(c, language).map((w) => (stepId ? { ...w, stepId } : w)));
}

type JourneyLike = Parameters<typeof walkOrder>[0];

export function reviewWarnings(plan: { content?: ContentLike; journey?: JourneyLike }): ReviewWarning[] {
  if (!plan.journey) return contentWarnings(plan.content);
  return walkOrder(plan.journey).flatMap(({ id, step }) => (step.type === 'MESSAGE' ? contentWarnings(step.content, id) : []));
}
