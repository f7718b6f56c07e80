/**
 * The message console: campaign runs with their counts (runs and counters only), each run's sends by cursor, the
 * organization's sends to an address, CSV exports, and every cloud-source delivery.
 */
import type { Channel, SentState } from '../../../shared/delivery';
import { type CloudSource, type CloudSourceHistory, addressKeyOf, type PlanRun, type SentRecord } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { csvLine, EXPORT_CAP } from '../../../shared/export/csv';
import { REQUEST_TEXTS, textIn, textsIn } from '../../../shared/i18n';
import { normalizePhone } from '../../../shared/phone';
import { EXPORT_LINK_SECONDS } from '../../../shared/services/dataExport';
import { CONSOLE_CSV_HEADINGS, type ConsoleRunRow, type ConsoleSendRow, MESSAGE_CONSOLE_TEXTS, SEND_REASON_TEXTS, SENT_STATE_TEXTS } from '../../../shared/services/message';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { tenantLedger } from '../../delivery';
import { organizationSettingOf } from '../../domain/organizationSetting';
import { allSentRecords, decodeCursor, encodeCursor, sendsToAddress, sentRecordPage } from './records';

const MAX_OFFSET = 10_000;

function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  const { offset } = decodeCursor<{ offset?: unknown }>(cursor);
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) throw new AppError('400016', REQUEST_TEXTS.cursor);
  return offset;
}

async function requireRun(ctx: AuthedContext, planId: string, runId: string) {
  const plan = await ctx.tenant.require('plan', planId);
  const run = (await ctx.tenant.keyed('planRun').get(planId, runId)) as PlanRun | undefined;
  if (!run) throw new AppError('720003', MESSAGE_CONSOLE_TEXTS.runMissing);
  return { plan, run };
}

function sendRow(r: SentRecord, ctx: AuthedContext, planName?: string): ConsoleSendRow {
  return {
    planId: r.planId,
    runId: r.runId,
    ...(planName !== undefined ? { planName } : {}),
    accountId: r.accountId,
    channel: r.channel,
    address: r.address,
    status: r.status,
    ...(r.reason ? { reason: r.reason, reasonText: textIn(SEND_REASON_TEXTS[r.reason], ctx.lang) } : {}),
    ...(r.detail ? { detail: r.detail } : {}),
    ...(r.providerId ? { providerId: r.providerId } : {}),
    claimedAt: r.claimedAt,
    ...(r.doneAt !== undefined ? { doneAt: r.doneAt } : {}),
  };
}

async function addressForms(ctx: AuthedContext, typed: string): Promise<string[]> {
  const orgId = ctx.identity.orgId;
  const forms = [addressKeyOf(orgId, typed)];
  if (!typed.includes('@')) {
    const phone = normalizePhone(typed, (await organizationSettingOf(ctx.tenant)).defaultCountry || undefined);
    if (phone) forms.unshift(addressKeyOf(orgId, phone));
  }
  return [...new Set(forms.filter((f): f is string => f !== undefined))];
}

const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());

/** The console's rows of these runs: their plans' names and channels, and each run's counters (never its sends). */
async function runRows(ctx: AuthedContext, page: readonly PlanRun[], byId: ReadonlyMap<string, { name: string; channel: Channel }>): Promise<ConsoleRunRow[]> {
  const ledger = tenantLedger(ctx.tenant);
  return Promise.all(
    page.map(async (run): Promise<ConsoleRunRow> => {
      const { total } = await ledger.totals(run);
      const plan = byId.get(run.planId)!;
      return {
        planId: run.planId,
        runId: run.runId,
        planName: plan.name,
        channel: plan.channel,
        status: run.status,
        startedAt: run.startedAt,
        ...(run.finishedAt !== undefined ? { finishedAt: run.finishedAt } : {}),
        matched: total.matched,
        sent: total.sent,
        failed: total.failed,
        skipped: total.skipped,
        uncertain: total.uncertain,
      };
    }),
  );
}

