/** The failed rows of an import, in row order, a page at a time. */
import { Button } from 'primereact/button';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_FAILURES_KEPT } from '../../../../shared/entities/dataImport';
import { formatCount } from '../../../../shared/format';
import type { ImportFailureView } from '../../../../shared/services';
import { call } from '../../api/client';
import styles from './dataImport.module.css';
import tableStyles from '../../components/list/CursorTable.module.css';
import { ColumnHeads } from '../../components/list/ColumnHeads';

const PAGE = 100;

/** `warned`: rows imported without a cell that could not be read; they are in the report too, marked so. */
export function FailureReport({ importId, failed, warned = 0, title }: { importId: string; failed: number; warned?: number; title: string }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ImportFailureView[]>([]);
  const [next, setNext] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    async (afterRow?: number) => {
      setBusy(true);
      try {
        const page = await call('dataImport.getFailures', { id: importId, afterRow, size: PAGE });
        setRows((prev) => (afterRow === undefined ? page.list : [...prev, ...page.list]));
        setNext(page.nextRow);
      } catch {
        // the client's toast says why
      } finally {
        setBusy(false);
      }
    },
    [importId],
  );

  // the first page again whenever the import (and so `load`) or its number of failures changes
  const reported = failed + warned;
  useEffect(() => {
    setRows([]);
    if (reported > 0) void load();
  }, [reported, load]);

  return (
    <section className={`${styles.failureReport} card`} aria-labelledby={`failures-${importId}`} data-testid="import-failures">
      <h2 className="card-title" id={`failures-${importId}`}>
        {title} <span className="muted">({formatCount(failed)})</span>
      </h2>
      {failed === 0 && <p className="muted">{t('dataImport.failuresEmpty')}</p>}
      {warned > 0 && <p className="muted small">{t('dataImport.warnedRows', { rows: formatCount(warned) })}</p>}
      {reported > 0 && (
        <>
          {reported > IMPORT_FAILURES_KEPT && <p className="muted small">{t('dataImport.keptOnly', { count: IMPORT_FAILURES_KEPT })}</p>}
          <div className={tableStyles.tableScroll}>
            <table className={`plain-table ${tableStyles.table}`}>
              <ColumnHeads labels={[t('dataImport.row'), t('dataImport.key'), t('dataImport.reason')]} />
              <tbody>
                {rows.map((f) => (
                  <tr key={f.row}>
                    <td className="numeric">{f.row}</td>
                    <td>{f.key ?? '--'}</td>
                    <td>
                      {f.warning && <span className={styles.warningBadge}>{t('dataImport.importedWithout')}</span>}
                      {f.reason}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {next !== undefined && <Button type="button" label={t('dataImport.more')} text loading={busy} onClick={() => void load(next)} />}
        </>
      )}
    </section>
  );
}
