// Monthly reports: on the first of each month at 12:00 UTC the scheduler puts one job on the job queue; it posts a job
// per organization, and each makes the organization's report of the month before once (a record keyed by the month,
// created with a condition, so a fired-twice schedule or a redelivered job makes and mails nothing twice), writes it as
// a Word file and mails it to the report mails of the messages it covers.
import type { MonthlyReport } from '../../../shared/entities';
import type { Lang } from '../../../shared/errors';
import { MONTHLY_REPORT_MAIL_TEXTS, textIn } from '../../../shared/i18n';
import { zonedTimeToUtc } from '../../../shared/plan/zonedTime';
import { organizationSettingOf, organizationZoneOf } from '../../domain/organizationSetting';
import { JOB_QUEUE } from '../../platform/jobs';
import type { Runtime } from '../../platform/runtime';
import type { Store, TenantStore } from '../../store/store';
import { planReport, zeroTotals } from './planReport';
import { DOCX_TYPE, planReportDocx } from './word';

export const MONTHLY_REPORT_SCHEDULE = 'monthly-reports';
const FIRST_OF_THE_MONTH = '0 12 1 * ? *';
const STALE_MS = 15 * 60_000;

export const monthlyReportKey = (orgId: number, month: string) => `reports/${orgId}/monthly-${month}.docx`;

export function scheduleMonthlyReports(rt: Runtime): Promise<void> {
  return rt.ports.scheduler.cron(MONTHLY_REPORT_SCHEDULE, FIRST_OF_THE_MONTH, 'UTC', { queue: JOB_QUEUE, payload: { kind: 'monthlyReports' } });
}

export function monthBefore(now: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

export function daysOf(month: string): { start: string; end: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: `${month}-01`, end: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

/** The organization's messages with a run in the days `start` to `end` of `timeZone` (counted by hour), with their mails. */
export async function plansSentIn(
  tenant: TenantStore,
  { start, end, timeZone }: { start: string; end: string; timeZone: string },
  now: number,
): Promise<{ id: string; reportMails?: string[] }[]> {
  const dayAfter = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [from, to] = [zonedTimeToUtc(`${start}T00:00`, timeZone), zonedTimeToUtc(`${dayAfter}T00:00`, timeZone)];
  const plans = await tenant.list('plan', ['id', 'reportMails']);
  const ran = await Promise.all(
    plans.map(async (p) => ((await tenant.keyed('planRun').list(p.id)).some((r) => r.startedAt < to && (r.finishedAt ?? now) >= from) ? p : undefined)),
  );
  return ran.filter((p) => !!p);
}

/** The scheduler fired: a job per organization, so one organization's report never waits for another's. */
export async function postMonthlyReports(deps: { rt: Runtime; store: Store }): Promise<void> {
  const month = monthBefore(deps.rt.clock.now());
  for (const org of await deps.store.scanAll('organization')) {
    if (org.status === 'ACTIVE') await deps.rt.jobs.post({ kind: 'monthlyReport', orgId: org.id, month });
  }
}

/** Takes the month's report for this job: a new record, or one a dead job left MAKING. */
async function claim(tenant: TenantStore, month: string, now: number): Promise<boolean> {
  const record: MonthlyReport = {
    orgId: tenant.orgId,
    id: month,
    status: 'MAKING',
    planIds: [],
    sent: 0,
    opens: 0,
    clicks: 0,
    mailedTo: [],
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'system',
    updatedBy: 'system',
  };
  try {
    await tenant.transact([tenant.putNew('monthlyReport', record)]);
    return true;
  } catch {
    const held = await tenant.get('monthlyReport', month);
    if (!held || held.status === 'DONE' || held.dateUpdated > now - STALE_MS) return false;
    try {
      await tenant.transact([
        tenant.updateItem(
          'monthlyReport',
          month,
          { set: { dateUpdated: now } },
          { ConditionExpression: '#u = :u', ExpressionAttributeNames: { '#u': 'dateUpdated' }, ExpressionAttributeValues: { ':u': held.dateUpdated } },
        ),
      ]);
      return true;
    } catch {
      return false;
    }
  }
}

export async function makeMonthlyReport(deps: { rt: Runtime; store: Store }, orgId: number, month: string): Promise<void> {
  const { rt, store } = deps;
  const tenant = store.forOrg(orgId);
  const now = rt.clock.now();
  if (!(await claim(tenant, month, now))) return;
  const { start, end } = daysOf(month);
  const timeZone = await organizationZoneOf(store, orgId, now);
  const covered = await plansSentIn(tenant, { start, end, timeZone }, now);
  const [org, setting] = await Promise.all([store.get('organization', { id: orgId }), organizationSettingOf(tenant)]);
  const lang = (['en', 'zh', 'ja'].includes(setting.defaultLanguage) ? setting.defaultLanguage : 'en') as Lang;
  const report = covered.length > 0 ? await planReport(tenant, { planIds: covered.map((p) => p.id), start, end }, timeZone) : undefined;
  const total = report?.total ?? { sent: 0, opens: 0, clicks: 0 };
  const file = await planReportDocx({
    rows: report?.rows ?? [],
    total: report?.total ?? zeroTotals(),
    organization: org?.name ?? '',
    start,
    end,
    madeAt: now,
    lang,
    timeZone,
  });
  await rt.ports.storage.put(monthlyReportKey(orgId, month), file, DOCX_TYPE);
  const recipients = [...new Set(covered.flatMap((p) => p.reportMails ?? []).map((a) => a.trim().toLowerCase()))].filter((a) => a.includes('@'));
  const params = {
    organization: org?.name ?? '',
    month,
    messages: covered.length,
    sent: total.sent,
    opens: total.opens,
    clicks: total.clicks,
    url: `${rt.config.publicUrl.replace(/\/$/, '')}/monthly-reports`,
  };
  const subject = textIn(MONTHLY_REPORT_MAIL_TEXTS.subject, lang, params);
  const text = `${textIn(MONTHLY_REPORT_MAIL_TEXTS.body, lang, params)}\n\n${textIn(MONTHLY_REPORT_MAIL_TEXTS.open, lang, params)}\n`;
  const mailed: string[] = [];
  for (const to of recipients) {
    try {
      await rt.mailer.send({ to, subject, text });
      mailed.push(to);
    } catch (e) {
      rt.log.warn('monthly report mail failed', { orgId, month, error: (e as Error).name });
    }
  }
  await tenant.transact([
    tenant.updateItem('monthlyReport', month, {
      set: {
        status: 'DONE',
        planIds: covered.map((p) => p.id),
        sent: total.sent,
        opens: total.opens,
        clicks: total.clicks,
        fileKey: monthlyReportKey(orgId, month),
        mailedTo: mailed,
        dateUpdated: rt.clock.now(),
      },
    }),
  ]);
}
