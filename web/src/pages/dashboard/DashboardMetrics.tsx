/**
 * The dashboard's numbers (issue 24 item 2): a date range (presets or custom days), the graph's resolution
 * and type, totals with their rates, the trend, the funnel, the push split per device OS, the channels, the
 * messages ranked A to D by open rate, and the KPI targets' progress. Display rules of spec 001 section 9:
 * counts with K and M, rates cut to two decimals, '--' where a channel cannot measure a metric. Days and hours are
 * the organization's zone's (the answers name it), as its counters keep them.
 * Given a dashboard group, the same for its messages only (the sub-dashboard): '--' for what is not kept per message.
 */
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Channel, OPEN_CHANNELS } from '../../../../shared/delivery';
import { formatCount, formatRate } from '../../../../shared/format';
import { countsOfAttempts, messageFigures, showFigure } from '../../../../shared/metrics';
import { MESSAGE_TYPES, type MessageType } from '../../../../shared/plan/plan';
import { DASHBOARD_RESOLUTIONS, type DashboardCounts, type DashboardRange, type DashboardResolution } from '../../../../shared/services/dashboard';
import { useCall } from '../../api/hooks';
import { useOrgTimeZone } from '../../app/locale';
import { keys } from '../../api/keys';
import { DateRangePicker } from '../../components/DateRangePicker';
import '../../i18n/areas/dashboardGroup';
import { ChartFigure } from './ChartFigure';
import styles from './DashboardMetrics.module.css';
import { SelectField } from '../../components/Field';
import { ColumnHeads } from '../../components/list/ColumnHeads';

const ratio = (n: number, of: number): number | null => (of > 0 ? n / of : null);
const COLORS = { sent: '#2563eb', delivered: '#0f766e', opens: '#15803d', clicks: '#c2410c' } as const;
const GRADE_SEVERITY = { A: 'success', B: 'info', C: 'warning', D: 'danger' } as const;

