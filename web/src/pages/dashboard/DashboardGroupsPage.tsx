/** The dashboard groups (/dashboard/groups): the registry's generic list and form, and each group's sub-dashboard from its row. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import EntityPage from '../generic/EntityPage';
import '../../i18n/areas/dashboardGroup';
import { subDashboardPath } from './paths';
import { RowAction } from '../../components/list/RowAction';

export default function DashboardGroupsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EntityPage
      entity="dashboardGroup"
      rowActions={(row) => (
        <RowAction icon="pi pi-chart-bar" label={t('dashboardGroup.open', { name: String(row.name ?? '') })} onClick={() => navigate(subDashboardPath(String(row.id)))} />
      )}
    />
  );
}
