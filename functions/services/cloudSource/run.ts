// A cloud source's run (the job worker): list the source's folder.
// A held delivery waits until someone confirms it (the file is read again and must not have changed) or skips it.
import type { CloudSource, CloudSourceHistory } from '../../../shared/entities';
import { applyLoopSchedule, loopNext } from '../../platform/loops';
import type { Runtime } from '../../platform/runtime';
import { CONDITIONS, type Store } from '../../store/store';
import { type AlertKind, alert } from './deliveryAlerts';
import { type Deps, errorText, failureOf, histories, newHistory, saveHistory, setHistory } from './deliveryHistory';
import { DeliveryFailure, NO_COUNTS, type ReadMode, readFile, SliceEnd } from './deliveryRead';
import { fileNameMatcher, openSource, type SourceFile, SourceProblem, type SourceReader } from './sources';
import { say } from '../../../shared/i18n/say';

export const cloudScheduleName = (orgId: number, id: string) => `cloud-source-${orgId}-${id}`;

export async function applyCloudLoop(rt: Runtime, source: CloudSource): Promise<void> {
  await applyLoopSchedule(rt, cloudScheduleName(source.orgId, source.id), source.loopType, source.status === 'ACTIVE', {
    kind: 'cloudSource',
    orgId: source.orgId,
    id: source.id,
    trigger: 'LOOP',
  });
}

async function open(deps: Deps, source: CloudSource): Promise<SourceReader> {
  try {
    return await openSource(deps.rt, source);
  } catch (e) {
    if (e instanceof SourceProblem && e.fingerprint && e.fingerprint !== source.pendingHostKey) {
      await deps.store
        .update(
          'cloudSource',
          { orgId: source.orgId, id: source.id },
          { pendingHostKey: e.fingerprint },
          {
            // (the source still names the server that showed the key)
            ConditionExpression: 'attribute_exists(id) AND #h = :h AND #p = :p',
            ExpressionAttributeNames: { '#h': 'host', '#p': 'port' },
            ExpressionAttributeValues: { ':h': source.host, ':p': source.port },
          },
        )
        .catch(() => undefined);
    }
    throw e;
  }
}

/** A file is delivered once per name, size and time, unless the source takes it again each time. */
async function claimFile(store: Store, source: CloudSource, file: SourceFile): Promise<boolean> {
  if (source.multiSend) return true;
  try {
    await store.put('uniqueKey', { id: `cloudFile#${source.orgId}#${source.id}#${file.name}#${file.size}#${file.modified}`, owner: source.id }, CONDITIONS.isNew('id'));
    return true;
  } catch {
    return false;
  }
}

/** A refused file is recorded once, whatever the source's multiSend. */
async function claimRefusal(store: Store, source: CloudSource, file: SourceFile): Promise<boolean> {
  try {
    await store.put('uniqueKey', { id: `cloudRefused#${source.orgId}#${source.id}#${file.name}#${file.size}#${file.modified}`, owner: source.id }, CONDITIONS.isNew('id'));
    return true;
  } catch {
    return false;
  }
}

async function refuseName(deps: Deps, source: CloudSource, file: SourceFile, trigger: CloudSourceHistory['trigger']): Promise<void> {
  const now = deps.rt.clock.now();
  const failed: CloudSourceHistory = {
    ...newHistory(source, file, trigger, now),
    status: 'FAILED',
    problem: 'fileNameMismatch',
    error: say('cloudRun.nameMismatch', { file: file.name.slice(0, 200), pattern: source.fileName }),
    finishedAt: now,
  };
  await saveHistory(deps.store, failed);
  await alert(deps, source, failed, 'FAILURE');
}

const FINISH: Record<ReadMode, { status: CloudSourceHistory['status']; alert: AlertKind }> = {
  CHECK: { status: 'HELD', alert: 'HELD' },
  CHECK_IMPORT: { status: 'DONE', alert: 'DONE' },
  IMPORT: { status: 'CONFIRMED', alert: 'DONE' },
};

