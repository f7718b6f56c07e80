/**
 * Whose deliveries the history and records screens show: a cloud source's own, or a model's (the deliveries of
 * the source it reads from, through the modelHistory and modelRecord operations, which confirm and skip the same
 * way but neither delete a delivery nor export its rows). One screen serves both; this says which calls and
 * paths it uses.
 */
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { MODELS_PATH, modelHistoryPath, modelRecordsPath } from '../model/paths';
import { historyPath, recordsPath, SOURCES_PATH } from './paths';

export type RunOwner = { kind: 'source'; id: string } | { kind: 'model'; id: string };
type HistoryPage = Result<'cloudSourceHistory.getListByPage'>;
type RecordPage = Result<'cloudSourceRecord.getListByPage'>;

/** The owner named by the page's query (`?source=` or `?model=`), if any. */
export function ownerOf(kind: RunOwner['kind'], params: URLSearchParams): RunOwner | null {
  const id = params.get(kind) ?? '';
  return id ? { kind, id } : null;
}

export const runTexts = (owner: Pick<RunOwner, 'kind'>) =>
  owner.kind === 'source'
    ? { history: 'page.cloudSourceHistory', records: 'page.cloudSourceRecords', list: SOURCES_PATH, back: 'cloudHistory.back', noOwner: 'cloudHistory.noSource' }
    : { history: 'page.modelHistory', records: 'page.modelRecords', list: MODELS_PATH, back: 'modelRuns.back', noOwner: 'modelRuns.noModel' };

export const ownerHistoryPath = (owner: RunOwner) => (owner.kind === 'source' ? historyPath(owner.id) : modelHistoryPath(owner.id));
export const ownerRecordsPath = (owner: RunOwner, deliveryId: string) => (owner.kind === 'source' ? recordsPath(owner.id, deliveryId) : modelRecordsPath(owner.id, deliveryId));

export function listHistory(owner: RunOwner, query: { size: number; cursor?: string; status?: string }, quiet: boolean): Promise<HistoryPage> {
  return owner.kind === 'source'
    ? call('cloudSourceHistory.getListByPage', { ...query, sourceId: owner.id }, { quiet })
    : call('modelHistory.getListByPage', { ...query, modelId: owner.id }, { quiet });
}

export function decideRun(owner: RunOwner, how: 'confirm' | 'skip', id: string) {
  if (owner.kind === 'source') return call(how === 'confirm' ? 'cloudSourceHistory.confirm' : 'cloudSourceHistory.skip', { sourceId: owner.id, id });
  return call(how === 'confirm' ? 'modelHistory.confirm' : 'modelHistory.skip', { modelId: owner.id, id });
}

export function listRecords(owner: RunOwner, query: { id: string; size: number; afterRow?: number }, quiet: boolean): Promise<RecordPage> {
  return owner.kind === 'source'
    ? call('cloudSourceRecord.getListByPage', { ...query, sourceId: owner.id }, { quiet })
    : call('modelRecord.getListByPage', { ...query, modelId: owner.id }, { quiet });
}
