/**
 * A message (/campaigns/detail?id=…): its state and what may be done now, then the tabs of spec 001 section 2.
 * Overview, Content, Analytics (live while it sends), Schedule, Operation Record and Sent records are filled;
 * Plan Step lists a builder campaign's steps with their numbers, and A/B Analytics its splits' variants side by side. The page follows an approved message into sending by itself.
 */
import { Tag } from 'primereact/tag';
import { TabPanel, TabView } from 'primereact/tabview';
import { CHANNEL_CAPABILITIES } from '../../../../shared/delivery';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { reviewWarnings } from '../../../../shared/content/reviewWarnings';
import { formatCount } from '../../../../shared/format';
import { zonedTimeToUtc } from '../../../../shared/plan/plan';
import type { PlanView } from '../../../../shared/services/plan';
import { usePlan, usePlanStatistics, useSession } from '../../api/hooks';
import { PageSpinner } from '../../components/PageSpinner';
import { AbAnalyticsTab } from './detail/AbAnalyticsTab';
import { AnalyticsTab } from './detail/AnalyticsTab';
import { ApprovalTab } from './detail/ApprovalTab';
import { ContentTab } from './detail/ContentTab';
import { OperationRecordTab } from './detail/OperationRecordTab';
import { OverviewTab } from './detail/OverviewTab';
import { PlanStepTab } from './detail/PlanStepTab';
import { stepLabelOf } from './detail/JourneySummary';
import { ReviewWarnings } from './ReviewWarnings';
import { ScheduleTab } from './detail/ScheduleTab';
import { SentRecordsTab } from './detail/SentRecordsTab';
import { SettingsTab } from './detail/SettingsTab';
import { LinksTab } from './detail/LinksTab';
import { CAMPAIGNS_PATH } from './paths';
import { PlanStatusTag } from './PlanStatusTag';
import { nothingSent } from './metrics';
import { PlanActionButtons, usePlanActions } from './usePlanActions';
import '../../i18n/areas/campaign';
import styles from '../system/notAvailable.module.css';
import pageStyles from './PlanDetailPage.module.css';
import { LoadError } from '../../components/LoadError';
import { BackLink, Page } from '../../components/Page';

const TABS = ['overview', 'content', 'analytics', 'schedule', 'planStep', 'operationRecord', 'approval', 'sentRecords', 'links', 'abAnalytics', 'settings'] as const;
type Tab = (typeof TABS)[number];
const LIVE_MS = 2_000;
/** A message waiting for its approvers is looked at now and then, so the page sees it approved and going out. */
const WAITING: ReadonlySet<string> = new Set(['PENDING_APPROVAL', 'APPROVED']);
const WAITING_MS = 10_000;
/** Before it is sent, the message's review warnings stand above its tabs: the approver reads them before approving. */
const UNSENT: ReadonlySet<string> = new Set(['DRAFT', 'PENDING_APPROVAL', 'REJECTED', 'EXPIRED']);

/** Whether the message is going out now or about to: then its state and numbers are followed every 2 s. */
function onItsWay(plan: PlanView | undefined): boolean {
  if (!plan) return false;
  if (plan.status === 'IN_PROGRESS') return true;
  if (plan.status !== 'ACTIVE') return false;
  if (plan.trigger.kind === 'IMMEDIATELY') return true;
  // a standing trigger sends run after run while active: its numbers are read when asked
  if (plan.trigger.kind !== 'SCHEDULE') return false;
  try {
    return zonedTimeToUtc(plan.trigger.at, plan.trigger.timeZone) <= Date.now();
  } catch {
    return false;
  }
}

