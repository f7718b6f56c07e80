/**
 * A cloud source's deliveries (/library/cloud-source/history?source=<id>), newest first, a page at a time by
 * cursor: the file, its check and import counts, a progress bar while it is read; a held delivery is confirmed
 * (imported) or skipped after a confirmation; a finished one opens its failed rows or is deleted. Deliveries
 * in progress are followed until they end. A model's runs (/library/model/history?model=<id>) are the same
 * screen over the model operations (see ./runOwner).
 */
import { RowAction } from '../../components/list/RowAction';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { CloudHistoryStatus } from '../../../../shared/entities/cloudSource';
import { formatCount } from '../../../../shared/format';
import { useDateTime } from '../../app/locale';
import type { CloudSourceHistoryView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { CursorTable } from '../../components/list/CursorTable';
import { RecordsPage } from '../../components/list/RecordsPage';
import { columnsOf } from '../../components/list/RecordsTable';
import { CloudStatusTag, cloudStatusOptions, DELIVERY_COUNTS } from './CloudStatusTag';
import { NoRecordPage } from '../../components/NoRecordPage';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { decideRun, listHistory, ownerOf, ownerRecordsPath, type RunOwner, runTexts } from './runOwner';
import '../../i18n/areas/cloudSource';
import '../../i18n/areas/model';
import { ListToolbar } from '../../components/list/ListToolbar';

const PAGE = 20;
const RUNNING = new Set<CloudHistoryStatus>(['CHECKING', 'IMPORTING']);

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function CloudSourceHistoryPage() {
  return <HistoryPage kind="source" />;
}

/** The history of the source or model the query names. */
export function HistoryPage({ kind }: { kind: RunOwner['kind'] }) {
  const [params] = useSearchParams();
  const owner = ownerOf(kind, params);
  return owner ? <History owner={owner} key={owner.id} /> : <NoSource kind={kind} />;
}

/** The page without a source or model (or delivery) to show: a way back to its list. */
export function NoSource({ kind = 'source', text, title }: { kind?: RunOwner['kind']; text?: string; title?: string }) {
  const { t } = useTranslation();
  const texts = runTexts({ kind });
  return <NoRecordPage title={title ?? t(texts.history)} text={text ?? t(texts.noOwner)} back={texts.list} backLabel={t(texts.back)} />;
}

/** The source's title and its file pattern (a model's are its name and its source's pattern); an error when it is missing. */
export function useOwnerDetail(owner: RunOwner) {
  const model = useSWR(owner.kind === 'model' ? ['model.detail', owner.id] : null, () => call('model.detail', { id: owner.id }, { quiet: true }));
  const sourceId = owner.kind === 'source' ? owner.id : (model.data?.cloudSourceId as string | undefined);
  const source = useSWR(sourceId ? ['cloudSource.detail', sourceId] : null, () => call('cloudSource.detail', { id: sourceId! }, { quiet: true }));
  return owner.kind === 'source'
    ? { error: source.error, title: source.data?.title ?? '', pattern: source.data?.fileName ?? '' }
    : { error: model.error, title: model.data?.name ?? '', pattern: source.data?.fileName ?? '' };
}

function History({ owner }: { owner: RunOwner }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const navigate = useNavigate();
  const [status, setStatus] = useState<string>('');
  const [confirmElement, ask] = useConfirm();
  const detail = useOwnerDetail(owner);
  const texts = runTexts(owner);
  const { save } = useSave();
  const pages = useCursorPages(
    [owner.kind === 'source' ? 'cloudSourceHistory.getListByPage' : 'modelHistory.getListByPage', owner.id, status],
    (cursor: string | undefined) => listHistory(owner, { size: PAGE, cursor, ...(status ? { status } : {}) }, cursor === undefined),
    { items: (page) => page.list, next: (page) => page.cursor },
    // follow deliveries in progress
    { refreshInterval: (data) => (data?.list.some((h) => RUNNING.has(h.status)) ? 1500 : 0) },
  );

  if (detail.error) return <NoSource kind={owner.kind} />;

  async function decide(h: CloudSourceHistoryView, how: 'confirm' | 'skip') {
    const ok = await ask({
      header: t(how === 'confirm' ? 'cloudHistory.confirmTitle' : 'cloudHistory.skipTitle'),
      message: t(how === 'confirm' ? 'cloudHistory.confirmText' : 'cloudHistory.skipText', { file: h.fileName, valid: formatCount(h.valid) }),
      acceptLabel: t(how === 'confirm' ? 'common.confirm' : 'cloudHistory.skipAccept'),
      danger: how === 'skip',
    });
    // a refusal's toast says why (someone else decided first)
    if (ok && (await save(() => decideRun(owner, how, h.id), t(how === 'confirm' ? 'cloudHistory.confirmed' : 'cloudHistory.skipped', { file: h.fileName })))) {
      await pages.refresh();
    }
  }

  async function remove(h: CloudSourceHistoryView) {
    const ok = await ask({ header: t('cloudHistory.deleteTitle'), message: t('cloudHistory.deleteConfirm', { file: h.fileName }), acceptLabel: t('common.delete'), danger: true });
    if (ok && (await save(() => call('cloudSource.deleteHistoryRecord', { sourceId: owner.id, id: h.id }), t('cloudHistory.deleted', { file: h.fileName })))) await pages.refresh();
  }

  return (
    <RecordsPage title={t(texts.history)} back={texts.list} backLabel={t(texts.back)} of={String(detail.title)} notes={<p className="muted">{t('cloudHistory.intro')}</p>}>
      <ListToolbar
        status={{
          id: 'cloud-history-status',
          label: t('cloudHistory.status'),
          value: status,
          allLabel: t('cloudHistory.allStatuses'),
          options: cloudStatusOptions(t),
          onChange: setStatus,
        }}
        refreshLabel={t('common.refresh')}
        onRefresh={() => void pages.refresh()}
      />
      <CursorTable
        pages={pages}
        testId="cloud-history"
        texts={{ loading: t('cloudHistory.loading'), empty: t('cloudHistory.empty'), more: t('cloudHistory.more') }}
        columns={columnsOf('cloudHistory', ['started', 'fileName', 'trigger', 'status', ...DELIVERY_COUNTS, 'finished', 'actions'], { count: DELIVERY_COUNTS })}
        cells={{
          started: (h) => dateTime(h.dateCreated),
          fileName: (h) => (
            <>
              {h.fileName}
              <div className="muted small">{sizeText(h.fileSize)}</div>
            </>
          ),
          trigger: (h) => t(`cloudHistory.triggerOption.${h.trigger}`),
          status: (h) => (
            <>
              <CloudStatusTag status={h.status} />
              {RUNNING.has(h.status) && (
                <ProgressBar mode="indeterminate" style={{ height: '4px', marginTop: '4px' }} aria-label={t('cloudHistory.progress', { file: h.fileName })} />
              )}
              {h.error && <div className="p-error small">{h.problem ? t(`cloudHistory.problem.${h.problem}`, { file: h.fileName, pattern: detail.pattern }) : h.error}</div>}
            </>
          ),
          finished: (h) => dateTime(h.finishedAt),
          actions: (h) => (
            <div className="row-actions">
              {h.status === 'HELD' && (
                <>
                  <RowAction icon="pi pi-check" severity="success" label={t('cloudHistory.confirm', { file: h.fileName })} onClick={() => void decide(h, 'confirm')} />
                  <RowAction icon="pi pi-ban" severity="warning" label={t('cloudHistory.skip', { file: h.fileName })} onClick={() => void decide(h, 'skip')} />
                </>
              )}
              <RowAction icon="pi pi-list" label={t('cloudHistory.records', { file: h.fileName })} onClick={() => navigate(ownerRecordsPath(owner, h.id))} />
              {/* a model's runs are its source's deliveries: they are deleted from the source */}
              {owner.kind === 'source' && !RUNNING.has(h.status) && (
                <RowAction icon="pi pi-trash" severity="danger" label={t('cloudHistory.deleteItem', { file: h.fileName })} onClick={() => void remove(h)} />
              )}
            </div>
          ),
        }}
        rowKey={(h) => h.id}
        rowStatus={(h) => h.status}
      />
      {confirmElement}
    </RecordsPage>
  );
}
