/**
 * The preset builder's working copy: its details, its content (the template builder's draft, so the builder's
 * parts and edits apply) and its parameter set, held as one value so that undo takes back an edit of any of them.
 */
import type { Preset, PresetParameterUse } from '../../../../shared/entities/preset';
import type { TemplateMessageView } from '../../../../shared/services/templateMessage';
import { type Draft, draftFromView, newDraft } from '../template/draft';

export type PresetDetails = Pick<Preset, 'name' | 'channel' | 'isTemplate' | 'description'> & { categoryId: string | null };

export interface PresetDraft {
  details: PresetDetails;
  content: Draft;
  uses: PresetParameterUse[];
}

const NEW_DETAILS: PresetDetails = { name: '', categoryId: null, channel: 'ANY', isTemplate: false, description: '' };

export const newPresetDraft = (): PresetDraft => ({ details: NEW_DETAILS, content: newDraft(), uses: [] });

/** A saved preset as a draft; `copy` starts a new preset from a preset template, which keeps its own name and role. */
export function presetDraftOf(preset: Preset, copy: boolean): PresetDraft {
  // its theme is unused: the preview's default one
  const content = draftFromView({
    name: preset.name,
    active: true,
    template: { theme: newDraft().theme, defaultLanguage: preset.defaultLanguage, contents: preset.contents },
  } as unknown as TemplateMessageView);
  const kept = { categoryId: preset.categoryId ?? null, channel: preset.channel, description: preset.description };
  const details = copy ? { ...NEW_DETAILS, ...kept } : { ...kept, name: preset.name, isTemplate: preset.isTemplate };
  return { details, content, uses: preset.parameters };
}

export function toPresetPayload({ details, content, uses }: PresetDraft, saved: { id: string; version: number } | null) {
  return {
    ...(saved ?? {}),
    ...details,
    categoryId: details.categoryId ?? undefined,
    defaultLanguage: content.defaultLanguage,
    contents: Object.fromEntries(Object.entries(content.contents).map(([code, c]) => [code, { subject: c.subject, preheader: c.preheader, blocks: c.blocks }])),
    parameters: uses,
  };
}
