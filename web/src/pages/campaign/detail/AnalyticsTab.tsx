/**
 * A message's numbers (spec 001 section 9's display rules): live progress while it sends, then sent, success,
 * failures and skips with their reasons, uncertain claims, opens, clicks and unsubscribes, and the chart over time.
 */
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { SentState } from '../../../../../shared/delivery';
import { formatCount } from '../../../../../shared/format';
import type { PlanView } from '../../../../../shared/services/plan';
import { call } from '../../../api/client';
import { keys } from '../../../api/keys';
import type { usePlanStatistics } from '../../../api/hooks';
import { chartSeries, METRICS, type Metric, planMetrics, progressOf } from '../metrics';
import { ActivityChart } from './ActivityChart';

/** How many records of a status the reasons are read from. */
const REASON_SAMPLE = 100;

/** The reasons of failed or skipped sends, counted over the first records of that status. */
function Reasons({ planId, status, total }: { planId: string; status: Extract<SentState, 'FAILED' | 'SKIPPED'>; total: number }) {
  const { t } = useTranslation();
  const records = useSWR(total > 0 ? keys.list('sentRecord.getListByPage', { planId, status, size: REASON_SAMPLE }) : null, ([, p]) =>
    call('sentRecord.getListByPage', p, { quiet: true }),
  );
  if (total === 0) return null;
  const counts = new Map<string, number>();
  for (const r of records.data?.list ?? []) counts.set(r.reason ?? 'UNEXPECTED', (counts.get(r.reason ?? 'UNEXPECTED') ?? 0) + 1);
  const read = records.data?.list.length ?? 0;
  return (
    <section className="reason-box" aria-labelledby={`reasons-${status}`}>
      <h4 id={`reasons-${status}`}>{t(`campaign.analytics.reasonsOf.${status}`)}</h4>
      {records.error ? (
        <p className="muted">{t('campaign.analytics.reasonsError')}</p>
      ) : !records.data ? (
        <p className="muted">{t('campaign.loading')}</p>
      ) : (
        <>
          <ul className="plain-list reason-list">
            {[...counts].map(([reason, n]) => (
              <li key={reason}>
                <span>{t(`campaign.reason.${reason}`, { defaultValue: reason })}</span>
                <strong>{formatCount(n)}</strong>
              </li>
            ))}
          </ul>
          {read < total && <p className="muted small">{t('campaign.analytics.reasonsSample', { n: formatCount(read) })}</p>}
        </>
      )}
    </section>
  );
}

export function AnalyticsTab({ plan, stats }: { plan: PlanView; stats: ReturnType<typeof usePlanStatistics> }) {
  const { t } = useTranslation();
  if (stats.error && !stats.data) {
    return (
      <div className="state-error" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <span>{t('campaign.analytics.error')}</span>
        <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('common.retry')} onClick={() => void stats.mutate()} />
      </div>
    );
  }
  if (!stats.data) return <p className="muted">{t('campaign.loading')}</p>;
  const { totals, hours, running } = stats.data;
  const shown = planMetrics(plan.channel, totals);
  const progress = progressOf(totals);
  const sentYet = totals.matched > 0 || running;

  return (
    <div className="analytics">
      {running && (
        <div className="live-progress" data-testid="live-progress">
          <p id="progress-label">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('campaign.analytics.sending', { done: formatCount(totals.sent + totals.failed + totals.skipped + totals.uncertain), of: formatCount(totals.matched) })}
          </p>
          <ProgressBar value={progress ?? 0} showValue={progress !== null} aria-labelledby="progress-label" />
        </div>
      )}
      {!sentYet && <p className="notice notice-info">{t('campaign.analytics.notSent')}</p>}
      <dl className="metric-grid" data-testid="metrics">
        {METRICS.map((m: Metric) => (
          <div key={m} className="metric" data-metric={m}>
            <dt>{t(`campaign.metric.${m}`)}</dt>
            <dd>{shown[m]}</dd>
          </div>
        ))}
      </dl>
      {(totals.failed > 0 || totals.skipped > 0) && (
        <div className="grid-2 reasons">
          <Reasons planId={plan.id} status="FAILED" total={totals.failed} />
          <Reasons planId={plan.id} status="SKIPPED" total={totals.skipped} />
        </div>
      )}
      <section aria-labelledby="activity-title">
        <h3 id="activity-title" className="section-title">
          {t('campaign.analytics.chartTitle')}
        </h3>
        <ActivityChart points={chartSeries(hours)} />
      </section>
    </div>
  );
}
