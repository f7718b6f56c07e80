/**
 * The draft checked with the save operation's own schema (the server checks the same), its messages sorted to
 * where the builder shows them: a template field, a language's subject or preheader, or a field of a block.
 */
import { blockSchema } from '../../../../shared/render';
import { templateMessageSavePayload } from '../../../../shared/services/templateMessage';
import type { Lang } from '../../../../shared/errors';
import { safeParseIn } from '../../components/schemaErrors';
import { type BlockDraft, type Draft, toSavePayload } from './draft';

export interface DraftErrors {
  /** `name`, `categoryId`, `theme.primaryColor`, `contents` (the default language), … */
  fields: Record<string, string>;
  /** per language: `subject`, `preheader` */
  languages: Record<string, Record<string, string>>;
  /** per block key: its fields */
  blocks: Record<string, Record<string, string>>;
  count: number;
}

export const NO_ERRORS: DraftErrors = { fields: {}, languages: {}, blocks: {}, count: 0 };

export function validateDraft(draft: Draft, lang?: Lang): DraftErrors {
  const parsed = safeParseIn(templateMessageSavePayload, toSavePayload(draft), lang);
  if (parsed.success) return NO_ERRORS;
  const errors: DraftErrors = { fields: {}, languages: {}, blocks: {}, count: 0 };
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String);
    let slot: Record<string, string>;
    let key: string;
    if (path[0] === 'template' && path[1] === 'contents' && path.length > 3) {
      const language = path[2];
      if (path[3] === 'blocks' && path.length > 4) {
        const block = draft.contents[language]?.blocks[Number(path[4])];
        if (!block) continue;
        slot = errors.blocks[block.id] ??= {};
        key = path[5] ?? 'type';
      } else {
        slot = errors.languages[language] ??= {};
        key = path[3];
      }
    } else {
      slot = errors.fields;
      key = (path[0] === 'template' ? path.slice(1) : path).join('.');
    }
    if (slot[key] === undefined) {
      slot[key] = issue.message;
      errors.count++;
    }
  }
  return errors;
}

/** A block as the renderer should show it now: with its defaults applied where it is valid, as it is otherwise. */
export function previewBlock(block: BlockDraft): unknown {
  const parsed = blockSchema.safeParse(block);
  return parsed.success ? parsed.data : block;
}
