/**
 * The generic list screen of a registry entity: columns, filters and default sort from its registry entry,
 * paging and sorting on the server, add and edit in the generic form, delete after a confirmation.
 */
import { Tag } from 'primereact/tag';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTITIES } from '../../../../shared/entities';
import type { CrudEntityDef, CrudEntityName, ServiceName } from '../../../../shared/services';
import { call } from '../../api/client';
import type { ListService } from '../../api/hooks';
import { invalidate } from '../../api/hooks';
import { ListPage } from '../../components/list/ListPage';
import type { FilterField } from '../../components/list/FilterBar';
import { useEditDialog } from '../../components/list/useEditDialog';
import { useEntityList } from '../../components/list/useEntityList';
import { EntityForm } from './EntityForm';
import { useRefOptions } from './refs';
import '../../i18n/areas/entity';
import '../../i18n/areas/model';
import '../../i18n/areas/presets';
import styles from '../../components/colorSwatch.module.css';

type Row = Record<string, unknown>;
const NO_FILTERS: Row = {};

/**
 * `rowActions`: an entity's own actions, shown before edit and delete in each row. `section`: a part of another
 * screen (its heading one level down), not a page of its own.
 */
export default function EntityPage({ entity, rowActions, section }: { entity: CrudEntityName; rowActions?: (row: Row) => ReactNode; section?: boolean }) {
  const def = ENTITIES[entity] as unknown as CrudEntityDef;
  const { t } = useTranslation();
  const text = useCallback((key: string, opts?: Record<string, unknown>) => t([`entity.${entity}.fields.${key}`, `entity.${entity}.${key}`], opts), [t, entity]);
  const list = useEntityList(`${entity}.getListByPage` as ListService, { filters: NO_FILTERS, size: 10 });
  const dialog = useEditDialog<Row>(async (row) => (await call(`${entity}.detail` as ServiceName, { id: row.id } as never)) as Row);
  const columns = def.listColumns ?? [];
  const optionsOf = useCallback((field: string) => def.crud.form.find((f) => f.field === field)?.options ?? [], [def]);

  const refOptions = useRefOptions(columns.flatMap((c) => (c.format === 'ref' && c.ref ? [c.ref] : [])));
  const filters: FilterField[] = useMemo(
    () =>
      columns
        .filter((c) => c.filter)
        .map((c) => ({
          name: c.field,
          label: t(c.label),
          type: c.filter!,
          // a reference column chooses among the records it names
          options:
            c.filter !== 'select'
              ? undefined
              : c.format === 'ref'
                ? (refOptions[c.ref ?? ''] ?? [])
                : optionsOf(c.field).map((o) => ({ value: o, label: text(`option.${c.field}.${o}`) })),
        })),
    [columns, t, text, optionsOf, refOptions],
  );
  const cells = useMemo(
    () =>
      Object.fromEntries(
        columns
          .filter((c) => c.format === 'color' || c.format === 'option' || c.format === 'ref')
          .map((c) => [
            c.field,
            (row: Row) =>
              c.format === 'ref' ? (
                <span className="cell-tags">
                  {(Array.isArray(row[c.field]) ? (row[c.field] as string[]) : row[c.field] ? [String(row[c.field])] : []).map((id) => (
                    <Tag key={id} value={refOptions[c.ref ?? '']?.find((o) => o.value === id)?.label ?? '…'} severity="secondary" rounded />
                  ))}
                </span>
              ) : c.format === 'color' ? (
                <span className="cell-with-tag">
                  <span className={styles.colorSwatch} style={{ background: String(row[c.field]) }} aria-hidden="true" />
                  {String(row[c.field])}
                </span>
              ) : (
                <Tag value={text(`option.${c.field}.${String(row[c.field])}`)} severity="info" rounded />
              ),
          ]),
      ),
    [columns, text, refOptions],
  );

  const refresh = useCallback(() => void invalidate(`${entity}.getListByPage` as ServiceName, `${entity}.getAll` as ServiceName), [entity]);
  const title = (row: Row) => String(row[def.crud.titleField] ?? '');

  return (
    <ListPage
      section={section}
      // the page's own title: a field may be called title too
      title={t(`entity.${entity}.title`)}
      texts={`entity.${entity}`}
      intro={text('intro')}
      testId={`${entity}-list`}
      list={list}
      columns={columns}
      filters={filters}
      cells={cells}
      emptyText={text('empty')}
      addLabel={t('crud.add', { one: text('one') })}
      onAdd={dialog.add}
      rowActions={rowActions}
      nameOf={title}
      onEdit={(row) => void dialog.edit(row)}
      onDelete={(row) => ({
        header: t('crud.deleteTitle', { one: text('one') }),
        message: t('crud.deleteConfirm', { name: title(row) }),
        run: () => call(`${entity}.delete` as ServiceName, { id: row.id } as never),
        done: t('crud.deleted', { name: title(row) }),
        after: () => void invalidate(`${entity}.getAll` as ServiceName),
      })}
    >
      <EntityForm def={def} record={dialog.editing} visible={dialog.open} onHide={dialog.close} onSaved={refresh} />
    </ListPage>
  );
}
