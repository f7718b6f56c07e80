/**
 * A list read by cursor (useCursorPages) as a table: a loading bar, an error, the empty text, then the rows with a
 * "more" button while pages remain. The page keeps its own header, toolbar and row cells.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './CursorTable.module.css';

export function CursorTable<T>({
  pages,
  testId,
  texts,
  head,
  row,
}: {
  /** what useCursorPages answers */
  pages: { rows: T[]; first: { isLoading: boolean; error?: unknown }; hasMore: boolean; loadingMore: boolean; more: () => Promise<void> };
  /** the table's test id; the empty text's is `<testId>-empty` */
  testId: string;
  texts: { loading: string; empty: string; more: string };
  /** the header cells */
  head: ReactNode;
  row: (item: T) => ReactNode;
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
    <div className={styles.tableScroll}>
      <table className={`plain-table ${styles.table}`} data-testid={testId}>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
      {hasMore && <Button type="button" label={texts.more} text loading={loadingMore} onClick={() => void more()} />}
    </div>
  );
}
