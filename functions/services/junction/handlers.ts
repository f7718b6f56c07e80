// Translation sync with the external translation system (`junction`): a template's default language goes out as a job
// of texts (the same content twice answers 700001), with the translation system paths of the preset parameters the
// texts use; each language's state is read from the job; and the translations come back into the template as its other
// languages, each the default language's blocks with the translated texts.
import { createHash } from 'node:crypto';
import { anyTemplateSchema, type AnyTemplate } from '../../../shared/content';
import type { PresetParameter, TemplateMessage } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { AI_TEXTS } from '../../../shared/i18n';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { presetTokens } from '../../domain/presetValues';
import { auditNew, auditNext } from '../../store/audit';
import { CONDITIONS } from '../../store/store';
import { assertUnlockedFor, requireTemplate, withContents } from '../templateMessage';
import { textsOf, withTexts } from './texts';

function sourceOf(template: TemplateMessage) {
  const { defaultLanguage, contents } = template.template as { defaultLanguage: string; contents: Record<string, unknown> };
  return { sourceLanguage: defaultLanguage, content: contents[defaultLanguage], texts: textsOf(contents[defaultLanguage]) };
}

function hashOf(content: unknown, targets: readonly string[]): string {
  return createHash('sha256')
    .update(JSON.stringify([content, [...targets].sort()]))
    .digest('hex');
}

async function presetsOf(ctx: AuthedContext, texts: readonly { text: string }[]): Promise<PresetParameter[]> {
  const used = presetTokens(texts.map((t) => t.text).join('\n'));
  if (used.size === 0) return [];
  return (await ctx.tenant.list('presetParameter')).filter((p) => used.has(p.variable)).sort((a, b) => a.variable.localeCompare(b.variable));
}

async function syncRecord(ctx: AuthedContext, templateId: string) {
  const record = await ctx.tenant.get('translationSync', templateId);
  if (!record) throw new AppError('720009', AI_TEXTS.notPushed);
  return record;
}

export const junctionHandlers: AreaHandlers<'junction'> = {
  async translationBody({ templateId }, ctx) {
    const { sourceLanguage, texts } = sourceOf(await requireTemplate(ctx.tenant, templateId));
    return { sourceLanguage, texts };
  },

  async push({ templateId, targetLanguages }, ctx) {
    const template = await requireTemplate(ctx.tenant, templateId);
    const { sourceLanguage, content, texts } = sourceOf(template);
    const targets = [...new Set(targetLanguages)].filter((lang) => lang !== sourceLanguage);
    if (targets.length === 0) throw new AppError('720006', 'targetLanguages');
    const contentHash = hashOf(content, targets);
    const stored = await ctx.tenant.get('translationSync', templateId);
    if (stored?.contentHash === contentHash) throw new AppError('700001');
    // the reference names the template only: the service never learns the organization's number
    const presetPaths = Object.fromEntries((await presetsOf(ctx, texts)).filter((p) => p.junctionPath).map((p) => [p.variable, p.junctionPath]));
    const { jobId } = await ctx.rt.translation.push({
      sourceLanguage,
      targetLanguages: targets,
      texts,
      reference: templateId,
      ...(Object.keys(presetPaths).length > 0 && { presetPaths }),
    });
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const next = {
      id: templateId,
      jobId,
      sourceLanguage,
      targetLanguages: targets,
      contentHash,
      pushedAt: now,
      ...(stored ? auditNext(stored, now, actor) : auditNew(now, actor)),
    };
    // two pushes at once: the second answers 700001 as if it came after
    await ctx.tenant.put('translationSync', ctx.tenant.own(next), stored ? CONDITIONS.versionIs(stored.version) : CONDITIONS.isNew('orgId'), '700001');
    return { jobId, pushedAt: now, targetLanguages: targets };
  },

  async status({ templateId }, ctx) {
    const template = await requireTemplate(ctx.tenant, templateId);
    const { sourceLanguage: current, content, texts } = sourceOf(template);
    const presets = (await presetsOf(ctx, texts)).map(({ variable, title, junctionPath }) => ({ variable, title, junctionPath }));
    if (!ctx.rt.translation.configured) return { configured: false, presets };
    const record = await ctx.tenant.get('translationSync', templateId);
    if (!record) return { configured: true, presets };
    const result = await ctx.rt.translation.fetch(record.jobId);
    const pulled = new Set(record.syncedLanguages ?? []);
    const languages = record.targetLanguages.map((language) => ({
      language,
      state: pulled.has(language) ? ('PULLED' as const) : result.status === 'DONE' && Array.isArray(result.translations[language]) ? ('READY' as const) : ('IN_PROGRESS' as const),
    }));
    const { jobId, sourceLanguage, pushedAt, syncedAt } = record;
    const changed = current !== sourceLanguage || hashOf(content, record.targetLanguages) !== record.contentHash;
    return { configured: true, job: { jobId, sourceLanguage, pushedAt, ...(syncedAt !== undefined && { syncedAt }), changed, languages }, presets };
  },

  async sync({ templateId }, ctx) {
    const stored = await requireTemplate(ctx.tenant, templateId);
    const record = await syncRecord(ctx, templateId);
    assertUnlockedFor(ctx, stored);
    const result = await ctx.rt.translation.fetch(record.jobId);
    if (result.status !== 'DONE') throw new AppError('400014', AI_TEXTS.notReady);
    const { content } = sourceOf(stored);
    const contents = { ...(stored.template.contents as Record<string, unknown>) };
    const languages = record.targetLanguages.filter((lang) => Array.isArray(result.translations[lang]));
    for (const lang of languages) contents[lang] = withTexts(content, result.translations[lang]!);
    const parsed = anyTemplateSchema.safeParse({ ...stored.template, contents });
    if (!parsed.success) throw new AppError('720009', parsed.error.issues[0]?.message ?? '');
    const now = ctx.rt.clock.now();
    const next = withContents(stored, parsed.data as AnyTemplate, now, ctx.identity.userId);
    await ctx.tenant.transact([
      ctx.tenant.putVersioned('templateMessage', next, stored.version),
      ctx.tenant.putVersioned('translationSync', { ...record, syncedAt: now, syncedLanguages: languages, ...auditNext(record, now, ctx.identity.userId) }, record.version),
    ]);
    return { languages, syncedAt: now, version: next.version };
  },
};
