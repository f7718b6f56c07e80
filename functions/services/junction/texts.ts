// The texts of one language's content that a translator translates. Links, colours, images and layout are never sent:
// only the fields below, of any channel's content.
import type { TranslationText } from '../../../shared/services';

const TEXT_FIELDS = new Set(['subject', 'preheader', 'title', 'subtitle', 'text', 'body', 'content', 'alt', 'likeText', 'dislikeText', 'items']);

export function textsOf(content: unknown): TranslationText[] {
  const out: TranslationText[] = [];
  const walk = (value: unknown, path: string[], translatable: boolean) => {
    if (typeof value === 'string') {
      if (translatable && value.trim() !== '') out.push({ key: path.join('.'), text: value });
    } else if (Array.isArray(value))
      value.forEach((v, i) => {
        walk(v, [...path, String(i)], translatable);
      });
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k], TEXT_FIELDS.has(k));
  };
  walk(content, [], false);
  return out;
}

export function withTexts<T>(content: T, texts: readonly TranslationText[]): T {
  const copy = structuredClone(content) as Record<string, unknown>;
  const allowed = new Set(textsOf(content).map((t) => t.key));
  for (const { key, text } of texts) {
    if (!allowed.has(key) || typeof text !== 'string') continue;
    const path = key.split('.');
    let node = copy as Record<string, unknown>;
    for (const part of path.slice(0, -1)) node = node[part] as Record<string, unknown>;
    node[path.at(-1)!] = text;
  }
  return copy as T;
}
