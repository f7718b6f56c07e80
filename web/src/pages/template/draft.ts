/**
 * The builder's working copy of a template and every edit it allows, as pure functions (undo and redo keep whole
 * drafts). Blocks carry the registry's `id` field as their builder key; each language has its own blocks.
 */
import { DEFAULT_CHANNEL } from '../../../../shared/delivery';
import { type BlockType, createBlock, THEME_DEFAULT } from '../../../../shared/render';
import type { TemplateMessageSavePayload, TemplateMessageView } from '../../../../shared/services/templateMessage';

export type BlockDraft = Record<string, unknown> & { type: BlockType; id: string };
export interface LanguageDraft {
  subject: string;
  preheader: string;
  /** a "View in browser" line linking to the mail's web version */
  webVersion?: boolean;
  blocks: BlockDraft[];
}
export interface Draft {
  name: string;
  categoryId: string | null;
  folderId: string | null;
  active: boolean;
  theme: { primaryColor: string; secondaryColor: string };
  defaultLanguage: string;
  contents: Record<string, LanguageDraft>;
}

let counter = 0;
/** A builder key, unique within the page's life (and, with the time, across saves). */
export function newBlockId(): string {
  counter = (counter + 1) % 1_000_000;
  return `b${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const emptyLanguage = (): LanguageDraft => ({ subject: '', preheader: '', blocks: [] });

export function newDraft(language = 'en'): Draft {
  return { name: '', categoryId: null, folderId: null, active: true, theme: { ...THEME_DEFAULT }, defaultLanguage: language, contents: { [language]: emptyLanguage() } };
}

const withId = (block: Record<string, unknown>): BlockDraft => ({ ...block, id: typeof block.id === 'string' && block.id ? block.id : newBlockId() }) as BlockDraft;

export function draftFromView(view: TemplateMessageView): Draft {
  const { template } = view;
  return {
    name: view.name,
    categoryId: view.categoryId ?? null,
    folderId: view.folderId ?? null,
    active: view.active,
    theme: { ...template.theme },
    defaultLanguage: template.defaultLanguage,
    contents: Object.fromEntries(
      Object.entries(template.contents).map(([code, c]) => [
        code,
        { subject: c.subject, preheader: c.preheader, ...(c.webVersion ? { webVersion: true } : {}), blocks: c.blocks.map(withId) },
      ]),
    ),
  };
}

/** The draft with the AI composer's theme and content (aiBot.templateMessage); name, category and folder stay. */
export function withComposed(draft: Draft, template: Pick<TemplateMessageView['template'], 'theme' | 'defaultLanguage' | 'contents'>): Draft {
  const { contents } = draftFromView({ name: '', active: true, template } as unknown as TemplateMessageView);
  return { ...draft, theme: { ...template.theme }, defaultLanguage: template.defaultLanguage, contents };
}

export function toSavePayload(draft: Draft, saved?: { id: string; version: number }): TemplateMessageSavePayload {
  return {
    ...(saved ? { id: saved.id, version: saved.version } : {}),
    name: draft.name,
    channel: DEFAULT_CHANNEL,
    categoryId: draft.categoryId ?? undefined,
    folderId: draft.folderId ?? undefined,
    active: draft.active,
    template: { theme: draft.theme, defaultLanguage: draft.defaultLanguage, contents: draft.contents },
  };
}

function editLanguage(draft: Draft, language: string, edit: (c: LanguageDraft) => LanguageDraft): Draft {
  const current = draft.contents[language];
  const next = current && edit(current);
  return next && next !== current ? { ...draft, contents: { ...draft.contents, [language]: next } } : draft;
}

/** Adds a new block of a type at `index` (the end when omitted); answers the draft and the block's key. */
export function addBlock(draft: Draft, language: string, type: BlockType, index?: number): [Draft, string] {
  const block = withId(createBlock(type, language) as Record<string, unknown>);
  const next = editLanguage(draft, language, (c) => {
    const at = index === undefined ? c.blocks.length : Math.max(0, Math.min(index, c.blocks.length));
    return { ...c, blocks: [...c.blocks.slice(0, at), block, ...c.blocks.slice(at)] };
  });
  return [next, block.id];
}

export function removeBlock(draft: Draft, language: string, id: string): Draft {
  return editLanguage(draft, language, (c) => ({ ...c, blocks: c.blocks.filter((b) => b.id !== id) }));
}

/** Moves a block to position `to` of the list without it (so `to` = its index leaves it where it is). */
export function moveBlock(draft: Draft, language: string, id: string, to: number): Draft {
  return editLanguage(draft, language, (c) => {
    const from = c.blocks.findIndex((b) => b.id === id);
    if (from < 0) return c;
    const rest = c.blocks.filter((b) => b.id !== id);
    const at = Math.max(0, Math.min(to, rest.length));
    if (at === from) return c;
    return { ...c, blocks: [...rest.slice(0, at), c.blocks[from], ...rest.slice(at)] };
  });
}

export function updateBlock(draft: Draft, language: string, id: string, field: string, value: unknown): Draft {
  return editLanguage(draft, language, (c) => ({ ...c, blocks: c.blocks.map((b) => (b.id === id ? { ...b, [field]: value } : b)) }));
}

export function setLanguageField(draft: Draft, language: string, field: 'subject' | 'preheader', value: string): Draft {
  return editLanguage(draft, language, (c) => ({ ...c, [field]: value }));
}

/** Whether the language's mail carries a "View in browser" line. */
export function setWebVersion(draft: Draft, language: string, on: boolean): Draft {
  return editLanguage(draft, language, ({ webVersion: _was, ...c }) => (on ? { ...c, webVersion: true } : c));
}

/** A new language starts as a copy of the default language's content (new block keys), ready to translate. */
export function addLanguage(draft: Draft, code: string): Draft {
  if (draft.contents[code]) return draft;
  const source = draft.contents[draft.defaultLanguage] ?? emptyLanguage();
  const copy = { ...source, blocks: source.blocks.map((b) => ({ ...b, id: newBlockId() })) };
  return { ...draft, contents: { ...draft.contents, [code]: copy } };
}

/** Any language but the default can be removed. */
export function removeLanguage(draft: Draft, code: string): Draft {
  if (code === draft.defaultLanguage || !draft.contents[code]) return draft;
  const { [code]: _removed, ...contents } = draft.contents;
  return { ...draft, contents };
}

export function setDefaultLanguage(draft: Draft, code: string): Draft {
  return draft.contents[code] ? { ...draft, defaultLanguage: code } : draft;
}

/** The languages in tab order: the default first, then by code. */
export function languagesOf(draft: Draft): string[] {
  return [
    draft.defaultLanguage,
    ...Object.keys(draft.contents)
      .filter((c) => c !== draft.defaultLanguage)
      .sort(),
  ];
}

/** A preset's content put into a language: its blocks after the current ones (new keys), its subject into an empty subject. */
export function withPreset(draft: Draft, language: string, preset: { subject: string; blocks: readonly Record<string, unknown>[] }): Draft {
  return editLanguage(draft, language, (c) => ({
    ...c,
    subject: c.subject.trim() ? c.subject : preset.subject,
    blocks: [...c.blocks, ...preset.blocks.map((b) => ({ ...b, id: newBlockId() }) as BlockDraft)],
  }));
}
