/**
 * Data export (/data-export, spec 001 3.16): the organization's export runs, newest first, with their state, rows
 * and a download of each finished file (a link that works for 15 minutes); a new export of accounts (all, or a
 * segment's) or of the unsubscription list, with the columns to include. Runs in progress are followed until done.
 */
import { MultiSelect } from 'primereact/multiselect';
import { Tag } from 'primereact/tag';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataExportEntity, EXPORT_STATES, EXPORT_TYPES, type ExportType } from '../../../../shared/entities/dataExport';
import { EXPORT_CAP } from '../../../../shared/export/csv';
import type { Result } from '../../../../shared/services';
import { COLUMNS_OF, dataExportCreatePayload } from '../../../../shared/services/dataExport';
import { ApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { handleApiError } from '../../api/errorHandler';
import { useSegmentOptions } from '../../api/hooks';
import { FormDialog } from '../../components/FormDialog';
import { fieldErrorsOf, safeParseIn } from '../../components/schemaErrors';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { useEntityList } from '../../components/list/useEntityList';
import { FieldError, TextField } from '../../components/TextField';
import { showSuccess } from '../../ui/toastBus';
import '../../i18n/areas/dataExport';
import { downloadUrl } from '../../api/fileTransfer';
import { SelectField } from '../../components/Field';

type Row = Result<'dataExport.getListByPage'>['list'][number];
const INITIAL_FILTERS: { title?: string; exportType?: string; state?: string } = {};
const STATE_SEVERITY = { RUNNING: 'info', DONE: 'success', EMPTY: 'secondary', FAILED: 'danger' } as const;

interface Form {
  title: string;
  exportType: ExportType;
  segmentId: string | null;
  columns: string[];
}
const blank = (): Form => ({ title: '', exportType: 'ACCOUNTS', segmentId: null, columns: [...COLUMNS_OF.ACCOUNTS] });

export default function DataExportPage() {
  const { t } = useTranslation();
  const list = useEntityList('dataExport.getListByPage', { filters: INITIAL_FILTERS, size: 10, persistKey: 'dataExports' });
  const segments = useSegmentOptions();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const rows = ((list.data as { list?: Row[] } | undefined)?.list ?? []) as Row[];
  const running = rows.some((r) => r.state === 'RUNNING');

  // follow runs in progress
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void list.reload(), 1500);
    return () => clearInterval(timer);
  }, [running, list]);

  async function submit() {
    if (!form) return;
    const payload = { title: form.title, exportType: form.exportType, columns: form.columns, ...(form.segmentId ? { segmentId: form.segmentId } : {}) };
    const parsed = safeParseIn(dataExportCreatePayload, payload);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, (path) => String(path[0])));
      return;
    }
    setBusy(true);
    try {
      const run = await call('dataExport.create', payload, { quiet: true });
      setForm(null);
      showSuccess(t('dataExport.started', { title: run.title }));
      await list.reload();
    } catch (e) {
      handleApiError(e instanceof ApiError ? e : new ApiError('400000'));
    } finally {
      setBusy(false);
    }
  }

  async function download(row: Row) {
    try {
      const link = await call('dataExport.download', { id: row.id });
      downloadUrl(link.url, link.fileName);
    } catch {
      // the client's toast says why
    }
  }

  return (
    <ListPage
      title={t('page.dataExport')}
      texts="dataExport"
      intro={t('dataExport.intro', { cap: EXPORT_CAP.toLocaleString() })}
      list={list}
      columns={dataExportEntity.listColumns}
      filters={[
        { name: 'title', type: 'text', label: t('export.field.title') },
        { name: 'exportType', type: 'select', label: t('export.field.exportType'), options: EXPORT_TYPES.map((value) => ({ value, label: t(`dataExport.type.${value}`) })) },
        { name: 'state', type: 'select', label: t('export.field.state'), options: EXPORT_STATES.map((value) => ({ value, label: t(`dataExport.state.${value}`) })) },
      ]}
      cells={{
        exportType: (row) => t(`dataExport.type.${String(row.exportType)}`),
        state: (row) => {
          const r = row as unknown as Row;
          return (
            <span className="cell-with-tag">
              <Tag value={t(`dataExport.state.${r.state}`)} severity={STATE_SEVERITY[r.state]} rounded />
              {r.capped && <Tag value={t('dataExport.cappedTag')} severity="warning" rounded title={t('dataExport.capped', { cap: EXPORT_CAP.toLocaleString() })} />}
            </span>
          );
        },
        rows: (row) => Number(row.rows).toLocaleString(),
      }}
      addLabel={t('dataExport.new')}
      onAdd={() => {
        setErrors({});
        setForm(blank());
      }}
      rowActions={(raw) => {
        const row = raw as unknown as Row;
        return <RowAction icon="pi pi-download" label={t('dataExport.downloadItem', { title: row.title })} disabled={row.state !== 'DONE'} onClick={() => void download(row)} />;
      }}
      nameOf={(row) => String(row.title)}
      onDelete={(raw) => {
        const row = raw as unknown as Row;
        return { vars: { title: row.title }, run: () => call('dataExport.delete', { id: row.id }) };
      }}
      inCard={rows
        .filter((r) => r.capped || r.state === 'FAILED' || r.state === 'EMPTY')
        .slice(0, 3)
        .map((r) => (
          <p key={r.id} className={r.state === 'FAILED' ? 'p-error' : 'muted'} role="status" data-testid="export-note">
            {r.state === 'EMPTY'
              ? t('dataExport.noData', { title: r.title })
              : r.state === 'FAILED'
                ? t('dataExport.failed', { title: r.title, error: r.error ?? '' })
                : `${r.title}: ${t('dataExport.capped', { cap: EXPORT_CAP.toLocaleString() })}`}
          </p>
        ))}
    >
      <FormDialog
        id="data-export-dialog"
        header={t('dataExport.new')}
        visible={form !== null}
        onHide={() => setForm(null)}
        onSubmit={submit}
        busy={busy}
        submitLabel={t('dataExport.start')}
        wide
      >
        {form && (
          <>
            <TextField
              id="export-title"
              fieldClassName="span-2"
              label={t('export.field.title')}
              value={form.title}
              maxLength={100}
              error={errors.title}
              onChange={(v) => {
                setErrors({ ...errors, title: '' });
                setForm({ ...form, title: v });
              }}
            />
            <SelectField
              id="export-type"
              label={t('export.field.exportType')}
              value={form.exportType}
              options={EXPORT_TYPES.map((value) => ({ value, label: t(`dataExport.type.${value}`) }))}
              onChange={(e) => setForm({ ...form, exportType: e.value as ExportType, segmentId: null, columns: [...COLUMNS_OF[e.value as ExportType]] })}
            />
            <SelectField
              id="export-segment"
              label={t('dataExport.segment')}
              value={form.segmentId}
              disabled={form.exportType !== 'ACCOUNTS'}
              showClear
              placeholder={t('dataExport.allAccounts')}
              options={(segments.data ?? []).map((s: { id: string; name: string }) => ({ value: s.id, label: s.name }))}
              onChange={(e) => setForm({ ...form, segmentId: (e.value as string) ?? null })}
            />
            <div className="field span-2">
              <label htmlFor="export-columns">{t('dataExport.columns')}</label>
              <MultiSelect
                inputId="export-columns"
                value={form.columns}
                options={COLUMNS_OF[form.exportType].map((c) => ({ value: c, label: t(`dataExport.column.${c}`) }))}
                display="chip"
                invalid={Boolean(errors.columns)}
                aria-describedby="export-columns-error"
                pt={{ headerCheckbox: { input: { 'aria-label': t('dataExport.allColumns') } }, filterInput: { 'aria-label': t('dataExport.columns') } }}
                onChange={(e) => {
                  setErrors({ ...errors, columns: '' });
                  setForm({ ...form, columns: e.value as string[] });
                }}
              />
              <FieldError id="export-columns-error" text={errors.columns} />
            </div>
          </>
        )}
      </FormDialog>
    </ListPage>
  );
}
