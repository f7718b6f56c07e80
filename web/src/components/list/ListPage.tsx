/**
 * The frame of a list screen: its heading and intro, the list (filters, paging, sorting, empty state) and its add
 * button in a card, and each row's actions with the usual edit and delete buttons, delete asking first. Dialogs and
 * other parts of the screen come as children, after the card.
 *
 * A screen's texts follow one pattern under its `texts` key: `<texts>.intro`, `.empty`, and for a delete
 * `.deleteTitle`, `.deleteConfirm` and `.deleted` (given the row's `vars`); its list's test id is `<texts-in-kebab>-list`.
 */
import { Button } from 'primereact/button';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../Page';
import { EntityList } from './EntityList';
import { RowAction } from './RowAction';
import { type DeleteRequest, useConfirmedDelete } from './useConfirmedDelete';
import type { EntityListState } from './useEntityList';

type Row = Record<string, unknown>;
type ListProps<F extends Record<string, unknown>> = Omit<ComponentProps<typeof EntityList<F>>, 'actions' | 'testId'>;
/** a row's delete: the call and the values its texts name; texts of the screen's own override the pattern */
export type RowDelete = Omit<DeleteRequest, 'header' | 'message' | 'done'> & Partial<DeleteRequest> & { vars?: Record<string, unknown> };

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function ListPage<F extends Record<string, unknown>>({
  title,
  texts,
  intro,
  emptyText,
  testId = `${kebab(texts)}-list`,
  list,
  toolbar,
  addLabel,
  onAdd,
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
  /** the i18n key the screen's texts are under */
  texts: string;
  /** `<texts>.intro` unless said */
  intro?: ReactNode;
  /** the list's test id, `<name>-list`; a refused delete's reason is `<name>-delete-reason` */
  testId?: string;
  list: EntityListState;
  /** the add button, last in the toolbar */
  addLabel?: string;
  onAdd?: () => void;
  /** what a row is called in its buttons' labels */
  nameOf?: (row: Row) => string;
  onEdit?: (row: Row) => void;
  /** the delete a row's trash button asks about */
  onDelete?: (row: Row) => RowDelete;
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

  function deleteRequest({ vars, ...request }: RowDelete): DeleteRequest {
    return { header: t(`${texts}.deleteTitle`, vars), message: t(`${texts}.deleteConfirm`, vars), done: t(`${texts}.deleted`, vars), ...request };
  }

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
            onClick={() => void confirmDelete(deleteRequest(onDelete(row)))}
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
    <Page title={title} intro={intro ?? t(`${texts}.intro`)} section={section}>
      <div className="card">
        <EntityList<F>
          testId={testId}
          list={list}
          {...listProps}
          emptyText={emptyText ?? t(`${texts}.empty`)}
          toolbar={
            <>
              {toolbar}
              {onAdd && <Button type="button" icon="pi pi-plus" label={addLabel} onClick={onAdd} />}
            </>
          }
          actions={hasActions ? actions : undefined}
        />
        {inCard}
      </div>
      {children}
      {confirmElement}
    </Page>
  );
}
