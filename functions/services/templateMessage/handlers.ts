// The template library: pages and pickers over the list fields only, the detail with its content, versioned saves with
// the name kept unique in the organization, delete, duplicate and set active, lock and unlock, and the template file
// (export, import).
import { type AnyTemplate, channelOf, type ChannelTemplate, layoutLetter } from '../../../shared/content';
import { PRINTED_CHANNEL } from '../../../shared/delivery';
import { letterPdfFile } from '../../channels/letterPdfWorker';
import type { TemplateMessage } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { languageName } from '../../../shared/format';
import { MAX_LANGUAGES } from '../../../shared/render/limits';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { auditNew, auditNext, checkVersion, newId } from '../../store/audit';
import { matchesText, pageOfItems } from '../../store/paging';
import { exportTemplates, importTemplates } from './templateFile';
import {
  assertCategory,
  languageTimes,
  stableJson,
  assertFolder,
  assertUnlockedFor,
  assertStorable,
  copyName,
  nameWrites,
  releaseName,
  requireTemplate,
  summaryOf,
  templateSummaries,
  withContents,
  withApprovals,
} from './templates';
import { say } from '../../../shared/i18n/say';

const SORTABLE = ['name', 'channel', 'subject', 'active', 'dateCreated', 'dateUpdated'];

