/**
 * Preset parameters (/library/preset-parameter, spec 001 3.15): the registry's generic list and form, plus
 * loading a file. An upload parameter takes a file chosen here: its header is checked for the primary key
 * first (the spec's rule), then it goes to storage by its link and loads in the background, followed here until
 * it ends. A cloud source parameter loads its source's newest matching file again on request.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PRESET_MESSAGES, type PresetParameter } from '../../../../shared/entities/presetParameter';
import { formatCount } from '../../../../shared/format';
import { csvHead, decodeHead } from '../../../../shared/import/upload';
import { isXlsx, readWorkbook, XlsxError } from '../../../../shared/import/xlsx';
import { ApiError } from '../../api/apiError';
import { schemaText } from '../../components/schemaErrors';
import { call } from '../../api/client';
import { putToLink } from '../../api/fileTransfer';
import { invalidate } from '../../api/hooks';
import { RowAction } from '../../components/list/RowAction';
import { showError, showSuccess } from '../../ui/toastBus';
import EntityPage from '../generic/EntityPage';
import { recordsPath } from './paths';
import '../../i18n/areas/entity';

type Row = Record<string, unknown>;
const HEAD_BYTES = 64 * 1024;

export default function PresetParametersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadFor = useRef<Row | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** loads started here, followed until they end */
  const [following, setFollowing] = useState<{ id: string; name: string }[]>([]);

  useEffect(() => {
    if (following.length === 0) return;
    // one look at a time: a slow answer is not asked again while it is awaited
    let looking = false;
    const timer = setInterval(async () => {
      if (looking) return;
      looking = true;
      const done: string[] = [];
      for (const f of following) {
        const param = (await call('presetParameter.detail', { id: f.id }, { quiet: true }).catch(() => null)) as PresetParameter | null;
        if (!param || param.loadState === 'LOADING') continue;
        done.push(f.id);
        if (param.loadState === 'DONE') showSuccess(t('entity.presetParameter.loaded', { name: f.name, count: formatCount(param.records), file: param.loadedFile ?? '' }));
        else showError(t('entity.presetParameter.loadFailed', { name: f.name, reason: param.loadError ?? '' }));
      }
      looking = false;
      if (done.length) {
        setFollowing((list) => list.filter((f) => !done.includes(f.id)));
        void invalidate('presetParameter.getListByPage');
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [following, t]);

  async function start(row: Row, fileName?: string) {
    const name = String(row.title ?? '');
    await call('presetParameter.load', { id: String(row.id), ...(fileName ? { fileName } : {}) });
    showSuccess(t('entity.presetParameter.loading', { name }));
    setFollowing((list) => [...list, { id: String(row.id), name }]);
    void invalidate('presetParameter.getListByPage');
  }

  /** The file's header: a workbook's (its named sheet, or its first; the reader loaded only now), else the CSV's. */
  async function headerOf(file: File, row: Row): Promise<string[]> {
    if (isXlsx(new Uint8Array(await file.slice(0, 4).arrayBuffer()), file.name)) {
      return (await readWorkbook(new Uint8Array(await file.arrayBuffer()))).rows(String(row.fileSheetName ?? '') || undefined)[0] ?? [];
    }
    const text = decodeHead(new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()), row.fileEncoding as never);
    return csvHead(text, { delimiter: row.fileSplitBy as never, complete: file.size <= HEAD_BYTES }).header;
  }

  async function upload(file: File | undefined) {
    const row = uploadFor.current;
    if (!file || !row) return;
    const id = String(row.id);
    setBusy(id);
    try {
      // the spec's rule, before anything is sent: the primary key must be a field of the file
      const fields = (await headerOf(file, row)).map((h) => h.trim());
      if (!fields.includes(String(row.primaryKey))) {
        showError(schemaText(PRESET_MESSAGES.primaryKeyMissing(String(row.primaryKey), fields)));
        return;
      }
      const link = await call('presetParameter.uploadUrl', { id, fileName: file.name, size: file.size });
      await putToLink(link, file);
      await start(row, file.name);
    } catch (e) {
      // an API refusal has shown its toast already; a workbook's problem is said in the portal's language
      if (e instanceof XlsxError) showError(schemaText(e.message));
      else if (!(e instanceof ApiError)) showError(t('entity.presetParameter.uploadFailed'));
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  }

  return (
    <>
      <EntityPage
        entity="presetParameter"
        rowActions={(row) => {
          const name = String(row.title ?? '');
          return (
            <>
              {row.type === 'UPLOAD' ? (
                <RowAction
                  icon="pi pi-upload"
                  loading={busy === row.id}
                  label={t('entity.presetParameter.uploadItem', { name })}
                  onClick={() => {
                    uploadFor.current = row;
                    fileInput.current?.click();
                  }}
                />
              ) : (
                <RowAction icon="pi pi-refresh" label={t('entity.presetParameter.loadItem', { name })} onClick={() => void start(row).catch(() => undefined)} />
              )}
              <RowAction icon="pi pi-list" label={t('entity.presetParameter.recordsItem', { name })} onClick={() => navigate(recordsPath(String(row.id)))} />
            </>
          );
        }}
      />
      <input
        ref={fileInput}
        id="preset-upload"
        type="file"
        accept=".csv,.txt,.tsv,text/csv,text/plain,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        aria-label={t('entity.presetParameter.uploadItem', { name: '' })}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
    </>
  );
}
