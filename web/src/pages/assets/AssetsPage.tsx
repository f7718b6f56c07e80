/**
 * The asset manager (/library/s3-manage): the organization's folders and files in S3. Open a folder, create
 * one, upload files with progress (checked here first with the server's own rules, shared/uploads.ts), copy a
 * file's link, rename, delete (a folder only when empty), each delete after a confirmation.
 */
import { RowAction } from '../../components/list/RowAction';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { ProgressBar } from 'primereact/progressbar';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateTime, useDisplayTimeZone } from '../../app/locale';
import type { AssetFileView } from '../../../../shared/services';
import { assetNameProblem, checkUpload, sniffType, UPLOAD_MESSAGES, UPLOAD_RULES, type UploadUse } from '../../../../shared/uploads';
import { ApiError } from '../../api/apiError';
import { call, uploadFiles } from '../../api/client';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { showError, showSuccess } from '../../ui/toastBus';
import '../../i18n/areas/assets';
import styles from './assets.module.css';
import toolbarStyles from '../../components/list/ListToolbar.module.css';
import { Page } from '../../components/Page';

type Row = { kind: 'folder'; name: string; path: string } | ({ kind: 'file' } & AssetFileView);

/** The use a file is checked and stored for, by what its bytes are. */
function uploadUseOf(bytes: Uint8Array): UploadUse {
  const type = sniffType(bytes);
  if (type === 'gif') return 'gif';
  if (type === 'png' || type === 'jpg') return 'image';
  return 'file';
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export default function AssetsPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const zone = useDisplayTimeZone();
  const [folder, setFolder] = useState('');
  const { data, error, isLoading, mutate } = useCall(keys.assets(folder));
  const [confirmElement, ask] = useConfirm();
  const [dialog, setDialog] = useState<{ kind: 'folder' } | { kind: 'rename'; file: AssetFileView } | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const { busy, save } = useSave();
  const [progress, setProgress] = useState<{ count: number; fraction: number } | null>(null);
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);

  /** The spec's message in the reader's language. */
  const localMessage = (message: string) => {
    if (message === UPLOAD_MESSAGES.none) return t('assets.messages.none');
    if (message === UPLOAD_MESSAGES.wrongImage) return t('assets.messages.wrongImage');
    if (message === UPLOAD_MESSAGES.wrongFile) return t('assets.messages.wrongFile');
    if (message === UPLOAD_MESSAGES.badName) return t('assets.messages.badName');
    const max = /maximum file size is (\S+),/.exec(message)?.[1];
    return max ? t('assets.messages.tooLarge', { max }) : message;
  };

  const crumbs = folder ? folder.split('/') : [];
  const rows: Row[] = [...(data?.folders ?? []).map((f) => ({ kind: 'folder' as const, ...f })), ...(data?.files ?? []).map((f) => ({ kind: 'file' as const, ...f }))];
  const reload = () => void mutate();

  async function pickFiles(e: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    if (chosen.length === 0) return;
    const problems: { name: string; message: string }[] = [];
    const byUse = new Map<UploadUse, File[]>();
    for (const file of chosen) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const use = uploadUseOf(bytes);
      const check = checkUpload(use, file.name, bytes);
      if (!check.ok) problems.push({ name: file.name, message: localMessage(check.message!) });
      else byUse.set(use, [...(byUse.get(use) ?? []), file]);
    }
    const accepted = [...byUse.values()].flat();
    setProgress(accepted.length ? { count: accepted.length, fraction: 0 } : null);
    let sent = 0;
    let uploaded = 0;
    for (const [use, files] of byUse) {
      const size = files.reduce((n, f) => n + f.size, 0);
      try {
        const done = await uploadFiles(
          { baseDir: folder, use },
          files,
          (f) =>
            setProgress({
              count: accepted.length,
              fraction:
                (sent + f * size) /
                Math.max(
                  1,
                  accepted.reduce((n, x) => n + x.size, 0),
                ),
            }),
          {
            quiet: true,
          },
        );
        uploaded += done.files.length;
      } catch (err) {
        const text = err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err);
        // the server's message names the file: "name: reason"
        for (const f of files) problems.push({ name: f.name, message: localMessage(text.replace(/^.*?: /, '').replace(`${f.name}: `, '')) });
      }
      sent += size;
    }
    setProgress(null);
    setRefused(problems);
    if (uploaded > 0) showSuccess(t('assets.uploaded', { count: uploaded }));
    reload();
  }

  async function submitName() {
    const trimmed = name.trim();
    const problem = assetNameProblem(trimmed);
    if (problem) return setNameError(t('assets.messages.badName'));
    if (dialog?.kind === 'folder') {
      if (await save(() => call('s3Manager.saveFolder', { baseDir: folder, name: trimmed }), t('assets.folderCreated', { name: trimmed }))) setDialog(null);
    } else if (dialog?.kind === 'rename') {
      if (await save(() => call('s3Manager.rename', { path: dialog.file.path, name: trimmed }), t('assets.renamed', { name: trimmed }))) setDialog(null);
    }
    reload();
  }

  function openDialog(next: NonNullable<typeof dialog>) {
    setName(next.kind === 'rename' ? next.file.name : '');
    setNameError(undefined);
    setDialog(next);
  }

  async function remove(row: Row) {
    const yes = await ask({
      header: t('assets.deleteTitle'),
      message: t(row.kind === 'folder' ? 'assets.deleteFolderConfirm' : 'assets.deleteFileConfirm', { name: row.name }),
      acceptLabel: t('common.delete'),
      danger: true,
    });
    if (!yes) return;
    if (await save(() => call('s3Manager.delete', { path: row.path, folder: row.kind === 'folder' }), t('assets.deleted', { name: row.name }))) reload();
  }

  async function copyLink(file: AssetFileView) {
    try {
      await navigator.clipboard.writeText(file.url);
      showSuccess(t('assets.copied'));
    } catch {
      showError(t('assets.copyFailed'));
    }
  }

  return (
    <Page title={t('page.assets')} intro={t('assets.intro')}>
      <div className="card" data-testid="asset-list">
        <div className={`${toolbarStyles.listToolbar} list-toolbar`}>
          <nav aria-label={t('assets.breadcrumb')} className={styles.assetCrumbs}>
            <Button type="button" text label={t('assets.top')} icon="pi pi-home" onClick={() => setFolder('')} aria-current={folder === '' ? 'page' : undefined} />
            {crumbs.map((c, i) => (
              <span key={i}>
                <i className="pi pi-angle-right" aria-hidden="true" />
                <Button type="button" text label={c} onClick={() => setFolder(crumbs.slice(0, i + 1).join('/'))} aria-current={i === crumbs.length - 1 ? 'page' : undefined} />
              </span>
            ))}
          </nav>
          <div className={toolbarStyles.listActions}>
            <Button type="button" icon="pi pi-folder-plus" label={t('assets.newFolder')} outlined onClick={() => openDialog({ kind: 'folder' })} />
            <Button type="button" icon="pi pi-upload" label={t('assets.upload')} onClick={() => fileInput.current?.click()} disabled={progress !== null} />
            <input ref={fileInput} id="asset-upload" type="file" multiple hidden aria-label={t('assets.upload')} onChange={(e) => void pickFiles(e)} />
          </div>
        </div>
        <p className="muted small">{t('assets.limits', { image: UPLOAD_RULES.image.maxLabel })}</p>
        {progress && (
          <div className={styles.assetProgress} role="status">
            <span>{t('assets.uploading', { count: progress.count })}</span>
            <ProgressBar value={Math.round(progress.fraction * 100)} aria-label={t('assets.uploading', { count: progress.count })} />
          </div>
        )}
        {refused.length > 0 && (
          <div className={styles.assetRefused} role="alert" data-testid="asset-refused">
            <strong>{t('assets.refused')}</strong>
            <ul>
              {refused.map((r, i) => (
                <li key={i}>
                  {r.name}: {r.message}
                </li>
              ))}
            </ul>
          </div>
        )}
        <DataTable
          value={rows}
          dataKey="path"
          loading={isLoading}
          size="small"
          stripedRows
          paginator={rows.length > 20}
          rows={20}
          emptyMessage={error ? t('assets.loadFailed') : t('assets.empty')}
          footer={data?.truncated ? t('assets.truncated') : undefined}
        >
          <Column
            header={t('assets.name')}
            body={(r: Row) =>
              r.kind === 'folder' ? (
                <Button
                  type="button"
                  text
                  className="asset-folder"
                  icon="pi pi-folder"
                  label={r.name}
                  aria-label={t('assets.open', { name: r.name })}
                  onClick={() => setFolder(r.path)}
                />
              ) : (
                <span className="cell-with-tag">
                  {/\.(png|jpe?g|gif)$/i.test(r.name) ? <img className={styles.assetThumb} src={r.url} alt="" /> : <i className="pi pi-file" aria-hidden="true" />}
                  <a href={r.url} target="_blank" rel="noopener noreferrer">
                    {r.name}
                  </a>
                </span>
              )
            }
          />
          <Column header={t('assets.size')} body={(r: Row) => (r.kind === 'file' ? formatSize(r.size) : t('assets.folder'))} />
          <Column header={t('assets.updated', { zone })} body={(r: Row) => (r.kind === 'file' ? dateTime(r.dateUpdated) : '--')} />
          <Column
            header={t('common.actions')}
            className="actions-column"
            headerClassName="actions-column"
            body={(r: Row) => (
              <div className="row-actions">
                {r.kind === 'file' && (
                  <>
                    <Button type="button" icon="pi pi-link" text rounded aria-label={t('assets.copyLink', { name: r.name })} onClick={() => void copyLink(r)} />
                    <RowAction icon="pi pi-pencil" label={t('assets.rename', { name: r.name })} onClick={() => openDialog({ kind: 'rename', file: r })} />
                  </>
                )}
                <RowAction
                  icon="pi pi-trash"
                  severity="danger"
                  label={t(r.kind === 'folder' ? 'assets.deleteFolder' : 'assets.deleteFile', { name: r.name })}
                  onClick={() => void remove(r)}
                />
              </div>
            )}
          />
        </DataTable>
      </div>
      <FormDialog
        id="asset-name-dialog"
        header={t(dialog?.kind === 'rename' ? 'assets.renameTitle' : 'assets.newFolder')}
        visible={dialog !== null}
        onHide={() => setDialog(null)}
        onSubmit={submitName}
        busy={busy}
      >
        <TextField
          id="asset-name"
          fieldClassName="span-2"
          label={t(dialog?.kind === 'rename' ? 'assets.newName' : 'assets.folderName')}
          value={name}
          maxLength={128}
          error={nameError}
          onChange={(v) => {
            setName(v);
            setNameError(undefined);
          }}
        />
      </FormDialog>
      {confirmElement}
    </Page>
  );
}
