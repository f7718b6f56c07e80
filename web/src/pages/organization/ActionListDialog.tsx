/** The action list of the organization signed in to, read only here; actions are managed on /actionList. */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OrganizationView } from '../../../../shared/services';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';

export function ActionListDialog({ org, onHide }: { org: OrganizationView; onHide: () => void }) {
  const { t } = useTranslation();
  const { data, isLoading } = useCall(keys.list('organization.actionList', { id: org.id }));
  return (
    <Dialog header={t('organization.actionListTitle', { name: org.name })} visible onHide={onHide} style={{ width: 'min(40rem, 95vw)' }} modal draggable={false}>
      <DataTable value={data ?? []} loading={isLoading} dataKey="id" emptyMessage={t('organization.actionListEmpty')} data-testid="action-list">
        <Column field="name" header={t('organization.actionCol.name')} />
        <Column field="code" header={t('organization.actionCol.code')} />
        <Column field="type" header={t('organization.actionCol.type')} />
      </DataTable>
      <p>
        <Link to="/actionList" onClick={onHide}>
          {t('organization.actionListManage')}
        </Link>
      </p>
    </Dialog>
  );
}
