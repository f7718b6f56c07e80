/**
 * When the message goes out and when it went: its trigger (wall clock, zone and UTC), whether it waits for its
 * time now, and every run with its start, end and what it reached, newest first.
 */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../../shared/format';
import type { PlanView } from '../../../../../shared/services/plan';
import type { Result } from '../../../../../shared/services';
import { useDateTime } from '../../../app/locale';
import { triggerText } from '../TriggerSummary';
import { WebhookToken } from '../WebhookToken';
import partStyles from '../planParts.module.css';
import { ColumnHeads } from '../../../components/list/ColumnHeads';

type Runs = Result<'planStatistics.detail'>['runs'];
const RUN_SEVERITY = { RUNNING: 'info', DONE: 'success', STOPPED: 'warning' } as const;

export function ScheduleTab({ plan, runs }: { plan: PlanView; runs: Runs | undefined }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const waiting = plan.status === 'ACTIVE' || plan.status === 'APPROVED' || plan.status === 'PENDING_APPROVAL';
  return (
    <div data-testid="schedule-tab">
      <dl className={partStyles.summaryList}>
        <div className={`${partStyles.summaryRow} summary-row`}>
          <dt>{t('campaign.field.trigger')}</dt>
          <dd>{triggerText(plan.trigger, t)}</dd>
        </div>
        <div className={`${partStyles.summaryRow} summary-row`}>
          <dt>{t('campaign.schedule.state')}</dt>
          <dd>{t(waiting ? 'campaign.schedule.waiting' : runs?.length ? 'campaign.schedule.sent' : 'campaign.schedule.notScheduled')}</dd>
        </div>
      </dl>
      <WebhookToken planId={plan.id} savedTrigger={plan.trigger} />
      <h3 className="section-title">{t('campaign.schedule.runs')}</h3>
      {!runs ? (
        <p className="muted">{t('campaign.loading')}</p>
      ) : runs.length === 0 ? (
        <p className="muted">{t('campaign.schedule.noRuns')}</p>
      ) : (
        <table className={`plain-table ${partStyles.plainTable}`} data-testid="schedule-runs">
          <caption className="sr-only">{t('campaign.schedule.runs')}</caption>
          <ColumnHeads
            labels={[
              t('campaign.schedule.started'),
              t('campaign.schedule.finished'),
              t('common.status'),
              t('campaign.metric.matched'),
              t('campaign.metric.sent'),
              t('campaign.metric.failed'),
              t('campaign.metric.skipped'),
            ]}
          />
          <tbody>
            {runs.map((r) => (
              <tr key={r.runId}>
                <td>{dateTime(r.startedAt)}</td>
                <td>{r.finishedAt ? dateTime(r.finishedAt) : '--'}</td>
                <td>
                  <Tag value={t(`campaign.schedule.run.${r.status}`)} severity={RUN_SEVERITY[r.status]} rounded />
                </td>
                <td>{formatCount(r.matched)}</td>
                <td>{formatCount(r.sent)}</td>
                <td>{formatCount(r.failed)}</td>
                <td>{formatCount(r.skipped)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
