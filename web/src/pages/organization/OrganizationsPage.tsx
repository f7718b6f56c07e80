/**
 * Organizations (/organization): the caller's organizations, the form (code, short code, intro, icon, the
 * multi-device flag and the app feature JSON), a new one for holders of ORGANIZATION_CREATE, and for the one
 * signed in to: ownership transfer, the white list and the action list.
 */
import { Tag } from 'primereact/tag';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../../../shared/entities/entity';
import type { OrganizationView } from '../../../../shared/services';
import { invalidate, useSession } from '../../api/hooks';
import { ListPage } from '../../components/list/ListPage';
import { RowAction } from '../../components/list/RowAction';
import { useEntityList } from '../../components/list/useEntityList';
import { ActionListDialog } from './ActionListDialog';
import { OrganizationDialog } from './OrganizationDialog';
import { TransferDialog } from './TransferDialog';
import { WhiteListDialog } from './WhiteListDialog';
import '../../i18n/areas/organization';

type Row = OrganizationView & { isSelected: boolean; roleName: string };
type Open = { kind: 'edit' | 'transfer' | 'whiteList' | 'actionList'; org: Row } | { kind: 'new' } | null;

const INITIAL_FILTERS: { keyword?: string } = {};
const COLUMNS: ListColumn[] = [
  { field: 'name', label: 'organization.col.name', sortable: true },
  { field: 'code', label: 'organization.col.code', sortable: true },
  { field: 'shortCode', label: 'organization.col.shortCode' },
  { field: 'roleName', label: 'organization.col.roleName' },
  { field: 'status', label: 'organization.col.status' },
  { field: 'dateUpdated', label: 'organization.col.dateUpdated', sortable: true, format: 'dateTime' },
];

export default function OrganizationsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useEntityList('organization.list', { filters: INITIAL_FILTERS, size: 10 });
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const refresh = useCallback(() => void invalidate('organization.list'), []);
  const mayCreate = session?.userdetails.rolePermissions.includes('ORGANIZATION_CREATE') ?? false;
  const me = session?.userdetails.id;

  return (
    <ListPage
      title={t('page.organizations')}
      texts="organization"
      list={list}
      columns={COLUMNS}
      filters={[{ name: 'keyword', type: 'text', label: t('organization.col.name') }]}
      cells={{
        name: (row) => (
          <span className="cell-with-tag">
            {String(row.name)}
            {row.isSelected ? <Tag value={t('organization.current')} severity="info" rounded /> : null}
            {row.ownerUserId && row.ownerUserId === me ? <Tag value={t('organization.owner')} severity="success" rounded /> : null}
          </span>
        ),
        status: (row) => t(`status.${String(row.status)}`),
      }}
      addLabel={t('organization.add')}
      onAdd={mayCreate ? () => setOpen({ kind: 'new' }) : undefined}
      nameOf={(row) => String(row.name)}
      onEdit={(row) => setOpen({ kind: 'edit', org: row as unknown as Row })}
      rowActionsAfter={(row) => {
        const org = row as unknown as Row;
        if (!org.isSelected) return null;
        const action = (kind: 'transfer' | 'whiteList' | 'actionList', icon: string) => (
          <RowAction icon={icon} label={t(`organization.${kind}`)} tooltip={t(`organization.${kind}`)} onClick={() => setOpen({ kind, org })} />
        );
        return (
          <>
            {/* only its owner hands an organization on (one nobody owns yet: an administrator holding every permission) */}
            {(org.ownerUserId === undefined || org.ownerUserId === me) && action('transfer', 'pi pi-user-edit')}
            {action('whiteList', 'pi pi-verified')}
            {action('actionList', 'pi pi-list')}
          </>
        );
      }}
    >
      <OrganizationDialog org={open?.kind === 'edit' ? open.org : null} visible={open?.kind === 'edit' || open?.kind === 'new'} onHide={close} onSaved={refresh} />
      {open?.kind === 'transfer' && <TransferDialog org={open.org} onHide={close} onSaved={refresh} />}
      {open?.kind === 'whiteList' && <WhiteListDialog org={open.org} onHide={close} />}
      {open?.kind === 'actionList' && <ActionListDialog org={open.org} onHide={close} />}
    </ListPage>
  );
}