async function readSlice(deps: Deps, source: CloudSource, history: CloudSourceHistory, reader: SourceReader, mode: ReadMode, fromRow: number): Promise<void> {
  const { rt } = deps;
  try {
    const counts = await readFile(deps, source, history, await reader.read(history.fileName), {
      importing: mode !== 'CHECK',
      recordChecks: mode !== 'IMPORT',
      fromRow,
      counts: fromRow > 0 ? { rows: history.rows, valid: history.valid, invalid: history.invalid, created: history.created, updated: history.updated } : NO_COUNTS,
      deadline: Date.now() + rt.config.jobSliceMs,
    });
    const end = FINISH[mode];
    history = await setHistory(deps, history, { ...counts, status: end.status, ...(end.status === 'HELD' ? {} : { finishedAt: rt.clock.now() }) });
    await alert(deps, source, history, end.alert);
  } catch (e) {
    if (e instanceof SliceEnd) {
      await rt.jobs.post({ kind: 'cloudSourceResume', orgId: source.orgId, sourceId: source.id, historyId: history.id, fromRow: e.nextRow, mode });
      return;
    }
    if (!(e instanceof DeliveryFailure)) rt.log.error('cloud source delivery failed', { sourceId: source.id, error: errorText(e) });
    history = await setHistory(deps, history, { status: 'FAILED', error: errorText(e), finishedAt: rt.clock.now() });
    await alert(deps, source, history, 'FAILURE');
  }
}

async function deliver(deps: Deps, source: CloudSource, reader: SourceReader, file: SourceFile, trigger: CloudSourceHistory['trigger']): Promise<void> {
  const history = newHistory(source, file, trigger, deps.rt.clock.now());
  await saveHistory(deps.store, history);
  await readSlice(deps, source, history, reader, source.holdForConfirmation ? 'CHECK' : 'CHECK_IMPORT', 0);
}

export async function runCloudSource(deps: Deps, orgId: number, id: string, trigger: CloudSourceHistory['trigger']): Promise<void> {
  const { rt, store } = deps;
  const source = await store.forOrg(orgId).get('cloudSource', id);
  if (!source || (trigger === 'LOOP' && source.status !== 'ACTIVE')) {
    if (trigger === 'LOOP') await rt.ports.scheduler.cancel(cloudScheduleName(orgId, id));
    return;
  }
  const now = rt.clock.now();
  const next = source.status === 'ACTIVE' ? loopNext(source.loopType, now) : undefined;
  await store.update('cloudSource', { orgId, id }, { lastExecuteTime: now, ...(next !== undefined ? { nextExecuteTime: next } : {}) });
  let reader: SourceReader | undefined;
  try {
    reader = await open(deps, source);
    const matches = fileNameMatcher(source.fileName);
    const listed = (await reader.list()).sort((a, b) => a.name.localeCompare(b.name));
    const files = listed.filter((f) => matches(f.name));
    // a file someone uploaded under another name is refused where they look, not silently left (issue 21)
    if (source.sourceType === 'UPLOAD') {
      for (const file of listed) if (!matches(file.name) && (await claimRefusal(store, source, file))) await refuseName(deps, source, file, trigger);
    }
    for (const file of files) {
      if (await claimFile(store, source, file)) await deliver(deps, source, reader, file, trigger);
    }
  } catch (e) {
    // the source could not be reached or listed: one failed history row says why
    const failed = { ...newHistory(source, undefined, trigger, rt.clock.now()), status: 'FAILED' as const, ...failureOf(e), finishedAt: rt.clock.now() };
    await saveHistory(store, failed);
    await alert(deps, source, failed, 'FAILURE');
  } finally {
    await reader?.close();
  }
}

/** The job of a confirmed delivery: read the file again, unchanged, and import it. */
export async function importConfirmed(deps: Deps, orgId: number, sourceId: string, historyId: string): Promise<void> {
  await continueDelivery(deps, orgId, sourceId, historyId, 'IMPORT', 0);
}

/** A delivery's file read on from `fromRow` (a follow-up job), or a confirmed one read again from the start. */
export async function continueDelivery(deps: Deps, orgId: number, sourceId: string, historyId: string, mode: ReadMode, fromRow: number): Promise<void> {
  const { rt, store } = deps;
  const source = await store.forOrg(orgId).get('cloudSource', sourceId);
  let history = (await histories(store, orgId).get(sourceId, historyId)) as CloudSourceHistory | undefined;
  if (!source || !history || history.status !== (mode === 'IMPORT' ? 'IMPORTING' : 'CHECKING')) return;
  let reader: SourceReader | undefined;
  try {
    reader = await open(deps, source);
    const now = (await reader.list()).find((f) => f.name === history!.fileName);
    if (!now) throw new DeliveryFailure(say('cloudRun.fileGone'));
    if (now.size !== history.fileSize || now.modified !== history.fileModified) {
      throw new DeliveryFailure(say(mode === 'IMPORT' ? 'cloudRun.changedAfterCheck' : 'cloudRun.changedWhileRead'));
    }
    await readSlice(deps, source, history, reader, mode, fromRow);
  } catch (e) {
    history = await setHistory(deps, history, { status: 'FAILED', ...failureOf(e), finishedAt: rt.clock.now() });
    await alert(deps, source, history, 'FAILURE');
  } finally {
    await reader?.close();
  }
}
