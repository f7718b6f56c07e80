// Presets: the generic operations, with the save's check that the parameters of the set are the organization's own
// (another's answer as missing), and what pickers need.
import { type Preset, type PresetParameter, PRESET_TEXTS, withParameterDefaults } from '../../../shared/entities';
import { pickLanguage } from '../../../shared/render/template';
import { renderBlock } from '../../../shared/render/blocks';
import { createRenderContext } from '../../../shared/render/context';
import { THEME_DEFAULT } from '../../../shared/render/fields';
import type { AreaHandlers } from '../../contract/context';
import { badField as bad } from '../../contract/problems';

type Generic = Omit<AreaHandlers<'preset'>, 'choices' | 'insert'>;

// braces stand in for the token marks while the blocks are made plain text, so the tokens come out as written
const OPEN = '\uE000';
const CLOSE = '\uE001';

function plainText(blocks: readonly unknown[]): string {
  const ctx = createRenderContext({}, THEME_DEFAULT);
  const hidden = JSON.parse(JSON.stringify(blocks), (_k, v) => (typeof v === 'string' ? v.replaceAll('{{', OPEN).replaceAll('}}', CLOSE) : v)) as unknown[];
  return hidden
    .map((block) => renderBlock(block, ctx).text.trim())
    .filter(Boolean)
    .join('\n\n')
    .replaceAll(OPEN, '{{')
    .replaceAll(CLOSE, '}}');
}

export function presetHandlers(generic: Generic): AreaHandlers<'preset'> {
  return {
    ...generic,

    async save(payload, ctx) {
      const p = payload as typeof payload & Partial<Pick<Preset, 'parameters' | 'contents' | 'defaultLanguage'>>;
      if (p.parameters?.length) {
        const ids = new Set((await ctx.tenant.list('presetParameter', ['id'] as never)).map((r) => (r as { id: string }).id));
        p.parameters.forEach((use, i) => {
          if (!ids.has(use.parameterId)) bad(`parameters.${i}.parameterId`, PRESET_TEXTS.parameterMissing);
        });
      }
      if (p.contents && Object.keys(p.contents).length > 0 && !Object.hasOwn(p.contents, p.defaultLanguage ?? 'en')) bad('contents', PRESET_TEXTS.defaultLanguage);
      return generic.save(payload, ctx);
    },

    async choices({ channel, categoryId }, ctx) {
      const presets = (await ctx.tenant.list('preset')) as Preset[];
      return presets
        .filter((p) => !p.isTemplate && (!channel || p.channel === 'ANY' || p.channel === channel) && (!categoryId || p.categoryId === categoryId))
        .map(({ id, name, categoryId: category, channel: ch }) => ({ id, name, channel: ch, ...(category ? { categoryId: category } : {}) }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async insert({ id, language }, ctx) {
      const preset = (await ctx.tenant.require('preset', id)) as Preset;
      const params = (await ctx.tenant.list('presetParameter')) as PresetParameter[];
      const variables = new Map(params.map((p) => [p.id, p.variable]));
      const defaults = new Map(
        preset.parameters.flatMap((use) => {
          const variable = variables.get(use.parameterId);
          return variable && use.defaultValue ? [[`${variable}.${use.alias}`, use.defaultValue] as const] : [];
        }),
      );
      const chosen = pickLanguage(preset, language);
      const content = withParameterDefaults(preset.contents[chosen] ?? { subject: '', preheader: '', blocks: [] }, defaults);
      return { language: chosen, subject: content.subject, preheader: content.preheader, blocks: content.blocks, text: plainText(content.blocks) };
    },
  };
}
