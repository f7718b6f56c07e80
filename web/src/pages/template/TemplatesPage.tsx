/**
 * The template library (/library/message): paged list with name, category and active filters; open a template
 * in the builder, duplicate it, switch it on or off, or delete it after a confirmation.
 */
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { templateMessageEntity } from '../../../../shared/entities/templateMessage';
import type { TemplateMessageListItem } from '../../../../shared/services/templateMessage';
import { call } from '../../api/client';
import { invalidate, useTemplateCategories } from '../../api/hooks';
import { EntityList } from '../../components/list/EntityList';
import type { FilterField } from '../../components/list/FilterBar';
import { useConfirmedDelete } from '../../components/list/useConfirmedDelete';
import { useEntityList } from '../../components/list/useEntityList';
import { showSuccess } from '../../ui/toastBus';
import { builderPath } from './paths';
import './template.css';
import '../../i18n/areas/template';

const INITIAL_FILTERS: { name?: string; categoryId?: string; active?: boolean } = {};

export default function TemplatesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useEntityList('templateMessage.getListByPage', { filters: INITIAL_FILTERS, size: 10 });
  const categories = useTemplateCategories();
  const [confirmElement, confirmDelete] = useConfirmedDelete(list);
  const categoryName = useMemo(() => new Map((categories.data ?? []).map((c) => [String(c.id), String(c.name)])), [categories.data]);

  const filters: FilterField[] = [
    { name: 'name', type: 'text', label: t('template.name') },
    { name: 'categoryId', type: 'select', label: t('template.category'), options: [...categoryName].map(([value, label]) => ({ value, label })) },
    { name: 'active', type: 'boolean', label: t('template.active') },
  ];

  const changed = () => void invalidate('templateMessage.getListByPage', 'templateMessage.getAll');

  async function duplicate(row: TemplateMessageListItem) {
    try {
      const copy = await call('templateMessage.duplicate', { id: row.id });
      showSuccess(t('template.duplicated', { name: copy.name }));
      changed();
    } catch {
      // the client's toast says why
    }
  }

  async function setActive(row: TemplateMessageListItem, active: boolean) {
    try {
      await call('templateMessage.setActive', { id: row.id, active, version: row.version });
      showSuccess(t(active ? 'template.activated' : 'template.deactivated', { name: row.name }));
      changed();
    } catch {
      // a stale row (720007) or a deleted one: the toast says so; the list reloads either way
      changed();
    }
  }

  function remove(row: TemplateMessageListItem) {
    return confirmDelete({
      header: t('template.deleteTitle'),
      message: t('template.deleteConfirm', { name: row.name }),
      run: () => call('templateMessage.delete', { id: row.id }),
      done: t('template.deleted', { name: row.name }),
      after: () => void invalidate('templateMessage.getAll'),
    });
  }

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>{t('page.templateMessages')}</h1>
          <p className="muted">{t('template.intro')}</p>
        </div>
        <Link to="/library/template-category" className="header-link">
          <i className="pi pi-folder" aria-hidden="true" />
          <span>{t('template.categories')}</span>
        </Link>
      </header>
      <div className="card">
        <EntityList
          testId="template-list"
          list={list}
          columns={templateMessageEntity.listColumns}
          initialFilters={INITIAL_FILTERS}
          filters={filters}
          cells={{
            name: (row) => (
              <Link to={builderPath(String(row.id))} className="cell-link">
                {String(row.name)}
              </Link>
            ),
            subject: (row) => (row.subject ? String(row.subject) : <span className="muted">{t('template.noSubject')}</span>),
            categoryId: (row) => (row.categoryId ? (categoryName.get(String(row.categoryId)) ?? '--') : <span className="muted">{t('template.noCategory')}</span>),
            active: (row) => <Tag value={row.active ? t('status.ACTIVE') : t('status.INACTIVE')} severity={row.active ? 'success' : 'secondary'} rounded />,
          }}
          emptyText={t('template.empty')}
          toolbar={<Button type="button" icon="pi pi-plus" label={t('template.add')} onClick={() => void navigate(builderPath())} />}
          actions={(raw) => {
            const row = raw as unknown as TemplateMessageListItem;
            return (
              <div className="row-actions">
                <Button type="button" icon="pi pi-pencil" text rounded aria-label={t('common.editItem', { name: row.name })} onClick={() => void navigate(builderPath(row.id))} />
                <Button type="button" icon="pi pi-copy" text rounded aria-label={t('template.duplicateItem', { name: row.name })} onClick={() => void duplicate(row)} />
                <Button
                  type="button"
                  icon={row.active ? 'pi pi-eye-slash' : 'pi pi-eye'}
                  text
                  rounded
                  aria-label={t(row.active ? 'template.deactivateItem' : 'template.activateItem', { name: row.name })}
                  onClick={() => void setActive(row, !row.active)}
                />
                <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={t('common.deleteItem', { name: row.name })} onClick={() => void remove(row)} />
              </div>
            );
          }}
        />
      </div>
      {confirmElement}
    </section>
  );
}
