/**
 * A list read by cursor (useCursorPages) as a records table: a loading bar, an error, the empty text, then the rows
 * with a "more" button while pages remain. The page keeps its own header and toolbar.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { RecordsTable, type RecordsTableProps } from './RecordsTable';
import styles from './CursorTable.module.css';

export function CursorTable<T>({
  pages,
  testId,
  texts,
  ...table
}: Omit<RecordsTableProps<T>, 'rows' | 'className' | 'children'> & {
  /** what useCursorPages answers */
  pages: { rows: T[]; first: { isLoading: boolean; error?: unknown }; hasMore: boolean; loadingMore: boolean; more: () => Promise<void> };
  /** the table's test id; the empty text's is `<testId>-empty` */
  testId: string;
  texts: { loading: string; empty: string; more: string };
}) {
  const { t } = useTranslation();
  const { rows, first, hasMore, loadingMore, more } = pages;
  if (first.isLoading) return <ProgressBar mode="indeterminate" style={{ height: '4px' }} aria-label={texts.loading} />;
  if (first.error) {
    return (
      <p className="p-error" role="alert">
        {t('list.errorShort')}
      </p>
    );
  }
  if (rows.length === 0) {
    return (
      <p className="muted" data-testid={`${testId}-empty`}>
        {texts.empty}
      </p>
    );
  }
  return (
    <RecordsTable {...table} rows={rows} testId={testId} className={`plain-table ${styles.table}`}>
      {hasMore && <Button type="button" label={texts.more} text loading={loadingMore} onClick={() => void more()} />}
    </RecordsTable>
  );
}
