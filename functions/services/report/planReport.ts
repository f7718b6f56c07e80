/**
 * The plan report's figures: for each chosen message, the counts of its runs whose hour falls within the chosen days
 * of the organization's zone, read from the runs' counter items (one query per run, whatever the audience).
 */
import { AppError } from '../../../shared/errors';
import { messageFigures } from '../../../shared/metrics';
import { localDayHourOf } from '../../../shared/plan/zonedTime';
import type { PlanTotals } from '../../../shared/services/plan';
import type { PlanReportRow } from '../../../shared/services/report';
import { tenantLedger } from '../../delivery';
import type { TenantStore } from '../../store/store';

const FIELDS = ['matched', 'sent', 'failed', 'skipped', 'uncertain', 'opens', 'clicks', 'unsubscribes', 'bounces', 'complaints', 'likes', 'dislikes'] as const;
export const zeroTotals = (): PlanTotals => Object.fromEntries(FIELDS.map((f) => [f, 0])) as PlanTotals;

export async function planReport(
  tenant: TenantStore,
  { planIds, start, end }: { planIds: string[]; start: string; end: string },
  timeZone = 'UTC',
): Promise<{ rows: PlanReportRow[]; total: PlanTotals; timeZone: string }> {
  const ids = [...new Set(planIds)];
  const plans = await tenant.getMany('plan', ids);
  if (plans.some((p) => !p)) throw new AppError('720003');
  const groupIds = [...new Set(plans.map((p) => p!.groupId).filter((g): g is string => !!g))];
  const groups = groupIds.length ? await tenant.getMany('planGroup', groupIds, ['id', 'name']) : [];
  const groupName = new Map(groups.filter((g) => !!g).map((g) => [g!.id, g!.name]));
  const ledger = tenantLedger(tenant);
  const total = zeroTotals();
  const rows = await Promise.all(
    plans.map(async (plan) => {
      const p = plan!;
      const totals = zeroTotals();
      let parts = 0;
      for (const run of await tenant.keyed('planRun').list(p.id)) {
        const { hours } = await ledger.totals(run);
        for (const [hour, counts] of Object.entries(hours)) {
          // hour keys are `YYYY-MM-DDTHH` in UTC: an hour counts on the organization's day it starts in (a zone
          // half an hour off UTC puts an hour across midnight on the day of its start); days compare as text
          const day = localDayHourOf(Date.parse(`${hour}:00:00Z`), timeZone).day;
          if (day < start || day > end) continue;
          for (const f of FIELDS) totals[f] += counts[f] ?? 0;
          parts += counts.parts ?? 0;
        }
      }
      for (const f of FIELDS) total[f] += totals[f];
      return {
        planId: p.id,
        name: p.name,
        channel: p.channel,
        messageType: p.messageType ?? 1,
        ...(p.groupId && groupName.has(p.groupId) ? { groupName: groupName.get(p.groupId)! } : {}),
        totals,
        parts,
        figures: messageFigures(p.channel, totals, { parts }),
      };
    }),
  );
  return { rows, total, timeZone };
}
