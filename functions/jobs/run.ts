/** The one table from job kinds to the code that does them; the switch is exhaustive over `Job`. */
import type { Job } from '../platform/jobs';
import type { Runtime } from '../platform/runtime';
import { runPasswordEmailJob } from '../services/auth';
import { continueDelivery, importConfirmed, removeSourceDeliveries, runCloudSource } from '../services/cloudSource';
import { runDataExport, runExportSetting } from '../services/dataExport';
import { notifyRunFinished } from '../services/notification';
import { loadPresetFile, pruneRecords } from '../services/presetParameter';
import { makeMonthlyReport, makeRequestedReport, postMonthlyReports } from '../services/report';
import { backfillAccountZones } from '../store/migrations/accountZones';
import { snapshotJob } from '../domain/audience/rebuild';
import { migrateOrgFirstKeys } from '../store/migrations/orgFirstKeys';
import { grantAdHocToPlanRoles } from '../store/migrations/roleMessageTypes';
import type { Store } from '../store/store';
import { recordProviderFeedback } from '../tracking/feedback';

export async function runJob(deps: { rt: Runtime; store: Store }, job: Job): Promise<void> {
  switch (job.kind) {
    case 'passwordEmail':
      return runPasswordEmailJob(deps, job.email);
    case 'emailFeedback':
      await recordProviderFeedback(deps, 'EMAIL', job.detail);
      return;
    case 'dataExport':
      return runDataExport(deps, job.orgId, job.id);
    case 'exportSetting':
      return runExportSetting(deps, job.orgId, job.id);
    case 'cloudSource':
      return runCloudSource(deps, job.orgId, job.id, job.trigger);
    case 'cloudSourceImport':
      return importConfirmed(deps, job.orgId, job.sourceId, job.historyId);
    case 'cloudSourceResume':
      return continueDelivery(deps, job.orgId, job.sourceId, job.historyId, job.mode, job.fromRow);
    case 'cloudSourceRemove':
      return removeSourceDeliveries(deps.store, job.orgId, job.id);
    case 'presetLoad':
      return loadPresetFile(deps, job.orgId, job.id, job.fileName);
    case 'runFinished':
      return notifyRunFinished(deps, job.orgId, job.planId, job.runId);
    case 'presetRecordsRemove':
      await pruneRecords(deps.store, job.orgId, job.id, () => true);
      return;
    case 'keyMigration': {
      // a table too large for one job's time goes on in the next, from its saved position
      const deadline = Date.now() + deps.rt.config.jobSliceMs;
      const moved = await migrateOrgFirstKeys(deps.store, { log: deps.rt.log, deadline });
      const indexed = moved.finished ? await backfillAccountZones(deps.store, { log: deps.rt.log, deadline }) : undefined;
      if (!indexed?.finished) await deps.rt.jobs.post({ kind: 'keyMigration' });
      // roles made before the message types get Ad-Hoc (a few items: no slices)
      else await grantAdHocToPlanRoles(deps.store, { log: deps.rt.log });
      return;
    }
    case 'monthlyReports':
      return postMonthlyReports(deps);
    case 'monthlyReport':
      return makeMonthlyReport(deps, job.orgId, job.month);
    case 'requestedReport':
      return makeRequestedReport(deps, job.orgId, job.id);
    case 'audienceSnapshot':
      return snapshotJob(deps.store.forOrg(job.orgId));
    default:
      return assertUnreachable(job);
  }
}

function assertUnreachable(job: never): never {
  throw new Error(`unknown job kind ${String((job as { kind?: unknown }).kind)}`);
}
