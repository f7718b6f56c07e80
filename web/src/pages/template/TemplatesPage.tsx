/**
 * The template library (/library/message): paged list with name, category and active filters; open a template
 * in the builder, duplicate it, switch it on or off, lock or unlock it, or delete it after a confirmation; export
 * the listed category (or the whole library) to a JSON file and import such a file, with the entries that could
 * not be imported and why.
 */
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { Tag } from 'primereact/tag';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { TEMPLATE_CHANNELS, type TemplateChannel, templateMessageEntity } from '../../../../shared/entities/templateMessage';
import type { TemplateMessageListItem } from '../../../../shared/services/templateMessage';
import { call } from '../../api/client';
import { invalidate, useMessageFolders, useSession, useTemplateCategories } from '../../api/hooks';
import { EntityList } from '../../components/list/EntityList';
import type { FilterField } from '../../components/list/FilterBar';
import { useConfirmedDelete } from '../../components/list/useConfirmedDelete';
import { useEntityList } from '../../components/list/useEntityList';
import { showSuccess } from '../../ui/toastBus';
import type { Result } from '../../../../shared/services';
import { builderPath } from './paths';
import '../../i18n/areas/template';
import '../../i18n/areas/channelContent';
import { LanguagesDialog } from './LanguagesDialog';
import { type ApprovalTarget, TemplateApprovalDialog } from './TemplateApprovalDialog';
import { TemplateApprovalTag } from './TemplateApprovalTag';
import { downloadBlob } from '../../api/fileTransfer';
import styles from '../../components/colorSwatch.module.css';
import pageStyles from './TemplatesPage.module.css';
import linkStyles from '../../components/links.module.css';
import { RowAction } from '../../components/list/RowAction';
import { Page } from '../../components/Page';

/** the library's columns and where each template stands with its approval sheet */
const COLUMNS = [...templateMessageEntity.listColumns, { field: 'approval', label: 'approval.template.column' }];
const INITIAL_FILTERS: { name?: string; categoryId?: string; folderId?: string; active?: boolean; pushWay?: TemplateChannel } = {};

