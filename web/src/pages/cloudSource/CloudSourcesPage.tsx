/**
 * Cloud sources (/library/cloud-source, spec 001 3.13): the organization's sources with their type, loop, status
 * and runs; add and edit in the source dialog; run now, duplicate, upload a file (upload sources), open the
 * history, delete after a confirmation.
 */
import { Tag } from 'primereact/tag';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CLOUD_SOURCE_TYPES } from '../../../../shared/entities/cloudSource';
import type { ListColumn } from '../../../../shared/entities/entity';
import type { CloudSourceView } from '../../../../shared/services';
import { ApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { putToLink } from '../../api/fileTransfer';
import { invalidate } from '../../api/hooks';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { useEditDialog } from '../../components/list/useEditDialog';
import { useEntityList } from '../../components/list/useEntityList';
import { useSave } from '../../components/useSave';
import { showError, showSuccess } from '../../ui/toastBus';
import { CloudSourceForm } from './CloudSourceForm';
import { historyPath } from './paths';
import '../../i18n/areas/audience';
import '../../i18n/areas/cloudSource';

type Row = Record<string, unknown> & CloudSourceView;
const INITIAL_FILTERS: { title?: string; sourceType?: string } = {};

const COLUMNS: ListColumn[] = [
  { field: 'title', label: 'cloudSource.field.title', sortable: true, filter: 'text' },
  { field: 'sourceType', label: 'cloudSource.field.sourceType', sortable: true, filter: 'select', format: 'option' },
  { field: 'loopType', label: 'cloudSource.field.loopType', format: 'option' },
  { field: 'status', label: 'cloudSource.field.status', format: 'option' },
  { field: 'lastExecuteTime', label: 'cloudSource.field.lastExecuteTime', sortable: true, format: 'dateTime' },
  { field: 'nextExecuteTime', label: 'cloudSource.field.nextExecuteTime', sortable: true, format: 'dateTime' },
];

export default function CloudSourcesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useEntityList('cloudSource.getListByPage', { filters: INITIAL_FILTERS, size: 10, persistKey: 'cloudSources' });
  const dialog = useEditDialog<CloudSourceView>((row) => call('cloudSource.detail', { id: row.id }));
  const [uploading, setUploading] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadFor = useRef<Row | null>(null);
  const { save } = useSave();
  const refresh = useCallback(() => void invalidate('cloudSource.getListByPage', 'cloudSource.getAll'), []);

  async function act(run: () => Promise<unknown>, done: string) {
    if (await save(run, done)) refresh();
  }

  async function upload(file: File | undefined) {
    const row = uploadFor.current;
    if (!file || !row) return;
    setUploading(row.id);
    try {
      const link = await call('cloudSource.uploadUrl', { id: row.id, fileName: file.name, size: file.size });
      await putToLink(link, file);
      await call('cloudSource.runNow', { id: row.id });
      showSuccess(t('cloudSource.uploaded', { file: file.name, title: row.title }));
      refresh();
    } catch (e) {
      // an API refusal has shown its toast; a failed PUT has not
      if (!(e instanceof ApiError)) showError(t('cloudSource.uploadFailed'));
    } finally {
      setUploading(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  const option = (group: string) => (row: Record<string, unknown>) => (
    <Tag value={t(`cloudSource.option.${group}.${String(row[group])}`)} severity={group === 'status' && row.status !== 'ACTIVE' ? 'secondary' : 'info'} rounded />
  );

  return (
    <ListPage
      title={t('page.cloudSources')}
      texts="cloudSource"
      list={list}
      columns={COLUMNS}
      filters={[
        { name: 'title', type: 'text', label: t('cloudSource.field.title') },
        {
          name: 'sourceType',
          type: 'select',
          label: t('cloudSource.field.sourceType'),
          options: CLOUD_SOURCE_TYPES.map((value) => ({ value, label: t(`cloudSource.option.sourceType.${value}`) })),
        },
      ]}
      cells={{ sourceType: option('sourceType'), loopType: option('loopType'), status: option('status') }}
      addLabel={t('cloudSource.add')}
      onAdd={dialog.add}
      rowActions={(r) => {
        const row = r as Row;
        const title = row.title;
        return (
          <>
            <RowAction icon="pi pi-history" label={t('cloudSource.history', { title })} onClick={() => navigate(historyPath(row.id))} />
            {row.sourceType === 'UPLOAD' ? (
              <RowAction
                icon="pi pi-upload"
                loading={uploading === row.id}
                label={t('cloudSource.upload', { title })}
                onClick={() => {
                  uploadFor.current = row;
                  fileInput.current?.click();
                }}
              />
            ) : (
              <RowAction
                icon="pi pi-play"
                label={t('cloudSource.runNow', { title })}
                onClick={() => void act(() => call('cloudSource.runNow', { id: row.id }), t('cloudSource.ran', { title }))}
              />
            )}
            <RowAction
              icon="pi pi-copy"
              label={t('cloudSource.duplicate', { title })}
              onClick={() => void act(() => call('cloudSource.duplicate', { id: row.id }), t('cloudSource.duplicated', { title: `${title} (copy)` }))}
            />
          </>
        );
      }}
      nameOf={(row) => String(row.title)}
      onEdit={(row) => void dialog.edit(row as Row)}
      onDelete={(row) => {
        const { id, title } = row as Row;
        return { vars: { title }, run: () => call('cloudSource.delete', { id }), after: () => void invalidate('cloudSource.getAll') };
      }}
      inCard={
        <input
          ref={fileInput}
          id="cloud-source-upload"
          type="file"
          accept=".csv,.txt,.tsv,text/csv,text/plain"
          hidden
          aria-label={t('cloudSource.upload', { title: '' })}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      }
    >
      <CloudSourceForm source={dialog.editing} visible={dialog.open} onHide={dialog.close} onSaved={refresh} />
    </ListPage>
  );
}