export default function PlanDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'overview';
  const plan = usePlan(id, { refreshInterval: (p) => (onItsWay(p) ? LIVE_MS : p && WAITING.has(p.status) ? WAITING_MS : 0) });
  const live = onItsWay(plan.data);
  const stats = usePlanStatistics(id, live);
  const mayCreate = useSession()?.userdetails.rolePermissions.includes('PLAN_CREATE') ?? false;
  const { elements, run, duplicate } = usePlanActions((action) => (action === 'delete' ? navigate(CAMPAIGNS_PATH) : undefined), { openCopy: true });

  const warnings = useMemo(() => (plan.data && UNSENT.has(plan.data.status) ? reviewWarnings(plan.data) : []), [plan.data]);

  // a change of state (approved, sending, sent) brings fresh numbers
  const status = plan.data?.status;
  useEffect(() => {
    if (status) void stats.mutate();
  }, [status, stats.mutate]);

  const back = <BackLink to={CAMPAIGNS_PATH} label={t('campaign.back')} />;

  if (!id || (plan.error && !plan.data)) {
    return (
      <Page title={t('page.campaignDetail')} back={back}>
        {id ? (
          <LoadError text={plan.error?.code === '720003' ? t('campaign.detail.missing') : t('campaign.detail.loadError')} onRetry={() => void plan.mutate()} />
        ) : (
          <div className={`${styles.notAvailable} card`}>
            <p className="muted">{t('campaign.detail.noneChosen')}</p>
            <Link to={CAMPAIGNS_PATH}>{t('campaign.back')}</Link>
          </div>
        )}
      </Page>
    );
  }

  if (!plan.data) {
    return (
      <Page title={t('page.campaignDetail')} back={back}>
        <PageSpinner />
      </Page>
    );
  }

  const p = plan.data;
  const emptyRun = nothingSent(p.status, stats.data);
  const index = TABS.indexOf(tab);

  return (
    <section className="page plan-detail">
      <header className="page-header">
        <div>
          {back}
          <div className={pageStyles.titleRow}>
            <h1>{p.name}</h1>
            {emptyRun ? <Tag value={t('campaign.detail.nothingSent')} severity="warning" rounded data-status="NOTHING_SENT" /> : <PlanStatusTag status={p.status} />}
            {live && <span className={pageStyles.liveDot}>{t('campaign.detail.live')}</span>}
          </div>
          <p className="muted">{p.title}</p>
          {emptyRun && (
            <p className="notice notice-warn" role="status" data-testid="nothing-sent">
              {t('campaign.detail.nothingSentWhy', {
                reasons:
                  emptyRun.map((r) => `${t(`campaign.reason.${r.reason}`, { defaultValue: r.reason })} ${formatCount(r.count)}`).join(t('campaign.detail.listSeparator')) || '--',
              })}
            </p>
          )}
        </div>
        <PlanActionButtons plan={p} run={run} onDuplicate={mayCreate ? duplicate : undefined} />
      </header>
      <ReviewWarnings warnings={warnings} stepLabel={p.journey ? stepLabelOf(p.journey, t) : undefined} headingLevel={2} />
      <div className="card">
        <TabView
          activeIndex={index}
          onTabChange={(e) => {
            const next = new URLSearchParams(params);
            next.set('tab', TABS[e.index]);
            setParams(next, { replace: true });
          }}
          className="detail-tabs"
        >
          {TABS.map((name) => (
            <TabPanel key={name} header={t(`campaign.tab.${name}`)}>
              {name === 'overview' && <OverviewTab plan={p} />}
              {name === 'content' && <ContentTab plan={p} />}
              {name === 'analytics' && <AnalyticsTab plan={p} stats={stats} />}
              {name === 'schedule' && <ScheduleTab plan={p} runs={stats.data?.runs} />}
              {name === 'planStep' && <PlanStepTab steps={stats.data?.steps} loading={!stats.data} />}
              {name === 'operationRecord' && <OperationRecordTab planId={p.id} />}
              {name === 'approval' && <ApprovalTab plan={p} />}
              {name === 'sentRecords' && <SentRecordsTab planId={p.id} journey={p.journey} runs={stats.data?.runs} letters={CHANNEL_CAPABILITIES[p.channel].printed} />}
              {name === 'links' && <LinksTab planId={p.id} />}
              {name === 'settings' && <SettingsTab plan={p} />}
              {name === 'abAnalytics' && <AbAnalyticsTab journey={p.journey} steps={stats.data?.steps} loading={!stats.data} />}
            </TabPanel>
          ))}
        </TabView>
      </div>
      {elements}
    </section>
  );
}
