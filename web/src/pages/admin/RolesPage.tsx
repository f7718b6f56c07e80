/** Roles (/role): list with filters, the role editor, delete (refused while users hold the role: 711002). */
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userRoleEntity } from '../../../../shared/entities/userRole';
import type { RoleView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { ListPage } from '../../components/list/ListPage';
import { useEntityList } from '../../components/list/useEntityList';
import { RoleEditor } from './RoleEditor';
import '../../i18n/areas/admin';
import { shownName } from '../../i18n/seededNames';

const INITIAL_FILTERS: { name?: string; code?: string; active?: boolean } = {};

export default function RolesPage() {
  const { t } = useTranslation();
  const list = useEntityList('userRole.getListByPage', { filters: INITIAL_FILTERS, size: 10 });
  const [editing, setEditing] = useState<RoleView | null>(null);
  const [open, setOpen] = useState(false);

  const refresh = useCallback(() => void invalidate('userRole.getListByPage', 'userRole.getAll'), []);
  const close = useCallback(() => setOpen(false), []);

  async function edit(role: RoleView) {
    try {
      setEditing(await call('userRole.detail', { id: role.id }));
      setOpen(true);
    } catch {
      // the toast says why (the role may be gone)
    }
  }

  return (
    <ListPage
      title={t('page.roles')}
      intro={t('role.intro')}
      testId="role-list"
      list={list}
      columns={userRoleEntity.listColumns}
      initialFilters={INITIAL_FILTERS}
      filters={[
        { name: 'name', type: 'text', label: t('role.name') },
        { name: 'code', type: 'text', label: t('role.code') },
        { name: 'active', type: 'boolean', label: t('role.active') },
      ]}
      cells={{
        description: (row) => shownName(String(row.description ?? '')),
        name: (row) => (
          <span className="cell-with-tag">
            {shownName(String(row.name))}
            {row.system ? <Tag value={t('role.system')} severity="warning" rounded /> : null}
          </span>
        ),
      }}
      emptyText={t('role.empty')}
      toolbar={
        <Button
          type="button"
          icon="pi pi-plus"
          label={t('role.add')}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
        />
      }
      nameOf={(row) => String(row.name)}
      onEdit={(row) => void edit(row as unknown as RoleView)}
      // why Delete is off: said before the click, not after a refusal (the server refuses too: 711002)
      deleteBlocked={(row) => {
        const role = row as unknown as RoleView;
        return role.system ? t('role.cannotDeleteSystem') : role.userCount > 0 ? t('role.cannotDeleteUsed', { count: role.userCount }) : undefined;
      }}
      onDelete={(row) => {
        const role = row as unknown as RoleView;
        return {
          header: t('role.deleteTitle'),
          message: t('role.deleteConfirm', { name: role.name }),
          run: () => call('userRole.delete', { id: role.id }),
          done: t('role.deleted', { name: role.name }),
          after: () => void invalidate('userRole.getAll'),
        };
      }}
    >
      <RoleEditor role={editing} visible={open} onHide={close} onSaved={refresh} />
    </ListPage>
  );
}
