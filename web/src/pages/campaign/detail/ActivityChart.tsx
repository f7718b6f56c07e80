/**
 * Sends, opens and clicks over time (UTC hours, or days for long sendings) as grouped bars in plain SVG, with
 * the same numbers as a table for screen readers and for anyone who wants them exact.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../../shared/format';
import type { ChartPoint } from '../metrics';
import partStyles from '../planParts.module.css';
import styles from './ActivityChart.module.css';
import { ColumnHeads } from '../../../components/list/ColumnHeads';

const SERIES = [
  { key: 'sent', color: '#2563eb' },
  { key: 'opens', color: '#15803d' },
  { key: 'clicks', color: '#c2410c' },
] as const;

const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 44, left: 56 };

/** 0, then a round number at or above the top value, split in four. */
function ticksFor(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const top = Math.max(1, Math.ceil(step));
  return [0, 1, 2, 3, 4].map((i) => i * top);
}

export function ActivityChart({ points }: { points: readonly ChartPoint[] }) {
  const { t } = useTranslation();
  const id = useId();
  if (points.length === 0) return <p className="muted">{t('campaign.analytics.noActivity')}</p>;

  const width = Math.max(480, points.length * 42 + PAD.left + PAD.right);
  const max = Math.max(...points.flatMap((p) => SERIES.map((s) => p[s.key])));
  const ticks = ticksFor(max);
  const top = ticks[ticks.length - 1];
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = (width - PAD.left - PAD.right) / points.length;
  const bar = Math.min(12, (slot - 6) / SERIES.length);
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const labelEvery = Math.ceil(points.length / 12);
  const totals = Object.fromEntries(SERIES.map((s) => [s.key, points.reduce((n, p) => n + p[s.key], 0)])) as Record<(typeof SERIES)[number]['key'], number>;

  return (
    <figure className={styles.activityChart} data-testid="activity-chart">
      <ul className={styles.chartLegend}>
        {SERIES.map((s) => (
          <li key={s.key}>
            <span className={styles.legendSwatch} style={{ background: s.color }} aria-hidden="true" />
            {t(`campaign.analytics.${s.key}`)}
          </li>
        ))}
      </ul>
      <div className={styles.chartScroll}>
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
          <title id={`${id}-title`}>{t('campaign.analytics.chartTitle')}</title>
          <desc id={`${id}-desc`}>
            {t('campaign.analytics.chartSummary', {
              from: points[0].label,
              to: points[points.length - 1].label,
              sent: formatCount(totals.sent),
              opens: formatCount(totals.opens),
              clicks: formatCount(totals.clicks),
            })}
          </desc>
          {ticks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} className={styles.chartGrid} />
              <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" className={styles.chartAxis}>
                {formatCount(v)}
              </text>
            </g>
          ))}
          {points.map((p, i) => {
            const x0 = PAD.left + i * slot + (slot - bar * SERIES.length) / 2;
            return (
              <g key={p.label}>
                {SERIES.map((s, j) => (
                  <rect key={s.key} x={x0 + j * bar} y={y(p[s.key])} width={Math.max(1, bar - 1)} height={Math.max(0, PAD.top + plotH - y(p[s.key]))} fill={s.color} />
                ))}
                {i % labelEvery === 0 && (
                  <text x={PAD.left + i * slot + slot / 2} y={HEIGHT - PAD.bottom + 16} textAnchor="middle" className={styles.chartAxis}>
                    {p.label.length > 10 ? p.label.slice(11) : p.label.slice(5)}
                  </text>
                )}
              </g>
            );
          })}
          <text x={PAD.left} y={HEIGHT - 8} className={styles.chartAxis}>
            {t('campaign.analytics.axisUtc', { day: points[0].label.slice(0, 10) })}
          </text>
        </svg>
      </div>
      <details className={styles.chartData}>
        <summary>{t('campaign.analytics.showTable')}</summary>
        <table className={`plain-table ${partStyles.plainTable}`}>
          <caption className="sr-only">{t('campaign.analytics.chartTitle')}</caption>
          <ColumnHeads labels={[t('campaign.analytics.timeUtc'), ...SERIES.map((s) => t(`campaign.analytics.${s.key}`))]} />
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{p.label}</th>
                {SERIES.map((s) => (
                  <td key={s.key}>{formatCount(p[s.key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
