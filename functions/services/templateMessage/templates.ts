/** Data access of the template library: records, their list fields, the name guard and the size limit. */
import { TEMPLATE_NAME_MAX, TEMPLATE_NAME_TAKEN, type TemplateMessage } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { ALL_PERMISSIONS } from '../../../shared/permissions';
import { type AnyTemplate, channelOf, summaryLine } from '../../../shared/content';
import { type TemplateApprovalState, templateApprovalOf } from '../../../shared/plan/approvalSheet';
import type { AuthedContext } from '../../contract/context';
import { auditNext } from '../../store/audit';
import type { TenantStore } from '../../store/store';
import { releaseUnique, uniqueWrites } from '../../store/unique';
import { say } from '../../../shared/i18n/say';

export const LIST_FIELDS = [
  'id',
  'name',
  'channel',
  'categoryId',
  'folderId',
  'active',
  'locked',
  'lockedBy',
  'subject',
  'languages',
  'version',
  'dateCreated',
  'dateUpdated',
] as const satisfies readonly (keyof TemplateMessage)[];
export type TemplateSummary = Pick<TemplateMessage, (typeof LIST_FIELDS)[number]>;

/** DynamoDB holds at most 400 KB per item; a template stays well under it, with room for the other fields. */
export const MAX_TEMPLATE_BYTES = 350 * 1024;

export function requireTemplate(tenant: TenantStore, id: string): Promise<TemplateMessage> {
  return tenant.require('templateMessage', id);
}

export function templateSummaries(tenant: TenantStore): Promise<TemplateSummary[]> {
  return tenant.list('templateMessage', LIST_FIELDS);
}

export async function withApprovals<T extends TemplateSummary>(tenant: TenantStore, rows: T[], now: number): Promise<(T & { approval: TemplateApprovalState })[]> {
  const sheets = await tenant.list('approvalSheet', ['subject', 'subjectId', 'status', 'subjectVersion', 'deadline']);
  const ofTemplate = new Map(sheets.filter((s) => s.subject === 'TEMPLATE').map((s) => [s.subjectId, s]));
  return rows.map((row) => ({ ...row, approval: templateApprovalOf(ofTemplate.get(row.id), row.version, now) }));
}

/** The list fields from the content: the default language's summary line and the languages, default first. */
export function summaryOf(template: AnyTemplate): Pick<TemplateMessage, 'subject' | 'languages'> {
  const others = Object.keys(template.contents)
    .filter((code) => code !== template.defaultLanguage)
    .sort();
  const contents = template.contents as Record<string, unknown>;
  return { subject: summaryLine(channelOf(template), contents[template.defaultLanguage]), languages: [template.defaultLanguage, ...others] };
}

export function languageTimes(next: AnyTemplate, stored: TemplateMessage | undefined, now: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [code, content] of Object.entries(next.contents)) {
    const before = (stored?.template.contents as Record<string, unknown> | undefined)?.[code];
    const same = before !== undefined && stableJson(before) === stableJson(content);
    // a language added as a copy of the default one is not translated yet: it stays older than the default
    const copyOfDefault =
      code !== next.defaultLanguage && before === undefined && stableJson(content) === stableJson((next.contents as Record<string, unknown>)[next.defaultLanguage]);
    out[code] = same ? (stored!.languageUpdatedAt?.[code] ?? stored!.dateUpdated) : copyOfDefault ? 0 : now;
  }
  return out;
}

/** JSON with every object's keys sorted: DynamoDB hands maps back in any key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

export function assertStorable(record: TemplateMessage): void {
  const bytes = Buffer.byteLength(JSON.stringify(record));
  if (bytes > MAX_TEMPLATE_BYTES) {
    throw new AppError('720009', say('request.templateTooLarge', { size: Math.ceil(bytes / 1024), max: MAX_TEMPLATE_BYTES / 1024 }));
  }
}

export function withContents(stored: TemplateMessage, template: AnyTemplate, now: number, by: string): TemplateMessage {
  const next: TemplateMessage = { ...stored, template, ...summaryOf(template), languageUpdatedAt: languageTimes(template, stored, now), ...auditNext(stored, now, by) };
  assertStorable(next);
  return next;
}

/** A folder must be one of the organization's; another organization's answers like a missing one. */
export async function assertFolder(ctx: AuthedContext, folderId: string | undefined): Promise<void> {
  if (folderId && !(await ctx.tenant.get('messageFolder', folderId))) {
    throw new AppError('720009', say('request.folderMissing'));
  }
}

/** A category must be one of the organization's; another organization's answers like a missing one. */
export async function assertCategory(ctx: AuthedContext, categoryId: string | undefined): Promise<void> {
  if (categoryId && !(await ctx.tenant.get('templateCategory', categoryId))) {
    throw new AppError('720009', say('request.categoryMissing'));
  }
}

const guard = () => ({ entity: 'templateMessage', field: 'name', code: '720001' as const, message: TEMPLATE_NAME_TAKEN });

/** The writes that keep names unique in the organization (case-insensitive). */
export function nameWrites(ctx: AuthedContext, owner: string, next: string, old?: string) {
  return uniqueWrites(ctx.tenant, { ...guard(), owner, next, old });
}

export function releaseName(ctx: AuthedContext, name: string) {
  return releaseUnique(ctx.tenant, 'templateMessage', 'name', name);
}

/** "Welcome (copy)", then "Welcome (copy 2)", …: the first name no template of the organization has. */
export function copyName(name: string, taken: readonly string[]): string {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = name.slice(0, TEMPLATE_NAME_MAX - suffix.length).trimEnd() + suffix;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

function isAdministrator(ctx: AuthedContext): boolean {
  return ALL_PERMISSIONS.every((p) => ctx.identity.permissions.includes(p));
}

/** A locked template is changed only by the one who locked it, or by an administrator. */
export function assertUnlockedFor(ctx: AuthedContext, template: Pick<TemplateMessage, 'locked' | 'lockedBy'>): void {
  if (template.locked && template.lockedBy !== ctx.identity.userId && !isAdministrator(ctx)) {
    throw new AppError('730001', say('request.templateLocked'));
  }
}
