/**
 * Pending (/home): the day's summary and the four cards of spec 000 section 2. "Action required" holds the
 * messages waiting for the signed-in approver, with approve and reject; the author sees their expired, approved
 * and rejected messages, the rejected ones with the type and reason the approver gave. Beside them, the templates
 * whose approval sheets wait for the approver's answer.
 */
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../../shared/format';
import { useDateTime, useOrgTimeZone } from '../../app/locale';
import { HOME_CARDS, type PlanListItem } from '../../../../shared/services/plan';
import { useCall, usePagedList, useSession } from '../../api/hooks';
import { keys } from '../../api/keys';
import { holdsAll } from '../../../../shared/permissions';
import { detailPath } from '../campaign/paths';
import { PlanStatusTag } from '../campaign/PlanStatusTag';
import { TriggerSummary } from '../campaign/TriggerSummary';
import { PlanActionButtons, usePlanActions } from '../campaign/usePlanActions';
import { useUserNames } from '../campaign/userNames';
import { SheetAnswer } from '../approval/SheetAnswer';
import { type ApprovalTarget, TemplateApprovalDialog } from '../template/TemplateApprovalDialog';
import '../../i18n/areas/approval';
import '../../i18n/areas/campaign';
import styles from './HomePage.module.css';
import statStyles from '../../components/stat.module.css';
import linkStyles from '../../components/links.module.css';
import { LoadError } from '../../components/LoadError';
import { Page } from '../../components/Page';

type Card = (typeof HOME_CARDS)[number];
const SIZE = 5;
const ICONS: Record<Card, string> = { ACTION_REQUIRED: 'pi pi-inbox', EXPIRED: 'pi pi-clock', APPROVED: 'pi pi-check-circle', REJECTED: 'pi pi-times-circle' };
/** What a card offers on each message: approvals on the first, editing a rejected one again on the last. */
const CARD_ACTIONS: Record<Card, readonly PlanListItem['actions'][number][]> = {
  ACTION_REQUIRED: ['pass', 'reject'],
  EXPIRED: ['saveDraft'],
  APPROVED: [],
  REJECTED: ['saveDraft'],
};

/**
 * A card of the page: its title with the count, the error, loading and empty states, and the pager; the rows are
 * the card's own.
 */
function HomeCardFrame({
  titleId,
  testId,
  icon,
  title,
  empty,
  list,
  page,
  setPage,
  children,
  after,
}: {
  titleId: string;
  testId: string;
  icon: string;
  title: string;
  empty: string;
  list: { data?: { total: number; list: unknown[] }; error?: unknown; mutate: () => unknown };
  page: number;
  setPage: (page: number) => void;
  children: ReactNode;
  /** what stands below the list whatever its state (a dialog the rows open) */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const total = list.data?.total ?? 0;
  return (
    <section className={`card ${styles.homeCard}`} aria-labelledby={titleId} data-testid={testId}>
      <h2 id={titleId} className="card-title">
        <i className={icon} aria-hidden="true" /> {title} <span className="muted">({list.data ? formatCount(total) : '--'})</span>
      </h2>
      {list.error ? (
        <LoadError text={t('list.error')} onRetry={() => void list.mutate()} />
      ) : !list.data ? (
        <p className="muted">{t('campaign.loading')}</p>
      ) : list.data.list.length === 0 ? (
        <p className="muted home-empty">{empty}</p>
      ) : (
        <ul className="plain-list home-list">{children}</ul>
      )}
      {total > SIZE && (
        <div className={styles.homePager}>
          <Button type="button" text size="small" icon="pi pi-angle-left" aria-label={t('home.previous')} disabled={page === 0} onClick={() => setPage(page - 1)} />
          <span className="small">{t('home.pageOf', { from: page * SIZE + 1, to: Math.min(total, (page + 1) * SIZE), total })}</span>
          <Button type="button" text size="small" icon="pi pi-angle-right" aria-label={t('home.next')} disabled={(page + 1) * SIZE >= total} onClick={() => setPage(page + 1)} />
        </div>
      )}
      {after}
    </section>
  );
}

function PlanCard({ card, run }: { card: Card; run: ReturnType<typeof usePlanActions>['run'] }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { nameOf } = useUserNames();
  const [page, setPage] = useState(0);
  const list = usePagedList('plan.getDashPlanByPage', { card, page, size: SIZE });
  const rows = list.data?.list ?? [];
  return (
    <HomeCardFrame
      titleId={`home-${card}`}
      testId={`home-card-${card}`}
      icon={ICONS[card]}
      title={t(`home.card.${card}`)}
      empty={t(`home.empty.${card}`)}
      list={list}
      page={page}
      setPage={setPage}
    >
      {rows.map((plan) => (
        <li key={plan.id} className={styles.homeRow} data-plan-id={plan.id}>
          <div className={styles.homeRowMain}>
            <Link to={detailPath(plan.id)} className={linkStyles.cellLink}>
              {plan.name}
            </Link>
            <PlanStatusTag status={plan.status} nothingSent={plan.nothingSent} />
            <span className="muted small">
              {card === 'ACTION_REQUIRED' ? t('home.requestedBy', { name: nameOf(plan.createdBy, plan.people) }) : <TriggerSummary trigger={plan.trigger} />}
            </span>
            {plan.approval && card === 'ACTION_REQUIRED' && <span className="muted small">{t('home.deadline', { time: dateTime(plan.approval.deadline) })}</span>}
            {card === 'ACTION_REQUIRED' && !!plan.reviewWarnings && (
              <Tag severity="warning" icon="pi pi-exclamation-triangle" value={t('campaign.warnings.count', { count: plan.reviewWarnings })} data-testid="home-review-warnings" />
            )}
            {card === 'REJECTED' && plan.rejection && (
              <p className={styles.rejectionInline} data-testid="home-rejection">
                <strong>{t(`campaign.rejectType.${plan.rejection.type}`)}:</strong> {plan.rejection.reason}
              </p>
            )}
          </div>
          <PlanActionButtons plan={plan} run={run} only={CARD_ACTIONS[card]} />
        </li>
      ))}
    </HomeCardFrame>
  );
}

/** The templates waiting for the signed-in approver's answer, with approve and reject; the sheet opens from the name. */
function TemplateCard() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<ApprovalTarget | null>(null);
  const list = usePagedList('approvalSheet.waiting', { subject: 'TEMPLATE', page, size: SIZE });
  const rows = list.data?.list ?? [];
  return (
    <HomeCardFrame
      titleId="home-templates"
      testId="home-card-TEMPLATES"
      icon="pi pi-verified"
      title={t('approval.template.waiting')}
      empty={t('approval.template.noneWaiting')}
      list={list}
      page={page}
      setPage={setPage}
      after={
        <TemplateApprovalDialog
          target={open}
          onHide={() => {
            setOpen(null);
            void list.mutate();
          }}
        />
      }
    >
      {rows.map((sheet) => (
        <li key={sheet.id} className={styles.homeRow} data-template-id={sheet.subjectId}>
          <div className={styles.homeRowMain}>
            <strong>{sheet.name}</strong>
            <Button
              type="button"
              text
              size="small"
              icon="pi pi-verified"
              label={t('approval.template.sheet')}
              aria-label={t('approval.template.open', { name: sheet.name })}
              onClick={() => setOpen({ id: sheet.subjectId, name: sheet.name })}
            />
            <span className="muted small">{t('home.requestedBy', { name: sheet.requestedByName || t('approval.unknown') })}</span>
            <span className="muted small">{t('home.deadline', { time: dateTime(sheet.deadline) })}</span>
          </div>
          <SheetAnswer sheet={sheet} onAnswered={() => list.mutate()} />
        </li>
      ))}
    </HomeCardFrame>
  );
}

