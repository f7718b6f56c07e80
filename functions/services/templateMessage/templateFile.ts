// The template file: `export` writes the chosen templates as a versioned JSON document and `importFile` reads one
// back.
import type { TemplateMessage } from '../../../shared/entities';
import { pinpointTemplateEntries } from '../../../shared/import/pinpointTemplates';
import { AppError } from '../../../shared/errors';
import { TEMPLATE_FILE_FORMAT, TEMPLATE_FILE_VERSION, TEMPLATE_IMPORT_MAX, TEMPLATE_IMPORT_REASONS, templateFileEntry, type Payload, type Result } from '../../../shared/services';
import type { AuthedContext } from '../../contract/context';
import { auditNew, auditNext, newId } from '../../store/audit';
import { assertCategory, assertStorable, assertUnlockedFor, copyName, languageTimes, nameWrites, summaryOf, templateSummaries } from './templates';
import { say } from '../../../shared/i18n/say';

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export async function exportTemplates(ctx: AuthedContext, p: Payload<'templateMessage.export'>): Promise<Result<'templateMessage.export'>> {
  let ids = p.ids;
  if (!ids) {
    const all = await templateSummaries(ctx.tenant);
    ids = all.filter((t) => p.categoryId === undefined || t.categoryId === p.categoryId).map((t) => t.id);
    if (ids.length > TEMPLATE_IMPORT_MAX) throw new AppError('720009', say('request.templateExportMax', { max: TEMPLATE_IMPORT_MAX, count: ids.length }));
  }
  const found = await Promise.all([...new Set(ids)].map((id) => ctx.tenant.get('templateMessage', id)));
  if (found.some((t) => t === undefined)) throw new AppError('720003');
  return {
    format: TEMPLATE_FILE_FORMAT,
    version: TEMPLATE_FILE_VERSION,
    exportedAt: ctx.rt.clock.now(),
    templates: (found as TemplateMessage[]).map(({ id, name, channel, active, template }) => ({ id, name, channel, active, template })),
  };
}

/** marks an entry of a Pinpoint file that cannot come across, with the reason */
const UNSUPPORTED = Symbol('unsupported');

function readFile(text: string): unknown[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new AppError('720009', `${TEMPLATE_IMPORT_REASONS.format}: ${say('request.templateNotJson')}`);
  }
  const head = doc as { format?: unknown; version?: unknown; templates?: unknown };
  // Amazon Pinpoint's template JSON comes across as new templates (shared/import/pinpointTemplates.ts)
  const pinpoint = head?.format === undefined ? pinpointTemplateEntries(doc) : undefined;
  if (pinpoint) {
    if (pinpoint.length > TEMPLATE_IMPORT_MAX) throw new AppError('720009', say('request.templateFileMax', { max: TEMPLATE_IMPORT_MAX }));
    return pinpoint.map((e) => ('reason' in e ? { name: e.name, [UNSUPPORTED]: e.reason } : e));
  }
  if (!head || typeof head !== 'object' || head.format !== TEMPLATE_FILE_FORMAT || !Array.isArray(head.templates)) {
    throw new AppError('720009', `${TEMPLATE_IMPORT_REASONS.format}: ${say('request.templateNotExport')}`);
  }
  if (head.version !== TEMPLATE_FILE_VERSION) {
    throw new AppError(
      '720009',
      `${TEMPLATE_IMPORT_REASONS.format}: version ${String(head.version)} of the template file is not supported (this Herald reads version ${TEMPLATE_FILE_VERSION}).`,
    );
  }
  if (head.templates.length > TEMPLATE_IMPORT_MAX) throw new AppError('720009', say('request.templateFileMax', { max: TEMPLATE_IMPORT_MAX }));
  return head.templates;
}

export async function importTemplates(ctx: AuthedContext, p: Payload<'templateMessage.importFile'>): Promise<Result<'templateMessage.importFile'>> {
  const entries = readFile(p.file);
  await assertCategory(ctx, p.categoryId);
  const result: Result<'templateMessage.importFile'> = { created: 0, updated: 0, failures: [] };
  const names = (await templateSummaries(ctx.tenant)).map((t) => t.name);
  const actor = ctx.identity.userId;
  for (const [i, raw] of entries.entries()) {
    const entry = i + 1;
    const unsupported = (raw as Record<symbol, unknown> | null)?.[UNSUPPORTED];
    if (typeof unsupported === 'string') {
      result.failures.push({ entry, name: (raw as { name?: string }).name, reason: unsupported });
      continue;
    }
    const parsed = templateFileEntry.safeParse(raw);
    const label = typeof (raw as { name?: unknown })?.name === 'string' ? String((raw as { name: string }).name).slice(0, 100) : undefined;
    if (!parsed.success) {
      result.failures.push({ entry, name: label, reason: TEMPLATE_IMPORT_REASONS.format });
      continue;
    }
    const e = parsed.data;
    const now = ctx.rt.clock.now();
    const fields = { name: e.name, channel: e.channel, active: e.active, template: e.template, ...summaryOf(e.template) };
    if (e.id !== undefined) {
      if (!ID_PATTERN.test(e.id)) {
        result.failures.push({ entry, name: e.name, reason: TEMPLATE_IMPORT_REASONS.regex });
        continue;
      }
      const stored = await ctx.tenant.get('templateMessage', e.id);
      if (!stored) {
        result.failures.push({ entry, name: e.name, reason: TEMPLATE_IMPORT_REASONS.id });
        continue;
      }
      try {
        assertUnlockedFor(ctx, stored);
        const next: TemplateMessage = { ...stored, ...fields, ...auditNext(stored, now, actor) };
        assertStorable(next);
        await ctx.tenant.transact([ctx.tenant.putVersioned('templateMessage', next, stored.version), ...(await nameWrites(ctx, stored.id, next.name, stored.name))]);
        names.push(next.name);
        result.updated++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        result.failures.push({ entry, name: e.name, reason: err.message });
      }
      continue;
    }
    const name = names.some((n) => n.trim().toLowerCase() === e.name.trim().toLowerCase()) ? copyName(e.name, names) : e.name;
    const created: TemplateMessage = ctx.tenant.own({
      id: newId(),
      ...fields,
      name,
      categoryId: p.categoryId,
      locked: false,
      languageUpdatedAt: languageTimes(fields.template, undefined, now),
      ...auditNew(now, actor),
    });
    try {
      assertStorable(created);
      await ctx.tenant.transact([ctx.tenant.putNew('templateMessage', created), ...(await nameWrites(ctx, created.id, created.name))]);
      names.push(name);
      result.created++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      result.failures.push({ entry, name: e.name, reason: err.message });
    }
  }
  return result;
}
