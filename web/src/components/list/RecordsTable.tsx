/**
 * A plain table of records (a tab's rows, a page read by cursor): headers and cells from list columns like the
 * generic list's (labels are i18n keys, `format` says how a value shows, `count` columns are right-aligned), a
 * renderer per field where the plain value is not enough.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../../shared/entities/entity';
import { useDateTime } from '../../app/locale';
import { formatted } from './cellFormat';
import styles from './CursorTable.module.css';

export type RecordColumn = Pick<ListColumn, 'field' | 'label' | 'format'>;

type Format = NonNullable<ListColumn['format']>;

/** Columns whose header keys are `<prefix>.<field>`; `formats` names the fields that are not plain text, by format. */
export function columnsOf(prefix: string, fields: readonly string[], formats: Partial<Record<Format, readonly string[]>> = {}): RecordColumn[] {
  const formatOf = (field: string) => (Object.keys(formats) as Format[]).find((f) => formats[f]?.includes(field));
  return fields.map((field) => ({ field, label: `${prefix}.${field}`, format: formatOf(field) }));
}

export interface RecordsTableProps<T> {
  columns: readonly RecordColumn[];
  rows: readonly T[];
  /** a renderer per field where the plain value is not enough */
  cells?: Record<string, (row: T) => ReactNode>;
  rowKey: (row: T) => string;
  /** a row's state, as `data-status` */
  rowStatus?: (row: T) => string;
  testId: string;
  className?: string;
  /** under the table (a "more" button) */
  children?: ReactNode;
}

export function RecordsTable<T>({ columns, rows, cells = {}, rowKey, rowStatus, testId, className = 'simple-table', children }: RecordsTableProps<T>) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const numeric = (c: RecordColumn) => (c.format === 'count' ? 'numeric' : undefined);
  return (
    <div className={styles.tableScroll}>
      <table className={className} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.field} scope="col" className={numeric(c)}>
                {t(c.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-status={rowStatus?.(row)}>
              {columns.map((c) => (
                <td key={c.field} className={numeric(c)}>
                  {cells[c.field] ? cells[c.field](row) : formatted(c, (row as Record<string, unknown>)[c.field], t, dateTime)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </div>
  );
}
