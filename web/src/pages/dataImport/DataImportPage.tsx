/**
 * Data import (/library/batches): choose a CSV or Excel (.xlsx) file, map its columns to account fields and attributes, then watch
 * it import with a progress bar and counts, and read the failed rows with their row numbers and reasons.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CsvError, type CsvDelimiter, type CsvEncoding, CSV_ENCODINGS } from '../../../../shared/import/csv';
import { csvHead, decodeHead, detectEncoding, looksLikeJsonLines } from '../../../../shared/import/upload';
import { isXlsx, readWorkbook, type Workbook, XlsxError } from '../../../../shared/import/xlsx';
import { schemaText } from '../../components/schemaErrors';
import { formatCount } from '../../../../shared/format';
import type { DataImportView } from '../../../../shared/services';
import { invalidate, useConfiguration } from '../../api/hooks';
import { FailureReport } from './FailureReport';
import { ImportHistory } from './ImportHistory';
import { initialCountry, initialMapping, type MappingState, planOf, rememberMapping, withRememberedMapping } from './mapping';
import { MappingStep } from './MappingStep';
import { type ImportRun, startImport } from './runImport';
import '../../i18n/areas/audience';
import styles from './dataImport.module.css';
import statStyles from '../../components/stat.module.css';
import linkStyles from '../../components/links.module.css';
import { Page } from '../../components/Page';

/** Enough of the file's start for its header and a few rows. */
const HEAD_BYTES = 64 * 1024;
/** Rows read to guess what a column is when its header does not say (e-mails, phone numbers, yes/no). */
const SAMPLE_ROWS = 20;

