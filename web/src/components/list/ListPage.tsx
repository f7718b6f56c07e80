/**
 * The frame of a list screen: its heading and intro, the list (filters, paging, sorting, empty state) in a card,
 * and each row's actions with the usual edit and delete buttons, delete asking first. Dialogs and other parts of
 * the screen come as children, after the card.
 */
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityList } from './EntityList';
import { RowAction } from './RowAction';
import { type DeleteRequest, useConfirmedDelete } from './useConfirmedDelete';
import type { EntityListState } from './useEntityList';

type Row = Record<string, unknown>;
type ListProps<F extends Record<string, unknown>> = Omit<ComponentProps<typeof EntityList<F>>, 'actions' | 'testId'>;

export function ListPage<F extends Record<string, unknown>>({
  title,
  intro,
  testId,
  list,
  nameOf,
  onEdit,
  onDelete,
  deleteBlocked,
  rowActions,
  rowActionsAfter,
  inCard,
  section,
  children,
  ...listProps
}: ListProps<F> & {
  title: string;
  intro: ReactNode;
  /** the list's test id, `<name>-list`; a refused delete's reason is `<name>-delete-reason` */
  testId: string;
  list: EntityListState;
  /** what a row is called in its buttons' labels */
  nameOf?: (row: Row) => string;
  onEdit?: (row: Row) => void;
  /** the delete a row's trash button asks about */
  onDelete?: (row: Row) => DeleteRequest;
  /** why a row may not be deleted (said before the click), or just true */
  deleteBlocked?: (row: Row) => string | boolean | undefined;
  /** a row's own actions, before edit and delete */
  rowActions?: (row: Row) => ReactNode;
  /** a row's own actions, after edit and delete */
  rowActionsAfter?: (row: Row) => ReactNode;
  /** shown in the card under the list */
  inCard?: ReactNode;
  /** a part of another screen (its heading one level down), not a page of its own */
  section?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirmElement, confirmDelete] = useConfirmedDelete(list);
  const name = (row: Row) => nameOf?.(row) ?? '';
  const reasonTestId = testId.replace(/-list$/, '-delete-reason');
  const hasActions = rowActions || rowActionsAfter || onEdit || onDelete;

  function actions(row: Row) {
    const blocked = deleteBlocked?.(row) || undefined;
    const reasonId = typeof blocked === 'string' ? `${reasonTestId}-${String(row.id)}` : undefined;
    return (
      <div className="row-actions">
        {rowActions?.(row)}
        {onEdit && <RowAction icon="pi pi-pencil" label={t('common.editItem', { name: name(row) })} onClick={() => onEdit(row)} />}
        {onDelete && (
          <RowAction
            icon="pi pi-trash"
            severity="danger"
            disabled={blocked !== undefined}
            label={t('common.deleteItem', { name: name(row) })}
            aria-describedby={reasonId}
            tooltip={typeof blocked === 'string' ? blocked : undefined}
            tooltipOptions={{ showOnDisabled: true, position: 'left' }}
            onClick={() => void confirmDelete(onDelete(row))}
          />
        )}
        {reasonId && (
          <span id={reasonId} className="sr-only" data-testid={reasonTestId}>
            {blocked}
          </span>
        )}
        {rowActionsAfter?.(row)}
      </div>
    );
  }

  return (
    <section className={section ? undefined : 'page'}>
      <header className="page-header">
        <div>
          {section ? <h2>{title}</h2> : <h1>{title}</h1>}
          <p className="muted">{intro}</p>
        </div>
      </header>
      <div className="card">
        <EntityList<F> testId={testId} list={list} {...listProps} actions={hasActions ? actions : undefined} />
        {inCard}
      </div>
      {children}
      {confirmElement}
    </section>
  );
}
