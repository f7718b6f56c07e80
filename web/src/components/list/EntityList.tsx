/**
 * The generic list: columns from the entity registry (`listColumns`, labels are i18n keys), lazy paging and
 * sorting on the server, a filter bar, and loading, empty and error states.
 */
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { type CSSProperties, type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../../shared/entities/entity';
import { useDateTime } from '../../app/locale';
import { Select } from '../Select';
import { formatted } from './cellFormat';
import { FilterBar, type FilterField } from './FilterBar';
import type { EntityListState } from './useEntityList';
import toolbarStyles from './ListToolbar.module.css';
import styles from './EntityList.module.css';
import { LoadError } from '../LoadError';

type Row = Record<string, unknown>;

export function EntityList<F extends Record<string, unknown>>({
  list,
  columns,
  dataKey = 'id',
  filters,
  cells = {},
  actions,
  toolbar,
  title,
  emptyText,
  testId,
  selection,
  onSelectionChange,
  selectLabel,
  phoneColumns,
}: {
  list: EntityListState;
  columns: readonly ListColumn[];
  dataKey?: string;
  filters: FilterField[];
  /** a renderer per field where the plain value is not enough */
  cells?: Record<string, (row: Row) => ReactNode>;
  actions?: (row: Row) => ReactNode;
  toolbar?: ReactNode;
  title?: string;
  emptyText?: string;
  testId?: string;
  /** rows chosen with the check boxes (for actions on several at once); no check boxes without it */
  selection?: Row[];
  onSelectionChange?: (rows: Row[]) => void;
  /** the field that names a row to a screen reader's check box */
  selectLabel?: string;
  /** the fields that matter most: on a phone only these show, the row's actions on a line under them */
  phoneColumns?: readonly string[];
}) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { data, error, isLoading, isValidating } = list;
  const rows = (data?.list ?? []) as Row[];
  const rowsPerPageId = `${useId()}-rows`;
  const chosen = new Set((selection ?? []).map((r) => r[dataKey]));
  // cells keep the handlers of the render that made them: read the selection of now
  const current = useRef(selection ?? []);
  current.current = selection ?? [];

  function onPage(e: DataTableStateEvent) {
    list.setPage(e.page ?? Math.floor(e.first / e.rows), e.rows);
  }
  function onSort(e: DataTableStateEvent) {
    if (!e.sortField || !e.sortOrder) list.setSort(undefined, undefined);
    else list.setSort(e.sortField, e.sortOrder === 1 ? 'asc' : 'desc');
  }

  return (
    <div className="entity-list" data-testid={testId}>
      <div className={`${toolbarStyles.listToolbar} list-toolbar`}>
        {title && <h2 className="card-title">{title}</h2>}
        <FilterBar fields={filters} value={list.filters as F} onChange={(f) => list.setFilters(f)} initial={list.initialFilters as F} />
        <div className={toolbarStyles.listActions}>
          <Button type="button" icon="pi pi-refresh" text rounded aria-label={t('common.refresh')} loading={isValidating && !isLoading} onClick={() => void list.reload()} />
          {toolbar}
        </div>
      </div>
      {error && <LoadError text={t('list.error')} onRetry={() => void list.reload()} />}
      <DataTable
        // with check boxes, rows carry their state: the table re-renders a cell only when its row changes
        value={onSelectionChange ? rows.map((r) => ({ ...r, __chosen: chosen.has(r[dataKey]) })) : rows}
        dataKey={dataKey}
        // a cell may read data that arrives after its row (a reference's title): PrimeReact's cell memo, keyed on
        // the row alone, would keep the placeholder; a page holds at most 50 rows
        cellMemo={false}
        lazy
        paginator
        first={list.page * list.size}
        rows={list.size}
        totalRecords={data?.total ?? 0}
        rowsPerPageOptions={[10, 20, 50]}
        onPage={onPage}
        onSort={onSort}
        sortField={list.sort.field}
        sortOrder={list.sort.field ? (list.sort.order === 'desc' ? -1 : 1) : 0}
        removableSort
        loading={isLoading || isValidating}
        emptyMessage={error ? t('list.errorShort') : (emptyText ?? t('list.empty'))}
        paginatorTemplate={{
          layout: 'RowsPerPageDropdown PrevPageLink PageLinks NextPageLink CurrentPageReport',
          // biome-ignore lint/correctness/noComponentHookFactories: PrimeReact's paginator template is a render callback, not a component
          RowsPerPageDropdown: (o) => (
            <Select inputId={rowsPerPageId} label={t('list.rowsPerPage')} value={o.value} options={o.options} onChange={o.onChange} disabled={o.disabled} />
          ),
        }}
        currentPageReportTemplate={t('list.report')}
        className={`list-table ${styles.listTable}${phoneColumns ? ` ${styles.phoneFit}` : ''}`}
        style={phoneColumns ? ({ '--phone-columns': phoneColumns.length } as CSSProperties) : undefined}
        stripedRows
        size="small"
      >
        {/* native check boxes: PrimeReact's selection column nests a focusable input in a role=checkbox box */}
        {onSelectionChange && (
          <Column
            header={
              <input
                type="checkbox"
                className="row-check"
                aria-label={t('list.selectPage')}
                checked={rows.length > 0 && rows.every((r) => chosen.has(r[dataKey]))}
                onChange={(e) => onSelectionChange(e.target.checked ? rows : [])}
              />
            }
            body={(row: Row) => (
              <input
                type="checkbox"
                className="row-check"
                aria-label={t('list.selectRow', { name: String(row[selectLabel ?? dataKey] ?? '') })}
                checked={row.__chosen === true}
                onChange={(e) => {
                  const { __chosen: _state, ...plain } = row;
                  onSelectionChange(e.target.checked ? [...current.current, plain] : current.current.filter((r) => r[dataKey] !== row[dataKey]));
                }}
              />
            )}
            headerStyle={{ width: '3rem' }}
          />
        )}
        {columns.map((c) => (
          <Column
            key={c.field}
            field={c.field}
            header={t(c.label)}
            sortable={c.sortable}
            className={phoneColumns && !phoneColumns.includes(c.field) ? styles.phoneHidden : undefined}
            headerClassName={phoneColumns && !phoneColumns.includes(c.field) ? styles.phoneHidden : undefined}
            body={(row: Row) => (cells[c.field] ? cells[c.field](row) : formatted(c, row[c.field], t, dateTime))}
          />
        ))}
        {actions && <Column header={t('common.actions')} body={actions} className="actions-column" headerClassName="actions-column" />}
      </DataTable>
    </div>
  );
}
