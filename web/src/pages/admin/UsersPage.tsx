/** Portal users (/admin-pennel, and /admin-pennel-sso for SSO logins): list, add, invite, edit, delete; the SSO provider. */
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userEntity } from '../../../../shared/entities/user';
import type { UserView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate, useRoleOptions, useSession } from '../../api/hooks';
import { ListPage } from '../../components/list/ListPage';
import { useEntityList } from '../../components/list/useEntityList';
import { DelegationsPanel } from './DelegationsPanel';
import { InviteDialog } from './InviteDialog';
import { PendingInvitations } from './PendingInvitations';
import { SsoSettingsSection } from './SsoSettingsSection';
import { UserDialog } from './UserDialog';
import '../../i18n/areas/admin';
import { shownName } from '../../i18n/seededNames';

const STATUS_SEVERITY = { ACTIVE: 'success', INACTIVE: 'secondary', INVITED: 'info' } as const;
const INITIAL_FILTERS: { keyword?: string; roleId?: string; status?: string } = {};

export default function UsersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const sso = session?.loginType === 'SSO';
  const list = useEntityList('user.getListByPage', { filters: INITIAL_FILTERS, size: 10 });
  const { data: roles } = useRoleOptions();
  const [editing, setEditing] = useState<UserView | null>(null);
  const [dialog, setDialog] = useState<'user' | 'invite' | null>(null);

  const refresh = useCallback(() => void invalidate('user.getListByPage', 'userRole.getListByPage', 'user.pendingInvitations'), []);
  const closeDialog = useCallback(() => setDialog(null), []);

  return (
    <ListPage
      title={t('page.users')}
      texts="user"
      intro={t(sso ? 'user.introSso' : 'user.intro')}
      list={list}
      columns={userEntity.listColumns}
      filters={[
        { name: 'keyword', type: 'text', label: t('user.keyword') },
        { name: 'roleId', type: 'select', label: t('user.role'), options: (roles ?? []).map((r) => ({ label: shownName(r.name), value: r.id })) },
        {
          name: 'status',
          type: 'select',
          label: t('common.status'),
          options: (['ACTIVE', 'INACTIVE', 'INVITED'] as const).map((s) => ({ label: t(`status.${s}`), value: s })),
        },
      ]}
      cells={{
        roleName: (row) => shownName(String(row.roleName)),
        status: (row) => {
          const s = row.status as keyof typeof STATUS_SEVERITY;
          return <Tag value={t(`status.${s}`)} severity={STATUS_SEVERITY[s]} rounded />;
        },
      }}
      toolbar={<Button type="button" icon="pi pi-envelope" label={t('user.invite')} outlined onClick={() => setDialog('invite')} />}
      addLabel={t('user.add')}
      onAdd={() => {
        setEditing(null);
        setDialog('user');
      }}
      nameOf={(row) => String(row.username)}
      onEdit={(row) => {
        setEditing(row as unknown as UserView);
        setDialog('user');
      }}
      deleteBlocked={(row) => row.id === session?.userdetails.id}
      onDelete={(row) => {
        const user = row as unknown as UserView;
        return {
          vars: { username: user.username },
          run: () => call('user.delete', { id: user.id }),
          after: () => void invalidate('userRole.getListByPage', 'user.pendingInvitations'),
        };
      }}
    >
      <PendingInvitations onWithdrawn={refresh} />
      <SsoSettingsSection />
      <DelegationsPanel />
      <UserDialog user={editing} visible={dialog === 'user'} onHide={closeDialog} onSaved={refresh} sso={sso} />
      <InviteDialog visible={dialog === 'invite'} onHide={closeDialog} onSaved={refresh} />
    </ListPage>
  );
}