export function DashboardMetrics({ groupId }: { groupId?: string } = {}) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DashboardRange>({ preset: 'MONTH' });
  const [resolution, setResolution] = useState<DashboardResolution>('DEFAULT');
  const [chartType, setChartType] = useState<'line' | 'bar'>('line');
  // the days the counters keep: the organization's zone's, which every answer names too
  const orgZone = useOrgTimeZone();

  // every type, or Ad-Hoc or Lifecycle messages only
  const [messageType, setMessageType] = useState<MessageType | undefined>();
  const filter = { ...(groupId ? { groupId } : {}), ...(messageType ? { messageType } : {}) };

  const summary = useCall(keys.dashboardSummary(range, filter));
  const trend = useCall(keys.dashboardTrend(range, resolution, filter));
  const ranking = useCall(keys.dashboardRanking(range, filter));
  const kpis = useCall(keys.kpiProgress(filter));

  const label = (k: string) => t(`dashboard.metrics.${k}`);
  const channelName = (c: Channel) => t(`dashboard.metrics.channelName.${c}`);

  const totals = summary.data?.totals;
  // a group's counts not kept per message
  const unmeasured = new Set<string>(summary.data?.unmeasured ?? []);
  const failedToLoad = summary.error || trend.error || ranking.error;

  return (
    <section className={`card ${styles.metrics}`} aria-labelledby="metrics-title" data-testid="dashboard-metrics">
      <h2 id="metrics-title" className="card-title">
        {label('title')}
      </h2>
      <DateRangePicker idPrefix="dash" initial="MONTH" onRange={setRange}>
        <SelectField
          id="dash-resolution"
          label={label('resolution')}
          value={resolution}
          options={DASHBOARD_RESOLUTIONS.map((r) => ({ value: r, label: t(`dashboard.metrics.resolutions.${r}`) }))}
          onChange={(e) => setResolution(e.value as DashboardResolution)}
        />
        <SelectField
          id="dash-message-type"
          label={label('messageType')}
          value={messageType ?? 0}
          options={[0, ...Object.values(MESSAGE_TYPES)].map((m) => ({ value: m, label: t(`dashboard.metrics.messageTypes.${m}`) }))}
          onChange={(e) => setMessageType((e.value as MessageType | 0) || undefined)}
        />
        <SelectField
          id="dash-chart-type"
          label={label('chartType')}
          value={chartType}
          options={(['line', 'bar'] as const).map((c) => ({ value: c, label: t(`dashboard.metrics.chartTypes.${c}`) }))}
          onChange={(e) => setChartType(e.value as 'line' | 'bar')}
        />
      </DateRangePicker>

      {failedToLoad && (
        <p className="notice notice-error" role="alert">
          {label('error')}
        </p>
      )}
      {!summary.data && !failedToLoad && <p className="muted">{label('loading')}</p>}
      {summary.data && totals && (
        <>
          <p className="muted small" data-testid="dashboard-range">
            {t('dashboard.metrics.rangeShown', summary.data.range)}
          </p>
          <dl className={styles.totals} data-testid="dashboard-totals">
            {(['attempted', 'sent', 'delivered', 'opens', 'clicks', 'unsubscribes', 'bounces'] as const).map((k) => (
              <div key={k} className={styles.total} data-metric={k}>
                <dt>{t(`dashboard.metrics.counts.${k}`)}</dt>
                <dd>{unmeasured.has(k) ? '--' : formatCount(totals[k])}</dd>
              </div>
            ))}
            {(
              [
                ['deliveryRate', ratio(totals.delivered, totals.attempted)],
                ['openRate', ratio(totals.opens, totals.delivered)],
                ['ctr', ratio(totals.clicks, totals.delivered)],
                ['unsubscribeRate', unmeasured.has('unsubscribes') ? null : ratio(totals.unsubscribes, totals.opens)],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className={styles.total} data-metric={k}>
                <dt>{t(`dashboard.metrics.rates.${k}`)}</dt>
                <dd>{formatRate(v)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      <div className={styles.charts}>
        {trend.data && (
          <ChartFigure
            testId="chart-trend"
            title={`${label('trendTitle')} · ${t(`dashboard.metrics.bucket.${trend.data.bucket}`, { zone: trend.data.range.timeZone })}`}
            summary={t('dashboard.metrics.trendSummary', {
              from: trend.data.points[0]?.label ?? '--',
              to: trend.data.points[trend.data.points.length - 1]?.label ?? '--',
              sent: formatCount(trend.data.points.reduce((n, p) => n + p.sent, 0)),
              opens: formatCount(trend.data.points.reduce((n, p) => n + p.opens, 0)),
              clicks: formatCount(trend.data.points.reduce((n, p) => n + p.clicks, 0)),
            })}
            type={chartType}
            labels={trend.data.points.map((p) => p.label)}
            series={(['sent', 'delivered', 'opens', 'clicks'] as const).map((k) => ({
              label: t(`dashboard.metrics.counts.${k}`),
              values: trend.data!.points.map((p) => p[k]),
              color: COLORS[k],
            }))}
            show={formatCount}
            rowHeader={t('dashboard.metrics.time', { zone: trend.data.range.timeZone })}
          />
        )}
        {totals && (
          <ChartFigure
            testId="chart-funnel"
            title={label('funnelTitle')}
            summary={t('dashboard.metrics.funnelSummary', {
              sent: formatCount(totals.attempted),
              delivered: formatCount(totals.delivered),
              opens: formatCount(totals.opens),
              clicks: formatCount(totals.clicks),
            })}
            type="bar"
            horizontal
            labels={(['attempted', 'delivered', 'opens', 'clicks'] as const).map((k) => t(`dashboard.metrics.counts.${k}`))}
            series={[{ label: label('value'), values: [totals.attempted, totals.delivered, totals.opens, totals.clicks], color: COLORS.sent }]}
            show={formatCount}
            rowHeader={label('funnelTitle')}
          />
        )}
        {summary.data && (summary.data.os.length > 0 ? <OsSplit os={summary.data.os} /> : <p className="muted small">{t('dashboardGroup.noOs')}</p>)}
      </div>

      {summary.data && (
        <div className={styles.block}>
          <h3 className={styles.subTitle}>{label('channelsTitle')}</h3>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable because on a narrow screen the table scrolls sideways */}
          <div className={styles.scroll} role="region" aria-label={label('channelsTitle')} tabIndex={0}>
            <table className="plain-table" data-testid="dashboard-channels">
              <caption className="sr-only">{label('channelsTitle')}</caption>
              <ColumnHeads
                labels={[
                  label('channel'),
                  t('dashboard.metrics.counts.attempted'),
                  t('dashboard.metrics.counts.delivered'),
                  t('dashboard.metrics.counts.opens'),
                  t('dashboard.metrics.rates.openRate'),
                  t('dashboard.metrics.counts.clicks'),
                  t('dashboard.metrics.rates.ctr'),
                ]}
              />
              <tbody>
                {summary.data.channels.map(({ channel, counts }) => (
                  <ChannelRow key={channel} name={channelName(channel)} channel={channel} counts={counts} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}

      {ranking.data && (
        <div className={styles.block}>
          <h3 className={styles.subTitle}>{label('rankingTitle')}</h3>
          <p className="muted small">{t('dashboard.metrics.rankingHint', { average: formatRate(ranking.data.averageOpenRate) })}</p>
          {ranking.data.plans.length === 0 ? (
            <p className="muted">{label('noMessages')}</p>
          ) : (
            // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable because on a narrow screen the table scrolls sideways
            <div className={styles.scroll} role="region" aria-label={label('rankingTitle')} tabIndex={0}>
              <table className="plain-table" data-testid="dashboard-ranking">
                <caption className="sr-only">{label('rankingTitle')}</caption>
                <ColumnHeads
                  labels={[
                    label('message'),
                    label('channel'),
                    t('dashboard.metrics.counts.attempted'),
                    t('dashboard.metrics.counts.opens'),
                    t('dashboard.metrics.rates.openRate'),
                    label('rank'),
                  ]}
                />
                <tbody>
                  {ranking.data.plans.map((p) => (
                    <tr key={p.planId}>
                      <th scope="row">
                        <Link to={`/campaigns/detail?id=${encodeURIComponent(p.planId)}`}>{p.name}</Link>
                      </th>
                      <td>{channelName(p.channel)}</td>
                      <td>{formatCount(p.counts.attempted)}</td>
                      <td>{OPEN_CHANNELS.has(p.channel) ? formatCount(p.counts.opens) : '--'}</td>
                      <td>{formatRate(p.openRate)}</td>
                      <td>{p.rank ? <Tag value={p.rank} severity={GRADE_SEVERITY[p.rank]} /> : '--'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}

      <div className={styles.block}>
        <h3 className={styles.subTitle}>{label('kpiTitle')}</h3>
        {kpis.data && kpis.data.targets.length === 0 && (
          <p className="muted">
            {label('kpiNone')} <Link to="/dashboard/setTarget">{label('kpiSet')}</Link>
          </p>
        )}
        <ul className={`plain-list ${styles.kpis}`} data-testid="dashboard-kpis">
          {kpis.data?.targets.map((k) => {
            const show = (v: number | null) => (v === null ? '--' : k.metric === 'SENT' ? formatCount(v) : formatRate(v / 100));
            return (
              <li key={k.id}>
                <div className={styles.kpiHead}>
                  <strong id={`kpi-${k.id}`}>{k.name}</strong>
                  <span className="muted small">
                    {t(`dashboard.metrics.kpiMetric.${k.metric}`)} · {t(`dashboard.metrics.period.${k.period}`)}
                  </span>
                </div>
                <ProgressBar value={k.progress === null ? 0 : Math.min(100, Math.floor(k.progress))} showValue={false} aria-labelledby={`kpi-${k.id}`} />
                <span className="small">{t('dashboard.metrics.kpiLine', { actual: show(k.actual), target: show(k.target), start: k.start, end: k.end, zone: orgZone })}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** A channel's row: its figures as the message detail defines them (shared/metrics), '--' where one does not apply. */
function ChannelRow({ name, channel, counts }: { name: string; channel: Channel; counts: DashboardCounts }) {
  const figures = messageFigures(channel, countsOfAttempts(counts));
  return (
    <tr>
      <th scope="row">{name}</th>
      {(['attempted', 'delivered', 'opens', 'openRate', 'clicks', 'ctr'] as const).map((f) => (
        <td key={f}>{showFigure(f, figures[f])}</td>
      ))}
    </tr>
  );
}

/** Push sends, opens and clicks per device OS. */
function OsSplit({ os }: { os: readonly { os: 'IOS' | 'ANDROID' | 'OTHER'; counts: DashboardCounts }[] }) {
  const { t } = useTranslation();
  const none = os.every((o) => o.counts.attempted === 0);
  return (
    <div>
      <ChartFigure
        testId="chart-os"
        title={t('dashboard.metrics.osTitle')}
        summary={t('dashboard.metrics.osSummary', { parts: os.map((o) => `${t(`dashboard.metrics.os.${o.os}`)} ${formatCount(o.counts.attempted)}`).join(', ') })}
        type="bar"
        labels={os.map((o) => t(`dashboard.metrics.os.${o.os}`))}
        series={(['attempted', 'opens', 'clicks'] as const).map((k) => ({
          label: t(`dashboard.metrics.counts.${k}`),
          values: os.map((o) => o.counts[k]),
          color: k === 'attempted' ? COLORS.sent : COLORS[k],
        }))}
        show={formatCount}
        rowHeader={t('dashboard.metrics.osTitle')}
      />
      {none && <p className="muted small">{t('dashboard.metrics.noPush')}</p>}
    </div>
  );
}
