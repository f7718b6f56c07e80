/** Recent imports of the organization with their counts; polled while one of them runs. */
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { ImportStatus } from '../../../../shared/entities/dataImport';
import { formatCount } from '../../../../shared/format';
import { useDateTime, useDisplayTimeZone } from '../../app/locale';
import type { DataImportView } from '../../../../shared/services';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import tableStyles from '../../components/list/CursorTable.module.css';
import styles from './dataImport.module.css';
import { ColumnHeads } from '../../components/list/ColumnHeads';

const SEVERITY: Record<ImportStatus, 'info' | 'success' | 'secondary'> = { RUNNING: 'info', DONE: 'success', CANCELLED: 'secondary' };
const QUERY = { page: 0, size: 10 };

export function ImportHistory({ onShow }: { onShow: (record: DataImportView) => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const zone = useDisplayTimeZone();
  const { data } = useCall(keys.list('dataImport.getListByPage', QUERY), {
    refreshInterval: (latest) => (latest?.list.some((r) => r.status === 'RUNNING') ? 2000 : 0),
  });
  const rows = data?.list ?? [];
  return (
    <section className="card" aria-labelledby="import-history-title">
      <h2 className="card-title" id="import-history-title">
        {t('dataImport.history')}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{t('dataImport.historyEmpty')}</p>
      ) : (
        <div className={tableStyles.tableScroll}>
          <table className={`plain-table ${tableStyles.table}`} data-testid="import-history">
            <ColumnHeads
              labels={[
                t('dataImport.fileName'),
                t('dataImport.status'),
                t('dataImport.started', { zone }),
                t('dataImport.rowsRead'),
                t('dataImport.created'),
                t('dataImport.updated'),
                t('dataImport.failed'),
              ]}
              numericFrom={3}
            />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.fileName}</td>
                  <td>
                    <Tag value={t(`dataImport.statusOption.${r.status}`)} severity={SEVERITY[r.status]} rounded />
                  </td>
                  <td>{dateTime(r.dateCreated)}</td>
                  <td className="numeric">{formatCount(r.rowsRead)}</td>
                  <td className="numeric">{formatCount(r.created)}</td>
                  <td className="numeric">{formatCount(r.updated)}</td>
                  <td className="numeric">
                    {r.failed + (r.warned ?? 0) > 0 ? (
                      <Button
                        type="button"
                        link
                        className={styles.inlineLink}
                        label={formatCount(r.failed)}
                        aria-label={[
                          t('dataImport.showFailures', { name: r.fileName, count: formatCount(r.failed) }),
                          ...(r.warned ? [t('dataImport.warnedShort', { rows: formatCount(r.warned) })] : []),
                        ].join(' ')}
                        onClick={() => onShow(r)}
                      />
                    ) : (
                      formatCount(r.failed)
                    )}
                    {/* rows imported with a warning are in the same report */}
                    {r.warned ? <span className="muted small"> {t('dataImport.warnedShort', { rows: formatCount(r.warned) })}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