async function recentRuns(ctx: AuthedContext, cursor: string | undefined, size: number) {
  const orgId = ctx.identity.orgId;
  let startKey: Record<string, unknown> | undefined;
  if (cursor) {
    const { after } = decodeCursor<{ after?: Record<string, unknown> }>(cursor);
    const ok =
      !!after &&
      typeof after === 'object' &&
      // the index's keys and the table's (organization first: `sk` is `<planId>#<runId>` within it)
      Object.keys(after).sort().join() === 'orgId,sk,startedAt' &&
      after.orgId === orgId &&
      typeof after.sk === 'string' &&
      Number.isInteger(after.startedAt);
    if (!ok) throw new AppError('400016', REQUEST_TEXTS.cursor);
    startKey = after;
  }
  const page = await ctx.tenant.keyed('planRun').orgIndexPage('orgRuns', { forward: false, limit: size, startKey });
  const runs = page.items as PlanRun[];
  const ids = [...new Set(runs.map((r) => r.planId))];
  const plans = await ctx.tenant.getMany('plan', ids, ['id', 'name', 'channel']);
  const byId = new Map(plans.filter((p) => p !== undefined).map((p) => [p.id, { name: p.name, channel: p.channel }]));
  // a run whose plan was deleted is not listed
  const list = await runRows(
    ctx,
    runs.filter((r) => byId.has(r.planId)),
    byId,
  );
  return { list, cursor: page.lastKey ? encodeCursor({ after: page.lastKey }) : undefined };
}

export const messageHandlers: AreaHandlers<'message'> = {
  async getListByPage({ channel, planName, cursor, size }, ctx) {
    if (!channel && !planName) return recentRuns(ctx, cursor, size);
    const offset = offsetOf(cursor);
    const plans = (await ctx.tenant.list('plan', ['id', 'name', 'channel'])).filter(
      (p) => (!channel || p.channel === channel) && (!planName || p.name.toLowerCase().includes(planName.toLowerCase())),
    );
    // the runs of the matching plans (a handful each), never their sends
    const runs = (await Promise.all(plans.map((p) => ctx.tenant.keyed('planRun').list(p.id)))).flat();
    runs.sort((a, b) => b.startedAt - a.startedAt || b.runId.localeCompare(a.runId));
    const page = runs.slice(offset, offset + size);
    const list = await runRows(ctx, page, new Map(plans.map((p) => [p.id, p])));
    const next = offset + size;
    return { list, cursor: next < runs.length && next <= MAX_OFFSET ? encodeCursor({ offset: next }) : undefined };
  },

  async detail(q, ctx) {
    if ('address' in q) {
      const page = await sendsToAddress(ctx, await addressForms(ctx, q.address), q);
      // the names of this page's plans only, not the organization's every plan
      const plans = await ctx.tenant.getMany('plan', [...new Set(page.list.map((r) => r.planId))], ['id', 'name']);
      const names = new Map(plans.filter((p) => p !== undefined).map((p) => [p.id, p.name]));
      return { list: page.list.map((r) => sendRow(r, ctx, names.get(r.planId) ?? '')), cursor: page.cursor };
    }
    const { run } = await requireRun(ctx, q.planId, q.runId);
    const page = await sentRecordPage(ctx, { ...q, shards: run.shards });
    return { list: page.list.map((r) => sendRow(r, ctx)), cursor: page.cursor };
  },

  async export({ planId, runId, status }, ctx) {
    const { plan, run } = await requireRun(ctx, planId, runId);
    // the counters say how many there are before a single record is read
    const { total } = await tenantLedger(ctx.tenant).totals(run);
    const counted: Partial<Record<SentState, number>> = { SENT: total.sent, FAILED: total.failed, SKIPPED: total.skipped, UNCERTAIN: total.uncertain };
    const size = status ? (counted[status] ?? 0) : total.sent + total.failed + total.skipped + total.uncertain;
    if (size > EXPORT_CAP) {
      const cap = EXPORT_CAP.toLocaleString('en-US');
      const text = MESSAGE_CONSOLE_TEXTS.exportTooLarge;
      throw new AppError('720009', { en: textIn(text, 'en', { cap }), zh: textIn(text, 'zh', { cap }), ja: textIn(text, 'ja', { cap }) });
    }
    const records = (await allSentRecords(ctx, run, status)).slice(0, EXPORT_CAP);
    records.sort((a, b) => (a.doneAt ?? a.claimedAt) - (b.doneAt ?? b.claimedAt));
    const lines = [
      '\uFEFF' + csvLine(CONSOLE_CSV_HEADINGS[ctx.lang]),
      ...records.map((r) =>
        csvLine([
          r.accountId,
          r.channel,
          r.address,
          textIn(SENT_STATE_TEXTS[r.status], ctx.lang),
          r.reason ?? '',
          r.reason ? textIn(SEND_REASON_TEXTS[r.reason], ctx.lang) : '',
          r.detail ?? '',
          r.providerId ?? '',
          iso(r.claimedAt),
          iso(r.doneAt),
        ]),
      ),
    ];
    const key = `exports/${ctx.identity.orgId}/message-console-${planId}-${runId}.csv`;
    await ctx.rt.ports.storage.put(key, lines.join(''), 'text/csv; charset=utf-8');
    const fileName = `${plan.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 80) || 'message'}-${runId}.csv`;
    const url = await ctx.rt.ports.storage.signedGetUrl(key, EXPORT_LINK_SECONDS, fileName);
    return { url, fileName, expiresAt: ctx.rt.clock.now() + EXPORT_LINK_SECONDS * 1000, rows: records.length };
  },
};

