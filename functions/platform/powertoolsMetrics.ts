/** A worker Lambda's metrics through Powertools for AWS Lambda's Metrics. */
import type { MetricPoint } from './logger';
import { METRICS_NAMESPACE, METRICS_SERVICE } from './metricNames';

type Warn = (msg: string, fields?: Record<string, unknown>) => void;

export async function powertoolsMetrics(write: (line: string) => void, warn: Warn): Promise<(points: readonly MetricPoint[]) => void> {
  const { Metrics, MetricUnit } = await import('@aws-lambda-powertools/metrics');
  const say = (...args: unknown[]) => {
    const msg = args.map(String).join(' ');
    // each narrower set repeats the wider one's keys on purpose (service; service+channel; +reason)
    if (!/defined as both a dimension set and dimension set/.test(msg)) warn('Powertools metrics', { detail: msg });
  };
  const metrics = new Metrics({
    namespace: METRICS_NAMESPACE,
    serviceName: METRICS_SERVICE,
    logger: { debug: () => undefined, info: () => undefined, warn: say, error: say },
  });
  return (points) => {
    const groups = new Map<string, MetricPoint[]>();
    for (const p of points) {
      const key = JSON.stringify(p.dimensions ?? {});
      groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    for (const group of groups.values()) {
      const own = Object.entries(group[0]!.dimensions ?? {});
      for (let i = 0; i <= own.length; i++) metrics.addDimensions(Object.fromEntries(own.slice(0, i)));
      const totals = new Map<string, { value: number; unit: MetricPoint['unit'] }>();
      for (const p of group) totals.set(p.name, { value: (totals.get(p.name)?.value ?? 0) + p.value, unit: p.unit });
      for (const [name, { value, unit }] of totals) metrics.addMetric(name, unit === 'Milliseconds' ? MetricUnit.Milliseconds : MetricUnit.Count, value);
      metrics.setTimestamp(Date.now());
      try {
        write(JSON.stringify(metrics.serializeMetrics()));
      } finally {
        metrics.clearMetrics();
        metrics.clearDimensions();
      }
    }
  };
}