export default function TemplatesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useEntityList('templateMessage.getListByPage', { filters: INITIAL_FILTERS, size: 10 });
  const categories = useTemplateCategories();
  const folders = useMessageFolders();
  // folders in their order, each with its colour tag
  const folderOf = useMemo(() => new Map((folders.data ?? []).map((f) => [String(f.id), { title: String(f.title), color: String(f.tagColor) }])), [folders.data]);
  const [confirmElement, confirmDelete] = useConfirmedDelete(list);
  const session = useSession();
  const may = (permission: string) => session?.userdetails.rolePermissions.includes(permission) ?? false;
  const fileInput = useRef<HTMLInputElement>(null);
  const newMenu = useRef<Menu>(null);
  const channelName = (channel: string) => t(`channelContent.channels.${channel}`);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [imported, setImported] = useState<Result<'templateMessage.importFile'> | null>(null);
  const [languagesOf, setLanguagesOf] = useState<TemplateMessageListItem | null>(null);
  const [approvalOf, setApprovalOf] = useState<ApprovalTarget | null>(null);
  const categoryName = useMemo(() => new Map((categories.data ?? []).map((c) => [String(c.id), String(c.name)])), [categories.data]);

  const filters: FilterField[] = [
    { name: 'name', type: 'text', label: t('template.name') },
    { name: 'categoryId', type: 'select', label: t('template.category'), options: [...categoryName].map(([value, label]) => ({ value, label })) },
    {
      name: 'folderId',
      type: 'select',
      label: t('template.folder'),
      options: [...(folders.data ?? [])].sort((a, b) => Number(a.orderIndex) - Number(b.orderIndex)).map((f) => ({ value: String(f.id), label: String(f.title) })),
    },
    { name: 'pushWay', type: 'select', label: t('channelContent.channel'), options: TEMPLATE_CHANNELS.map((value) => ({ value, label: channelName(value) })) },
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

  async function setLock(row: TemplateMessageListItem, locked: boolean) {
    try {
      await call(locked ? 'templateMessage.lock' : 'templateMessage.unlock', { id: row.id, version: row.version });
      showSuccess(t(locked ? 'template.lockedDone' : 'template.unlockedDone', { name: row.name }));
    } catch {
      // locked by someone else (730001) or stale (720007): the toast says which
    }
    changed();
  }

  /** The listed category's templates, or the whole library, as a file. */
  async function exportFile() {
    setBusy('export');
    try {
      const categoryId = list.filters.categoryId || undefined;
      const file = await call('templateMessage.export', categoryId ? { categoryId } : {});
      downloadBlob(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), `herald-templates-${new Date(file.exportedAt).toISOString().slice(0, 10)}.json`);
      showSuccess(t('template.exported', { count: file.templates.length }));
    } catch {
      // the toast says why (more than 100 templates: choose a category)
    } finally {
      setBusy(null);
    }
  }

  async function importFile(e: ChangeEvent<HTMLInputElement>) {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    if (!chosen) return;
    setBusy('import');
    setImported(null);
    try {
      const categoryId = list.filters.categoryId || undefined;
      const result = await call('templateMessage.importFile', { file: await chosen.text(), ...(categoryId ? { categoryId } : {}) });
      setImported(result);
      showSuccess(t('template.imported', { created: result.created, updated: result.updated }));
      changed();
    } catch {
      // an unreadable file: the toast gives the reason
    } finally {
      setBusy(null);
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
    <Page
      title={t('page.templateMessages')}
      intro={t('template.intro')}
      actions={
        <Link to="/library/template-category" className={linkStyles.headerLink}>
          <i className="pi pi-folder" aria-hidden="true" />
          <span>{t('template.categories')}</span>
        </Link>
      }
    >
      <div className="card">
        <EntityList
          testId="template-list"
          list={list}
          columns={COLUMNS}
          phoneColumns={['name', 'channel', 'active']}
          filters={filters}
          cells={{
            name: (row) => (
              <>
                <Link to={builderPath(String(row.id), String(row.channel))} className={linkStyles.cellLink}>
                  {String(row.name)}
                </Link>
                {row.locked ? (
                  <i className={`pi pi-lock ${pageStyles.lockMark}`} role="img" aria-label={t('template.lockedMark')} title={t('template.lockedMark')} data-testid="locked-mark" />
                ) : null}
              </>
            ),
            channel: (row) => <Tag value={channelName(String(row.channel))} severity="info" rounded />,
            subject: (row) => (row.subject ? String(row.subject) : <span className="muted">{t('template.noSubject')}</span>),
            categoryId: (row) => (row.categoryId ? (categoryName.get(String(row.categoryId)) ?? '--') : <span className="muted">{t('template.noCategory')}</span>),
            folderId: (row) => {
              const folder = row.folderId ? folderOf.get(String(row.folderId)) : undefined;
              if (!folder) return <span className="muted">{t('template.noFolder')}</span>;
              return (
                <span className="cell-with-tag">
                  <span className={styles.colorSwatch} style={{ background: folder.color }} aria-hidden="true" />
                  {folder.title}
                </span>
              );
            },
            approval: (row) => <TemplateApprovalTag state={(row as unknown as TemplateMessageListItem).approval ?? 'NONE'} />,
            active: (row) => <Tag value={row.active ? t('status.ACTIVE') : t('status.INACTIVE')} severity={row.active ? 'success' : 'secondary'} rounded />,
          }}
          emptyText={t('template.empty')}
          toolbar={
            <div className={pageStyles.toolbarButtons}>
              <Button
                type="button"
                icon="pi pi-plus"
                label={t('template.add')}
                aria-haspopup="menu"
                aria-controls="new-template-menu"
                onClick={(e) => newMenu.current?.toggle(e)}
              />
              <Menu
                id="new-template-menu"
                ref={newMenu}
                popup
                model={TEMPLATE_CHANNELS.map((channel) => ({
                  label: t('channelContent.newOf', { channel: channelName(channel) }),
                  command: () => void navigate(builderPath(undefined, channel)),
                }))}
              />
              {may('TEMPLATE_EXPORT') && (
                <Button type="button" icon="pi pi-download" outlined label={t('template.export')} loading={busy === 'export'} onClick={() => void exportFile()} />
              )}
              {may('TEMPLATE_IMPORT') && (
                <>
                  <Button type="button" icon="pi pi-upload" outlined label={t('template.import')} loading={busy === 'import'} onClick={() => fileInput.current?.click()} />
                  <input
                    ref={fileInput}
                    id="template-import-file"
                    type="file"
                    accept="application/json,.json"
                    hidden
                    aria-label={t('template.import')}
                    onChange={(e) => void importFile(e)}
                  />
                </>
              )}
            </div>
          }
          actions={(raw) => {
            const row = raw as unknown as TemplateMessageListItem;
            return (
              <div className="row-actions">
                <RowAction icon="pi pi-pencil" label={t('common.editItem', { name: row.name })} onClick={() => void navigate(builderPath(row.id, row.channel))} />
                <Button type="button" icon="pi pi-copy" text rounded aria-label={t('template.duplicateItem', { name: row.name })} onClick={() => void duplicate(row)} />
                <RowAction icon="pi pi-verified" label={t('approval.template.open', { name: row.name })} onClick={() => setApprovalOf({ id: row.id, name: row.name })} />
                <Button type="button" icon="pi pi-language" text rounded aria-label={t('template.translations.open', { name: row.name })} onClick={() => setLanguagesOf(row)} />
                <RowAction
                  icon={row.active ? 'pi pi-eye-slash' : 'pi pi-eye'}
                  label={t(row.active ? 'template.deactivateItem' : 'template.activateItem', { name: row.name })}
                  onClick={() => void setActive(row, !row.active)}
                />
                {may('TEMPLATE_LOCK') && (
                  <RowAction
                    icon={row.locked ? 'pi pi-lock-open' : 'pi pi-lock'}
                    label={t(row.locked ? 'template.unlockItem' : 'template.lockItem', { name: row.name })}
                    onClick={() => void setLock(row, !row.locked)}
                  />
                )}
                <Button type="button" icon="pi pi-trash" text rounded severity="danger" aria-label={t('common.deleteItem', { name: row.name })} onClick={() => void remove(row)} />
              </div>
            );
          }}
        />
      </div>
      {imported && imported.failures.length > 0 && (
        <div className={`card ${pageStyles.importReport}`} data-testid="template-import-report" role="status">
          <h2 className="section-title">{t('template.importFailures', { count: imported.failures.length })}</h2>
          <ul className="plain-list">
            {imported.failures.map((f) => (
              <li key={f.entry}>{t('template.importFailure', { entry: f.entry, name: f.name ?? '--', reason: f.reason })}</li>
            ))}
          </ul>
        </div>
      )}
      <TemplateApprovalDialog
        target={approvalOf}
        onHide={() => {
          setApprovalOf(null);
          changed();
        }}
      />
      <LanguagesDialog template={languagesOf} onHide={() => setLanguagesOf(null)} onCopied={changed} />
      {confirmElement}
    </Page>
  );
}
