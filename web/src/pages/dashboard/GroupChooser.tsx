/** The dashboard's way to a group's sub-dashboard: the organization's dashboard groups, and where to manage them. */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import '../../i18n/areas/dashboardGroup';
import { DASHBOARD_GROUPS_PATH, subDashboardPath } from './paths';
import styles from './DashboardPage.module.css';
import { SelectField } from '../../components/Field';

export function GroupChooser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const groups = useCall(keys.dashboardGroups());
  return (
    <div className={`card ${styles.groupChooser}`} data-testid="dashboard-groups">
      {groups.data && groups.data.length > 0 ? (
        <SelectField
          id="dash-group"
          label={t('dashboardGroup.chooser')}
          placeholder={t('dashboardGroup.choose')}
          options={groups.data.map((g) => ({ value: g.id, label: g.name }))}
          onChange={(e) => navigate(subDashboardPath(String(e.value)))}
        />
      ) : (
        groups.data && <p className="muted">{t('dashboardGroup.none')}</p>
      )}
      <Link to={DASHBOARD_GROUPS_PATH}>{t('dashboardGroup.manage')}</Link>
    </div>
  );
}
