/**
 * A message's numbers (spec 001 section 9's display rules): live progress while it sends, then sent, success,
 * failures and skips with their reasons, uncertain claims, opens, clicks and unsubscribes, and the chart over time.
 */
import { ProgressBar } from 'primereact/progressbar';
import { useTranslation } from 'react-i18next';
import { CHANNEL_CAPABILITIES, type Channel, type SendFailureReason, type SentState } from '../../../../../shared/delivery';
import { formatCount, formatRate } from '../../../../../shared/format';
import type { PlanView } from '../../../../../shared/services/plan';
import type { usePlanStatistics } from '../../../api/hooks';
import { chartSeries, METRICS, type Metric, progressOf, showFigure } from '../metrics';
import { ActivityChart } from './ActivityChart';
import styles from './AnalyticsTab.module.css';
import '../../../i18n/areas/insights';
import '../../../i18n/areas/rates';
import { LoadError } from '../../../components/LoadError';

/** The reasons of failed or skipped sends, as counted with the sends themselves (every record, not a sample). */
function Reasons({ status, counts, total }: { status: Extract<SentState, 'FAILED' | 'SKIPPED'>; counts: Partial<Record<SendFailureReason, number>>; total: number }) {
  const { t } = useTranslation();
  if (total === 0) return null;
  const rows = (Object.entries(counts) as [SendFailureReason, number][]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  return (
    <section className={`${styles.reasonBox} reason-box`} aria-labelledby={`reasons-${status}`}>
      <h4 id={`reasons-${status}`}>{t(`campaign.analytics.reasonsOf.${status}`)}</h4>
      <ul className={`plain-list ${styles.reasonList}`}>
        {rows.map(([reason, n]) => (
          <li key={reason}>
            <span>{t(`campaign.reason.${reason}`, { defaultValue: reason })}</span>
            <strong>{formatCount(n)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What only this message's channel has (spec 001 section 9): SMS parts, letters produced, push sends per device OS. */
function ChannelFigures({ channel, stats }: { channel: Channel; stats: NonNullable<ReturnType<typeof usePlanStatistics>['data']> }) {
  const { t } = useTranslation();
  const sent = stats.totals.sent;
  const { figures } = stats;
  const { parts, printed, app, scroll } = CHANNEL_CAPABILITIES[channel];
  const rows: [string, string, string][] = [];
  if (parts) rows.push(['smsParts', t('campaign.analytics.byChannel.smsParts'), showFigure('smsParts', figures.smsParts)]);
  if (printed) rows.push(['letters', t('campaign.analytics.byChannel.letters'), showFigure('letters', figures.letters)]);
  if (app) {
    for (const o of stats.os.filter((x) => x.os !== 'OTHER' || x.sent + x.failed > 0)) {
      const os = t(`campaign.analytics.osName.${o.os}`);
      rows.push([`sent-${o.os}`, t('campaign.analytics.byChannel.osSent', { os }), formatCount(o.sent)]);
      rows.push([`share-${o.os}`, t('campaign.analytics.byChannel.osShare', { os }), formatRate(sent > 0 ? o.sent / sent : null)]);
      rows.push([`failed-${o.os}`, t('campaign.analytics.byChannel.osFailed', { os }), formatCount(o.failed)]);
      // opens the app reported on this OS, per send to it (spec 001 3.20 iosRate, androidRate)
      const opens = stats.app.os.find((x) => x.os === o.os)?.opens ?? 0;
      rows.push([`opens-${o.os}`, t('insights.analytics.osOpens', { os }), formatCount(opens)]);
      rows.push([`openRate-${o.os}`, t('insights.analytics.osOpenRate', { os }), formatRate(o.sent > 0 ? opens / o.sent : null)]);
    }
    for (const n of [1, 2] as const) {
      rows.push([`cta${n}`, t('insights.analytics.cta', { n }), showFigure(`cta${n}`, figures[`cta${n}`])]);
      rows.push([`cta${n}Rate`, t('insights.analytics.ctaRate', { n }), showFigure(`cta${n}Rate`, figures[`cta${n}Rate`])]);
    }
  }
  if (scroll) {
    // how far readers got (each reader once per depth); the rate is of those who reached the end, per send
    for (const s of stats.scroll) rows.push([`scroll-${s.depth}`, t('insights.analytics.scrollDepth', { depth: s.depth }), formatCount(s.readers)]);
    rows.push(['scrollRate', t('insights.analytics.scrollRate'), showFigure('scrollRate', figures.scrollRate)]);
  }
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="channel-figures-title">
      <h3 id="channel-figures-title" className="section-title">
        {t('campaign.analytics.byChannel.title')}
      </h3>
      <dl className="metric-grid" data-testid="channel-metrics">
        {rows.map(([key, label, value]) => (
          <div key={key} className="metric" data-metric={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function AnalyticsTab({ plan, stats }: { plan: PlanView; stats: ReturnType<typeof usePlanStatistics> }) {
  const { t } = useTranslation();
  if (stats.error && !stats.data) {
    return <LoadError text={t('campaign.analytics.error')} onRetry={() => void stats.mutate()} />;
  }
  if (!stats.data) return <p className="muted">{t('campaign.loading')}</p>;
  const { totals, hours, running, reasons, figures } = stats.data;
  const progress = progressOf(totals);
  const sentYet = totals.matched > 0 || running;

  return (
    <div className="analytics">
      {running && (
        <div className={styles.liveProgress} data-testid="live-progress">
          <p id="progress-label">
            <i className="pi pi-spin pi-spinner" aria-hidden="true" />{' '}
            {t('campaign.analytics.sending', { done: formatCount(totals.sent + totals.failed + totals.skipped + totals.uncertain), of: formatCount(totals.matched) })}
          </p>
          <ProgressBar value={progress ?? 0} showValue={progress !== null} aria-labelledby="progress-label" />
        </div>
      )}
      {!sentYet && <p className="notice notice-info">{t('campaign.analytics.notSent')}</p>}
      <dl className={styles.metricGrid} data-testid="metrics">
        {METRICS.map((m: Metric) => (
          <div key={m} className={styles.metric} data-metric={m}>
            <dt>{t(`campaign.metric.${m}`)}</dt>
            <dd>{showFigure(m, figures[m])}</dd>
          </div>
        ))}
      </dl>
      <ChannelFigures channel={plan.channel} stats={stats.data} />
      {(totals.failed > 0 || totals.skipped > 0) && (
        <div className={`grid-2 ${styles.reasons}`}>
          <Reasons status="FAILED" counts={reasons.failed} total={totals.failed} />
          <Reasons status="SKIPPED" counts={reasons.skipped} total={totals.skipped} />
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