export const templateMessageHandlers: Omit<AreaHandlers<'templateMessage'>, 'getPushChannels'> = {
  async getListByPage(q, ctx) {
    const rows = (await templateSummaries(ctx.tenant)).filter(
      (t) =>
        matchesText(t.name, q.name) &&
        (q.categoryId === undefined || t.categoryId === q.categoryId) &&
        (q.folderId === undefined || t.folderId === q.folderId) &&
        (q.active === undefined || t.active === q.active) &&
        (q.pushWay === undefined || t.channel === q.pushWay),
    );
    const page = pageOfItems(rows, q, SORTABLE, { field: 'dateUpdated', order: 'desc' });
    return { ...page, list: await withApprovals(ctx.tenant, page.list, ctx.rt.clock.now()) };
  },

  async getAll({ pushWay, activeOnly }, ctx) {
    const rows = (await templateSummaries(ctx.tenant)).filter((t) => (pushWay === undefined || t.channel === pushWay) && (!activeOnly || t.active));
    return (await withApprovals(ctx.tenant, rows, ctx.rt.clock.now()))
      .map(({ id, name, channel, active, approval }) => ({ id, name, channel, active, approval }))
      .sort((a, b) => a.name.localeCompare(b.name));
  },

  async detail({ id }, ctx) {
    return requireTemplate(ctx.tenant, id);
  },

  async save(p, ctx) {
    const now = ctx.rt.clock.now();
    const actor = ctx.identity.userId;
    const stored = p.id ? await requireTemplate(ctx.tenant, p.id) : undefined;
    if (stored) {
      checkVersion(stored, p.version);
      assertUnlockedFor(ctx, stored);
    }
    if (stored && stored.channel !== p.channel) throw new AppError('720009', say('request.templateChannel'));
    await Promise.all([assertCategory(ctx, p.categoryId), assertFolder(ctx, p.folderId)]);
    const fields = {
      name: p.name,
      channel: p.channel,
      categoryId: p.categoryId,
      folderId: p.folderId,
      active: p.active,
      template: p.template,
      ...summaryOf(p.template),
      languageUpdatedAt: languageTimes(p.template, stored, now),
    };
    const id = stored?.id ?? newId();
    const next: TemplateMessage = stored ? { ...stored, ...fields, ...auditNext(stored, now, actor) } : ctx.tenant.own({ id, ...fields, locked: false, ...auditNew(now, actor) });
    assertStorable(next);
    await ctx.tenant.transact([
      stored ? ctx.tenant.putVersioned('templateMessage', next, stored.version) : ctx.tenant.putNew('templateMessage', next),
      ...(await nameWrites(ctx, id, next.name, stored?.name)),
    ]);
    return next;
  },

  async delete({ id }, ctx) {
    const stored = await requireTemplate(ctx.tenant, id);
    assertUnlockedFor(ctx, stored);
    await ctx.tenant.transact([ctx.tenant.deleteItem('templateMessage', id, '720007'), releaseName(ctx, stored.name)]);
    return { ok: true };
  },

  async duplicate(p, ctx) {
    const now = ctx.rt.clock.now();
    const source = await requireTemplate(ctx.tenant, p.id);
    const name =
      p.name ??
      copyName(
        source.name,
        (await ctx.tenant.list('templateMessage', ['name'])).map((t) => t.name),
      );
    const { lockedBy: _lockedBy, ...rest } = source;
    const copy: TemplateMessage = { ...rest, id: newId(), name, locked: false, ...auditNew(now, ctx.identity.userId) };
    await ctx.tenant.transact([ctx.tenant.putNew('templateMessage', copy), ...(await nameWrites(ctx, copy.id, copy.name))]);
    return copy;
  },

  async getMultiLanguages({ id }, ctx) {
    const [stored, orgLanguages] = await Promise.all([requireTemplate(ctx.tenant, id), ctx.tenant.list('language', ['code', 'name'])]);
    const times = stored.languageUpdatedAt ?? {};
    const timeOf = (code: string) => times[code] ?? stored.dateUpdated;
    const { defaultLanguage, contents } = stored.template;
    const nameOf = new Map(orgLanguages.map((l) => [l.code, l.name]));
    // a language still holding the default language's content word for word is a copy waiting for its translation
    const untranslated = (code: string) => stableJson((contents as Record<string, unknown>)[code]) === stableJson((contents as Record<string, unknown>)[defaultLanguage]);
    const codes = [defaultLanguage, ...[...new Set([...Object.keys(contents), ...nameOf.keys()])].filter((c) => c !== defaultLanguage).sort()];
    return {
      id: stored.id,
      version: stored.version,
      defaultLanguage,
      languages: codes.map((code) => ({
        code,
        name: nameOf.get(code) ?? languageName(code),
        status:
          code === defaultLanguage
            ? ('DEFAULT' as const)
            : !Object.hasOwn(contents, code)
              ? ('MISSING' as const)
              : timeOf(code) >= timeOf(defaultLanguage) && !untranslated(code)
                ? ('TRANSLATED' as const)
                : ('OUTDATED' as const),
        dateUpdated: Object.hasOwn(contents, code) ? timeOf(code) : null,
      })),
    };
  },

  async saveMultiLanguages({ id, version, channel, template }, ctx) {
    const now = ctx.rt.clock.now();
    const stored = await requireTemplate(ctx.tenant, id);
    checkVersion(stored, version);
    assertUnlockedFor(ctx, stored);
    if (channel !== stored.channel) throw new AppError('720009', say('request.templateChannelContent'));
    // the theme (and a letter's sender) are the builder's; the translators' save changes the languages only
    const next = withContents(stored, { ...stored.template, ...template, theme: stored.template.theme } as AnyTemplate, now, ctx.identity.userId);
    await ctx.tenant.transact([ctx.tenant.putVersioned('templateMessage', next, stored.version)]);
    return next;
  },

  async duplicateWithTranslation({ id, languages, name }, ctx) {
    const now = ctx.rt.clock.now();
    const source = await requireTemplate(ctx.tenant, id);
    const { defaultLanguage } = source.template;
    const contents = source.template.contents as Record<string, unknown>;
    const added = languages.filter((code) => !Object.hasOwn(contents, code));
    const template = { ...source.template, contents: { ...contents, ...Object.fromEntries(added.map((code) => [code, contents[defaultLanguage]!])) } } as AnyTemplate;
    if (Object.keys(template.contents).length > MAX_LANGUAGES) throw new AppError('720009', say('render.maxLanguages', { max: MAX_LANGUAGES }));
    const newName =
      name ??
      copyName(
        source.name,
        (await ctx.tenant.list('templateMessage', ['name'])).map((t) => t.name),
      );
    const { lockedBy: _lockedBy, ...rest } = source;
    const times = { ...source.languageUpdatedAt };
    // an added language is a copy of the default language still to be translated: older than it, so OUTDATED
    for (const code of added) times[code] = 0;
    const copy: TemplateMessage = {
      ...rest,
      id: newId(),
      name: newName,
      template,
      ...summaryOf(template),
      languageUpdatedAt: times,
      locked: false,
      ...auditNew(now, ctx.identity.userId),
    };
    assertStorable(copy);
    await ctx.tenant.transact([ctx.tenant.putNew('templateMessage', copy), ...(await nameWrites(ctx, copy.id, copy.name))]);
    return copy;
  },

  async previewLetter({ template, language, companyId, recipient }, ctx) {
    if (channelOf(template) !== PRINTED_CHANNEL) throw new AppError('720009', say('request.letterPreview'));
    const letter = template as ChannelTemplate<typeof PRINTED_CHANNEL>;
    const senderId = companyId ?? letter.companyId;
    const company = senderId ? await ctx.tenant.get('company', senderId) : undefined;
    if (senderId && !company) throw new AppError('720009', say('request.companyMissing'));
    const code = language && Object.hasOwn(letter.contents, language) ? language : letter.defaultLanguage;
    const layout = layoutLetter(letter.contents[code]!, company ?? null, code, recipient, new Date(ctx.rt.clock.now()));
    return letterPdfFile(layout);
  },

  async setActive({ id, active, version }, ctx) {
    const stored = await requireTemplate(ctx.tenant, id);
    checkVersion(stored, version);
    assertUnlockedFor(ctx, stored);
    const next: TemplateMessage = { ...stored, active, ...auditNext(stored, ctx.rt.clock.now(), ctx.identity.userId) };
    await ctx.tenant.transact([ctx.tenant.putVersioned('templateMessage', next, stored.version)]);
    return next;
  },

  async lock({ id, version }, ctx) {
    return setLock(ctx, id, version, true);
  },

  async unlock({ id, version }, ctx) {
    return setLock(ctx, id, version, false);
  },

  async export(p, ctx) {
    return exportTemplates(ctx, p);
  },

  async importFile(p, ctx) {
    return importTemplates(ctx, p);
  },

  async getListByCategoryAndYear({ categoryId, year }, ctx) {
    const [from, to] = [Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1)];
    return (await templateSummaries(ctx.tenant))
      .filter((t) => (categoryId === undefined || t.categoryId === categoryId) && t.dateCreated >= from && t.dateCreated < to)
      .sort((a, b) => b.dateCreated - a.dateCreated);
  },
};

async function setLock(ctx: AuthedContext, id: string, version: number | undefined, locked: boolean): Promise<TemplateMessage> {
  const stored = await requireTemplate(ctx.tenant, id);
  checkVersion(stored, version);
  assertUnlockedFor(ctx, stored);
  const { lockedBy: _lockedBy, ...rest } = stored;
  const next: TemplateMessage = { ...rest, locked, ...(locked ? { lockedBy: ctx.identity.userId } : {}), ...auditNext(stored, ctx.rt.clock.now(), ctx.identity.userId) };
  await ctx.tenant.transact([ctx.tenant.putVersioned('templateMessage', next, stored.version)]);
  return next;
}
