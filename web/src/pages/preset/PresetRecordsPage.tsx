/**
 * A preset parameter's values (/library/preset-parameter/record?parameter=<id>): key, alias and value in key
 * order, a page at a time, found by the start of the key; a value is added or changed in a small form and
 * deleted after a confirmation. The file's next load decides again what the parameter holds.
 */
import { RowAction } from '../../components/list/RowAction';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import type { PresetRecordView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { NoRecordPage } from '../../components/NoRecordPage';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { CursorTable } from '../../components/list/CursorTable';
import { RecordsPage } from '../../components/list/RecordsPage';
import { columnsOf } from '../../components/list/RecordsTable';
import { PARAMETERS_PATH } from './paths';
import '../../i18n/areas/preset';
import toolbarStyles from '../../components/list/ListToolbar.module.css';

const PAGE = 50;

export default function PresetRecordsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parameterId = params.get('parameter') ?? '';
  return parameterId ? <Records parameterId={parameterId} key={parameterId} /> : <NoParameter title={t('page.presetParameterRecords')} />;
}

/** The page without a parameter to show: a way back to the list. */
function NoParameter({ title }: { title: string }) {
  const { t } = useTranslation();
  return <NoRecordPage title={title} text={t('preset.noParameter')} back={PARAMETERS_PATH} backLabel={t('preset.back')} />;
}

type Draft = { key: string; alias: string; value: string };

function Records({ parameterId }: { parameterId: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [key, setKey] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmElement, ask] = useConfirm();
  const param = useSWR(['presetParameter.detail', parameterId], () => call('presetParameter.detail', { id: parameterId }, { quiet: true }));
  const { busy: saving, save: run } = useSave();
  const pages = useCursorPages(
    ['presetRecord.getListByPage', parameterId, key],
    (cursor: string | undefined) => call('presetRecord.getListByPage', { parameterId, size: PAGE, cursor, ...(key ? { key } : {}) }, { quiet: cursor === undefined }),
    { items: (page): PresetRecordView[] => page.list, next: (page) => page.cursor },
  );

  async function save() {
    if (!draft) return;
    const found: Record<string, string> = {};
    if (!draft.key.trim()) found.key = t('preset.keyRequired');
    if (!draft.alias.trim()) found.alias = t('preset.aliasRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    let saved = draft;
    if (
      await run(
        async () => (saved = await call('presetRecord.save', { parameterId, ...draft })),
        () => t('preset.saved', { key: saved.key, alias: saved.alias }),
      )
    ) {
      setDraft(null);
      await pages.refresh();
    }
  }

  async function remove(r: PresetRecordView) {
    const ok = await ask({ header: t('preset.deleteTitle'), message: t('preset.deleteConfirm', { key: r.key, alias: r.alias }), acceptLabel: t('common.delete'), danger: true });
    if (ok && (await run(() => call('presetRecord.delete', { parameterId, key: r.key, alias: r.alias }), t('preset.deleted', { key: r.key, alias: r.alias }))))
      await pages.refresh();
  }

  if (param.error) return <NoParameter title={t('page.presetParameterRecords')} />;
  // the generic detail answers a plain record
  const { variable, title } = (param.data ?? {}) as { variable?: string; title?: string };
  return (
    <RecordsPage
      title={t('page.presetParameterRecords')}
      back={PARAMETERS_PATH}
      backLabel={t('preset.back')}
      of={title}
      notes={variable && <p className="muted">{t('preset.usage', { token: `{{preset.${variable}.<alias>}}` })}</p>}
      action={<Button type="button" icon="pi pi-plus" label={t('preset.add')} onClick={() => setDraft({ key: '', alias: '', value: '' })} />}
    >
      <form
        className={`${toolbarStyles.listToolbar} list-toolbar`}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setKey(search.trim());
        }}
      >
        <div className="field">
          <label htmlFor="preset-key-search">{t('preset.search')}</label>
          <InputText id="preset-key-search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <Button type="submit" icon="pi pi-search" label={t('preset.find')} outlined />
      </form>
      <CursorTable
        pages={pages}
        testId="preset-records"
        texts={{ loading: t('preset.loading'), empty: t('preset.empty'), more: t('preset.more') }}
        columns={[...columnsOf('preset', ['key', 'alias', 'value']), { field: 'actions', label: 'common.actions' }]}
        cells={{
          actions: (r) => (
            <div className="row-actions">
              <RowAction
                icon="pi pi-pencil"
                label={t('preset.editItem', { key: r.key, alias: r.alias })}
                onClick={() => setDraft({ key: r.key, alias: r.alias, value: r.value })}
              />
              <RowAction icon="pi pi-trash" severity="danger" label={t('preset.deleteItem', { key: r.key, alias: r.alias })} onClick={() => void remove(r)} />
            </div>
          ),
        }}
        rowKey={(r) => `${r.key}\u001f${r.alias}`}
      />
      <FormDialog id="preset-record-dialog" header={t('preset.add')} visible={draft !== null} onHide={() => setDraft(null)} onSubmit={save} busy={saving}>
        {draft && (
          <>
            <TextField id="preset-record-key" label={t('preset.key')} value={draft.key} maxLength={200} error={errors.key} onChange={(v) => setDraft({ ...draft, key: v })} />
            <TextField
              id="preset-record-alias"
              label={t('preset.alias')}
              value={draft.alias}
              maxLength={200}
              error={errors.alias}
              onChange={(v) => setDraft({ ...draft, alias: v })}
            />
            <TextField
              id="preset-record-value"
              label={t('preset.value')}
              value={draft.value}
              maxLength={10_000}
              fieldClassName="span-2"
              onChange={(v) => setDraft({ ...draft, value: v })}
            />
          </>
        )}
      </FormDialog>
      {confirmElement}
    </RecordsPage>
  );
}
