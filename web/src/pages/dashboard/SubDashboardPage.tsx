/**
 * A dashboard group's sub-dashboard (/dashboard/subDashboard?groupId=): the dashboard's numbers, charts and KPI
 * progress for the group's messages only, headed by the group's name. A group that is missing or another
 * organization's shows the catalogue's not-found error here.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { DashboardGroup } from '../../../../shared/entities';
import { formatCount } from '../../../../shared/format';
import { messageFor } from '../../api/errorHandler';
import { useCall } from '../../api/hooks';
import { keys } from '../../api/keys';
import { BackLink, Page } from '../../components/Page';
import '../../i18n/areas/dashboard';
import '../../i18n/areas/dashboardGroup';
import { DashboardMetrics } from './DashboardMetrics';
import { DASHBOARD_GROUPS_PATH } from './paths';

export default function SubDashboardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const groupId = params.get('groupId') ?? '';
  const group = useCall(groupId ? keys.dashboardGroup(groupId) : null);
  // the generic CRUD answer is typed loosely; this is the registry's dashboardGroup record
  const record = group.data as DashboardGroup | undefined;

  const frame = (title: string, body: ReactNode, intro?: string) => (
    <Page title={title} back={<BackLink to={DASHBOARD_GROUPS_PATH} label={t('dashboardGroup.back')} />} intro={intro}>
      {body}
    </Page>
  );

  if (!groupId) return frame(t('page.subDashboard'), <p className="card muted">{t('dashboardGroup.noneChosen')}</p>);
  if (group.error && !record)
    return frame(
      t('page.subDashboard'),
      <div className="state-error" role="alert" data-testid="sub-dashboard-error">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <span>
          {messageFor(group.error)} ({group.error.code})
        </span>
      </div>,
    );
  if (!record) return frame(t('page.subDashboard'), <p className="muted">{t('dashboard.metrics.loading')}</p>);
  return frame(
    record.name,
    <>
      <p className="muted small">{t('dashboardGroup.unmeasured')}</p>
      <DashboardMetrics groupId={groupId} />
    </>,
    [record.description, t('dashboardGroup.intro', { n: formatCount(record.planIds.length) })].filter(Boolean).join(' '),
  );
}