/** The counts of the four cards in one row. */
function Summary() {
  const { t } = useTranslation();
  return (
    <div className={statStyles.statRow} aria-label={t('home.summary')} role="group">
      {HOME_CARDS.map((card) => (
        <SummaryStat key={card} card={card} label={t(`home.card.${card}`)} />
      ))}
    </div>
  );
}

function SummaryStat({ card, label }: { card: Card; label: string }) {
  const list = usePagedList('plan.getDashPlanByPage', { card, page: 0, size: SIZE });
  return (
    <div className={`card ${statStyles.stat}`}>
      <span className={statStyles.statLabel}>{label}</span>
      <span className={statStyles.statValue} data-testid={`home-count-${card}`}>
        {list.data ? formatCount(list.data.total) : '--'}
      </span>
    </div>
  );
}

/** What went out today (the organization's day, named) over every channel, from the dashboard's counters: for those who may see the dashboard. */
const TODAY = ['sent', 'delivered', 'opens', 'clicks'] as const;
function SentToday() {
  const { t } = useTranslation();
  const session = useSession();
  const allowed = !!session && holdsAll(session.userdetails.rolePermissions, ['NAV_DASHBOARD']);
  const summary = useCall(allowed ? keys.dashboardSummary({ preset: 'TODAY' }) : null);
  const orgZone = useOrgTimeZone();
  if (!allowed) return null;
  return (
    <div className={statStyles.statRow} aria-label={t('home.sentToday', { zone: summary.data?.range.timeZone ?? orgZone })} role="group" data-testid="home-today">
      {TODAY.map((k) => (
        <div key={k} className={`card ${statStyles.stat}`}>
          <span className={statStyles.statLabel}>{t(`home.today.${k}`)}</span>
          <span className={statStyles.statValue} data-testid={`home-today-${k}`}>
            {summary.data ? formatCount(summary.data.totals[k]) : '--'}
          </span>
        </div>
      ))}
    </div>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const { elements, run } = usePlanActions();
  const session = useSession();
  const mayPass = !!session && holdsAll(session.userdetails.rolePermissions, ['PLAN_PASS']);
  return (
    <Page title={t('page.home')} intro={t('home.intro')}>
      <Summary />
      <SentToday />
      <div className={styles.homeGrid}>
        {HOME_CARDS.map((card) => (
          <PlanCard key={card} card={card} run={run} />
        ))}
        {mayPass && <TemplateCard />}
      </div>
      {elements}
    </Page>
  );
}
