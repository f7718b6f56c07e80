/** Export settings on a loop (spec 001 3.16). */
import type { ExportSetting } from '../../../shared/entities';
import { applyLoopSchedule, loopNext } from '../../platform/loops';
import type { Runtime } from '../../platform/runtime';
import type { Store } from '../../store/store';
import { newId } from '../../store/audit';
import { runDataExport } from './run';

export const scheduleName = (orgId: number, id: string) => `export-${orgId}-${id}`;

/** When the loop fires next after `now`; undefined when it does not (once, inactive, ended). */
export function nextRun(setting: Pick<ExportSetting, 'loopType' | 'state' | 'endDate'>, now: number): number | undefined {
  if (setting.state !== 'ACTIVE') return undefined;
  const next = loopNext(setting.loopType, now);
  return next !== undefined && (setting.endDate === undefined || next <= setting.endDate) ? next : undefined;
}

export async function applyLoop(rt: Runtime, orgId: number, setting: ExportSetting): Promise<void> {
  const active = nextRun(setting, rt.clock.now()) !== undefined;
  return applyLoopSchedule(rt, scheduleName(orgId, setting.id), setting.loopType, active, { kind: 'exportSetting', orgId, id: setting.id });
}

export function newRun(
  orgId: number,
  now: number,
  actor: string | undefined,
  fields: { title: string; exportType: ExportSetting['exportType']; columns?: string[]; segmentId?: string; settingId?: string },
) {
  return {
    orgId,
    id: newId(),
    title: fields.title,
    exportType: fields.exportType,
    columns: fields.columns ?? [],
    ...(fields.segmentId ? { segmentId: fields.segmentId } : {}),
    ...(fields.settingId ? { settingId: fields.settingId } : {}),
    state: 'RUNNING' as const,
    rows: 0,
    capped: false,
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    ...(actor ? { createdBy: actor, updatedBy: actor } : {}),
  };
}

/** The loop fired: export now (unless the setting went away or stopped), then move its dates on. */
export async function runExportSetting(deps: { rt: Runtime; store: Store }, orgId: number, id: string): Promise<void> {
  const tenant = deps.store.forOrg(orgId);
  const setting = await tenant.get('exportSetting', id);
  const now = deps.rt.clock.now();
  if (setting?.state !== 'ACTIVE' || (setting.endDate !== undefined && now > setting.endDate)) {
    await deps.rt.ports.scheduler.cancel(scheduleName(orgId, id));
    return;
  }
  const run = newRun(orgId, now, undefined, { title: setting.title, exportType: setting.exportType, settingId: id });
  await deps.store.put('dataExport', run);
  const next = nextRun(setting, now);
  await deps.store.update('exportSetting', { orgId, id }, { lastExecutionDate: now, ...(next !== undefined ? { nextExecutionDate: next } : {}) });
  await runDataExport(deps, orgId, run.id);
}