type Phase = 'choose' | 'map' | 'run';

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export default function DataImportPage() {
  const { t, i18n } = useTranslation();
  const { data: configuration } = useConfiguration();
  const [phase, setPhase] = useState<Phase>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [mapping, setMapping] = useState<MappingState | null>(null);
  /** a workbook chosen: read whole, with the sheet whose rows are imported */
  const [book, setBook] = useState<{ workbook: Workbook; sheet: string; rows: string[][] } | null>(null);
  const [errors, setErrors] = useState<{ columns: Record<number, string>; key?: string }>({ columns: {} });
  const [record, setRecord] = useState<DataImportView | null>(null);
  const [runError, setRunError] = useState<string>();
  // rows a second so far, and the seconds left at that pace (by the bytes read: rows differ in length)
  const [pace, setPace] = useState<{ rate: number; left?: number }>({ rate: 0 });
  const [shown, setShown] = useState<DataImportView | null>(null);
  const run = useRef<ImportRun | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  async function readHead(chosen: File, delimiter?: CsvDelimiter, encoding: CsvEncoding = 'UTF-8') {
    const text = decodeHead(new Uint8Array(await chosen.slice(0, HEAD_BYTES).arrayBuffer()), encoding);
    const head = csvHead(text, { delimiter, rows: SAMPLE_ROWS, complete: chosen.size <= HEAD_BYTES });
    if (head.header.length === 0 || head.header.every((h) => !h.trim())) throw new Error(t('dataImport.noHeader'));
    return head;
  }

  /** Maps a workbook's sheet: its first row is the header, as in a CSV file. */
  function mapSheet(chosen: File, workbook: Workbook, sheet: string, country: string) {
    const rows = workbook.rows(sheet);
    const [header = [], ...rest] = rows;
    if (header.length === 0 || header.every((h) => !h.trim())) throw new Error(t('dataImport.noHeader'));
    setFile(chosen);
    setBook({ workbook, sheet, rows });
    setMapping(withRememberedMapping(initialMapping({ delimiter: ',', header, sample: rest.filter((r) => r.length > 0).slice(0, SAMPLE_ROWS) }, 'UTF-8', country)));
    setErrors({ columns: {} });
    setPhase('map');
  }

  function changeSheet(sheet: string) {
    if (!file || !book || !mapping) return;
    try {
      mapSheet(file, book.workbook, sheet, mapping.defaultCountry);
    } catch (e) {
      setErrors({ columns: {}, key: e instanceof Error ? schemaText(e.message) : String(e) });
    }
  }

  async function choose(chosen: File | undefined) {
    setFileError(undefined);
    setBook(null);
    if (!chosen) return;
    try {
      // a workbook by its ZIP signature or its name; the reader is loaded only now
      if (isXlsx(new Uint8Array(await chosen.slice(0, 4).arrayBuffer()), chosen.name)) {
        const workbook = await readWorkbook(new Uint8Array(await chosen.arrayBuffer()));
        mapSheet(chosen, workbook, workbook.sheets[0] ?? '', initialCountry(configuration?.systemSetting.defaultCountry, i18n.language));
        return;
      }
      // an Amazon Pinpoint endpoint export (JSON lines) needs no mapping: its fields are known
      const start = new TextDecoder().decode(new Uint8Array(await chosen.slice(0, 256).arrayBuffer()), { stream: true });
      if (looksLikeJsonLines(start)) {
        setFile(chosen);
        runWith(chosen, { kind: 'PINPOINT_ENDPOINTS', columns: ['endpoint'], mappings: [], primaryKeyColumn: 0 });
        return;
      }
      // a guess the mapping step shows the header of, to check
      const encoding = detectEncoding(new Uint8Array(await chosen.slice(0, HEAD_BYTES).arrayBuffer()).subarray(0, HEAD_BYTES - 4), i18n.language);
      const head = await readHead(chosen, undefined, encoding);
      setFile(chosen);
      // the mapping last used for a file with the same columns, else a guess
      setMapping(withRememberedMapping(initialMapping(head, encoding, initialCountry(configuration?.systemSetting.defaultCountry, i18n.language))));
      setErrors({ columns: {} });
      setPhase('map');
    } catch (e) {
      // (a shared reader's reason is written in English: it is read in the portal's language)
      setFileError(e instanceof XlsxError ? schemaText(e.message) : t('dataImport.readError', { reason: e instanceof Error ? schemaText(e.message) : String(e) }));
    }
  }

  async function changeDelimiter(delimiter: CsvDelimiter) {
    if (file && mapping) setMapping(withRememberedMapping(initialMapping(await readHead(file, delimiter, mapping.encoding), mapping.encoding, mapping.defaultCountry)));
  }

  async function changeEncoding(encoding: CsvEncoding) {
    if (file && mapping) setMapping(withRememberedMapping(initialMapping(await readHead(file, mapping.delimiter, encoding), encoding, mapping.defaultCountry)));
  }

  function start() {
    if (!file || !mapping) return;
    const checked = planOf(mapping);
    if ('errors' in checked) return setErrors(checked.errors);
    rememberMapping(mapping);
    runWith(file, checked.plan);
  }

  function runWith(chosen: File, plan: Parameters<typeof startImport>[1]) {
    setErrors({ columns: {} });
    setRecord(null);
    setRunError(undefined);
    setShown(null);
    setPhase('run');
    const began = performance.now();
    run.current = startImport(
      chosen,
      plan,
      (next) => {
        setRecord(next);
        const elapsed = Math.max(0.001, (performance.now() - began) / 1000);
        const read = next.bytesRead / Math.max(1, next.totalBytes);
        setPace({ rate: Math.round(next.rowsRead / elapsed), left: read > 0 && read < 1 ? Math.ceil((elapsed * (1 - read)) / read) : undefined });
      },
      plan.kind === 'PINPOINT_ENDPOINTS' ? undefined : book?.rows,
    );
    run.current.done
      .catch((e: unknown) => setRunError(e instanceof CsvError ? t('dataImport.readError', { reason: e.message }) : undefined))
      .finally(() => {
        run.current = null;
        void invalidate('dataImport.getListByPage', 'account.getListByPage', 'account.count');
      });
  }

  function reset() {
    setPhase('choose');
    setFile(null);
    setBook(null);
    setMapping(null);
    setRecord(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  const running = record?.status === 'RUNNING' || (phase === 'run' && !record && !runError);
  const percent = record ? Math.min(100, Math.floor((record.bytesRead / Math.max(1, record.totalBytes)) * 100)) : 0;

  return (
    <Page
      title={t('page.dataImport')}
      className={styles.importPage}
      intro={t('dataImport.intro', { encodings: CSV_ENCODINGS.join(', ') })}
      actions={
        <Link to="/library/account" className={linkStyles.headerLink}>
          <i className="pi pi-id-card" aria-hidden="true" />
          <span>{t('page.accounts')}</span>
        </Link>
      }
    >
      {phase === 'choose' && (
        <div className={`${styles.fileStep} card`}>
          <label htmlFor="import-file" className={styles.fileLabel}>
            <i className="pi pi-file-import" aria-hidden="true" />
            <span>{t('dataImport.chooseFile')}</span>
          </label>
          <input
            ref={inputRef}
            id="import-file"
            type="file"
            accept=".csv,.txt,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,.json,.jsonl,application/json"
            aria-describedby="import-file-hint"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <small id="import-file-hint" className="field-hint">
            {t('dataImport.fileHint')}
          </small>
          {fileError && (
            <p className="p-error" role="alert">
              {fileError}
            </p>
          )}
        </div>
      )}

      {phase === 'map' && file && mapping && (
        <>
          <p className={styles.fileSummary}>
            <i className="pi pi-file" aria-hidden="true" /> {t('dataImport.fileSummary', { name: file.name, size: sizeText(file.size) })}
          </p>
          <MappingStep
            state={mapping}
            errors={errors}
            onChange={setMapping}
            onDelimiter={(d) => void changeDelimiter(d)}
            onEncoding={(e) => void changeEncoding(e)}
            onStart={start}
            onBack={reset}
            sheets={book ? { names: book.workbook.sheets, current: book.sheet, onSheet: changeSheet } : undefined}
          />
        </>
      )}

      {phase === 'run' && file && (
        <section className={`${styles.importProgress} card`} aria-labelledby="import-progress-title" data-testid="import-progress">
          <h2 className="card-title" id="import-progress-title">
            {t('dataImport.progressTitle', { name: file.name })}
          </h2>
          <ProgressBar value={percent} aria-label={t('dataImport.progressLabel')} className={styles.importBar} />
          <div className={statStyles.statRow} aria-live="polite">
            <div className={statStyles.stat}>
              <span className={statStyles.statLabel}>{t('dataImport.rowsRead')}</span>
              <span className={`${statStyles.statValue} stat-value`} data-stat="rowsRead">
                {formatCount(record?.rowsRead ?? 0)}
              </span>
            </div>
            <div className={statStyles.stat}>
              <span className={statStyles.statLabel}>{t('dataImport.created')}</span>
              <span className={`${statStyles.statValue} stat-value`} data-stat="created">
                {formatCount(record?.created ?? 0)}
              </span>
            </div>
            <div className={statStyles.stat}>
              <span className={statStyles.statLabel}>{t('dataImport.updated')}</span>
              <span className={`${statStyles.statValue} stat-value`} data-stat="updated">
                {formatCount(record?.updated ?? 0)}
              </span>
            </div>
            <div className={statStyles.stat}>
              <span className={statStyles.statLabel}>{t('dataImport.failed')}</span>
              <span className={`${statStyles.statValue} stat-value`} data-stat="failed">
                {formatCount(record?.failed ?? 0)}
              </span>
            </div>
          </div>
          {running && (
            <p className="muted small" data-testid="import-pace">
              {t('dataImport.rate', { rate: formatCount(pace.rate) })}
              {pace.left !== undefined &&
                ` · ${pace.left >= 60 ? t('dataImport.leftMinutes', { minutes: Math.floor(pace.left / 60), seconds: pace.left % 60 }) : t('dataImport.leftSeconds', { seconds: pace.left })}`}
            </p>
          )}
          {record?.status === 'DONE' && (
            <p className="notice notice-success" role="status">
              <i className="pi pi-check-circle" aria-hidden="true" />
              {t('dataImport.done', { created: formatCount(record.created), updated: formatCount(record.updated), failed: formatCount(record.failed) })}
            </p>
          )}
          {record && (record.warned ?? 0) > 0 && record.status !== 'RUNNING' && (
            <p className="notice notice-warn" data-testid="import-warned">
              <i className="pi pi-exclamation-triangle" aria-hidden="true" />
              {t('dataImport.warnedNote', { rows: formatCount(record.warned ?? 0) })}
            </p>
          )}
          {record?.status === 'CANCELLED' && (
            <p className="notice notice-warn" role="status">
              <i className="pi pi-info-circle" aria-hidden="true" />
              {t('dataImport.stopped')}
            </p>
          )}
          {runError && (
            <p className="p-error" role="alert">
              {runError}
            </p>
          )}
          <div className="form-actions">
            {running ? (
              <Button type="button" icon="pi pi-stop" label={t('dataImport.stop')} severity="danger" outlined onClick={() => run.current?.stop()} />
            ) : (
              <Button type="button" icon="pi pi-refresh" label={t('dataImport.another')} onClick={reset} />
            )}
          </div>
        </section>
      )}

      {phase === 'run' && record && record.status !== 'RUNNING' && (
        <FailureReport importId={record.id} failed={record.failed} warned={record.warned ?? 0} title={t('dataImport.failures')} />
      )}

      <ImportHistory onShow={setShown} />
      {shown && <FailureReport importId={shown.id} failed={shown.failed} warned={shown.warned ?? 0} title={t('dataImport.failuresOf', { name: shown.fileName })} />}
    </Page>
  );
}
