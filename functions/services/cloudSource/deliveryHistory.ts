/** A cloud source's deliveries as its history shows them (./run.ts). */
import { randomBytes } from 'node:crypto';
import { type CloudSource, type CloudSourceHistory, cloudHistoryKeyOf } from '../../../shared/entities';
import type { Runtime } from '../../platform/runtime';
import type { Store } from '../../store/store';
import { type SourceFile, SourceProblem } from './sources';

export type Deps = { rt: Runtime; store: Store };

const historyKey = (h: Pick<CloudSourceHistory, 'orgId' | 'sourceId'>) => ({ historyKey: cloudHistoryKeyOf(h.orgId, h.sourceId) });
export const histories = (store: Store, orgId: number) => store.forOrg(orgId).keyed('cloudSourceHistory');
export const saveHistory = (store: Store, h: CloudSourceHistory) => histories(store, h.orgId).put(h.sourceId, h);

export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).replace(/\s+/g, ' ').slice(0, 300);

/** How a failure reads on its delivery: the reason, and its kind when the source could not be opened. */
export const failureOf = (e: unknown): Pick<CloudSourceHistory, 'error' | 'problem'> => ({ error: errorText(e), ...(e instanceof SourceProblem ? { problem: e.problem } : {}) });

export async function setHistory(deps: Deps, history: CloudSourceHistory, change: Partial<CloudSourceHistory>): Promise<CloudSourceHistory> {
  const next = { ...history, ...change, dateUpdated: deps.rt.clock.now() };
  await saveHistory(deps.store, next);
  return next;
}

export function newHistory(source: CloudSource, file: SourceFile | undefined, trigger: CloudSourceHistory['trigger'], now: number): CloudSourceHistory {
  return {
    ...historyKey({ orgId: source.orgId, sourceId: source.id }),
    id: `${String(now).padStart(13, '0')}-${randomBytes(4).toString('hex')}`,
    orgId: source.orgId,
    sourceId: source.id,
    trigger,
    fileName: file?.name ?? '',
    fileSize: file?.size ?? 0,
    fileModified: file?.modified ?? 0,
    status: 'CHECKING',
    rows: 0,
    valid: 0,
    invalid: 0,
    created: 0,
    updated: 0,
    dateCreated: now,
    dateUpdated: now,
  };
}
