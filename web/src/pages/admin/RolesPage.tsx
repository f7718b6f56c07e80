/** Roles (/role): list with filters, the role editor, delete (refused while users hold the role: 711002). */
import { Tag } from 'primereact/tag';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { userRoleEntity } from '../../../../shared/entities/userRole';
import type { RoleView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { ListPage } from '../../components/list/ListPage';
import { useEditDialog } from '../../components/list/useEditDialog';
import { useEntityList } from '../../components/list/useEntityList';
import { RoleEditor } from './RoleEditor';
import '../../i18n/areas/admin';
import { shownName } from '../../i18n/seededNames';

const INITIAL_FILTERS: { name?: string; code?: string; active?: boolean } = {};

export default function RolesPage() {
  const { t } = useTranslation();
  const list = useEntityList('userRole.getListByPage', { filters: INITIAL_FILTERS, size: 10 });
  const dialog = useEditDialog<RoleView>((role) => call('userRole.detail', { id: role.id }));
  const refresh = useCallback(() => void invalidate('userRole.getListByPage', 'userRole.getAll'), []);

  return (
    <ListPage
      title={t('page.roles')}
      texts="role"
      list={list}
      columns={userRoleEntity.listColumns}
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
      addLabel={t('role.add')}
      onAdd={dialog.add}
      nameOf={(row) => String(row.name)}
      onEdit={(row) => void dialog.edit(row as unknown as RoleView)}
      // why Delete is off: said before the click, not after a refusal (the server refuses too: 711002)
      deleteBlocked={(row) => {
        const role = row as unknown as RoleView;
        return role.system ? t('role.cannotDeleteSystem') : role.userCount > 0 ? t('role.cannotDeleteUsed', { count: role.userCount }) : undefined;
      }}
      onDelete={(row) => {
        const role = row as unknown as RoleView;
        return { vars: { name: role.name }, run: () => call('userRole.delete', { id: role.id }), after: () => void invalidate('userRole.getAll') };
      }}
    >
      <RoleEditor role={dialog.editing} visible={dialog.open} onHide={dialog.close} onSaved={refresh} />
    </ListPage>
  );
}