async function newestDeliveries(ctx: AuthedContext, sourceId: string, n: number, status?: string): Promise<CloudSourceHistory[]> {
  const found: CloudSourceHistory[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ctx.tenant.keyed('cloudSourceHistory').queryPage(sourceId, {
      forward: false,
      limit: n - found.length,
      startKey,
      ...(status ? { filter: { expression: '#st = :st', names: { '#st': 'status' }, values: { ':st': status } } } : {}),
    });
    found.push(...(page.items as CloudSourceHistory[]));
    startKey = page.lastKey;
  } while (startKey && found.length < n);
  return found;
}

type CloudRecordOps = AreaHandlers<'cloudSourceRecord'>;

function cloudRow(h: CloudSourceHistory, title: string, ctx: AuthedContext) {
  const { historyKey: _k, orgId: _o, sk: _s, ...rest } = h as CloudSourceHistory & { sk?: string };
  // a run's reason is stored in English: the reader gets it in their language
  return { ...rest, ...(h.error ? { error: textsIn(h.error, ctx.lang) } : {}), sourceTitle: title };
}

export function consoleCloudHandlers(records: CloudRecordOps): AreaHandlers<'consoleCloud'> {
  return {
    async getListByPage({ sourceId, status, cursor, size }, ctx) {
      const offset = offsetOf(cursor);
      const sources = sourceId ? [await ctx.tenant.require('cloudSource', sourceId)] : await ctx.tenant.list('cloudSource', ['id', 'title']);
      const want = offset + size + 1;
      const all = (await Promise.all(sources.map(async (s) => (await newestDeliveries(ctx, s.id, want, status || undefined)).map((h) => ({ h, title: s.title }))))).flat();
      // history ids start with their time: one order across sources
      all.sort((a, b) => b.h.dateCreated - a.h.dateCreated || b.h.id.localeCompare(a.h.id));
      const list = all.slice(offset, offset + size).map(({ h, title }) => cloudRow(h, title, ctx));
      const next = offset + size;
      return { list: list as never, cursor: all.length > next && next <= MAX_OFFSET ? encodeCursor({ offset: next }) : undefined };
    },

    async detail({ sourceId, id, afterRow, size }, ctx) {
      const source = (await ctx.tenant.require('cloudSource', sourceId)) as CloudSource;
      const history = (await ctx.tenant.keyed('cloudSourceHistory').get(sourceId, id)) as CloudSourceHistory | undefined;
      if (!history) throw new AppError('720003');
      const page = await records.getListByPage({ sourceId, id, afterRow, size }, ctx);
      return { delivery: cloudRow(history, source.title, ctx) as never, ...page };
    },

    export: (ref, ctx) => records.export(ref, ctx),
  };
}
