/**
 * One chart of the dashboard through PrimeReact's Chart (Chart.js), with its numbers as a table too: screen
 * readers get the summary and the table, and anyone can open the table to read the exact values.
 */
import type { ChartData, ChartOptions, ChartType } from 'chart.js';
import { Chart } from 'primereact/chart';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './ChartFigure.module.css';

export interface Series {
  label: string;
  values: readonly number[];
  color: string;
}

export function ChartFigure({
  title,
  summary,
  type,
  labels,
  series,
  show,
  horizontal = false,
  rowHeader,
  testId,
}: {
  title: string;
  summary: string;
  type: Extract<ChartType, 'line' | 'bar' | 'doughnut'>;
  labels: readonly string[];
  series: readonly Series[];
  /** a value as the table shows it (counts with K and M) */
  show: (n: number) => string;
  horizontal?: boolean;
  rowHeader: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const doughnut = type === 'doughnut';
  const data: ChartData = {
    labels: [...labels],
    datasets: series.map((s) => ({
      label: s.label,
      data: [...s.values],
      backgroundColor: doughnut ? ['#2563eb', '#15803d', '#c2410c', '#7c3aed'] : s.color,
      borderColor: doughnut ? '#ffffff' : s.color,
      fill: false,
      tension: 0.2,
    })),
  };
  const options: ChartOptions = {
    // drawn at once: a screenshot or a print shows the final chart
    animation: false,
    maintainAspectRatio: false,
    responsive: true,
    ...(horizontal ? { indexAxis: 'y' as const } : {}),
    plugins: { legend: { position: 'bottom' }, tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${show(Number(c.raw))}` } } },
    ...(doughnut ? {} : { scales: { [horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { callback: (v: string | number) => show(Number(v)) } } } }),
  };
  return (
    <figure className={styles.figure} data-testid={testId} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {title}
      </h3>
      <p className="muted small">{summary}</p>
      <div className={doughnut ? styles.canvasRound : styles.canvas}>
        <Chart type={type} data={data} options={options} ariaLabel={summary} style={{ height: '100%' }} />
      </div>
      <details className={styles.data}>
        <summary>{t('dashboard.metrics.showTable')}</summary>
        <table className="plain-table">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{show(s.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
