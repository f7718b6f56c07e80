// One structured JSON logger: the one door every Herald log line and metric goes out through.
// Never log secrets, tokens, passwords or message bodies; as a second line of defence secret-named fields are
// redacted and, at info and above, addresses and phone numbers masked.
import { METRICS_NAMESPACE, METRICS_SERVICE } from './metricNames';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  metric?(points: readonly MetricPoint[]): void;
}

/** Field names whose values are never written. */
const SECRET_FIELD = /pass(word)?|secret|token|authorization|cookie|api_?key|appsecret|signature|credential|material|private_?key|^otp$|^code$/i;
const ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const PHONE = /\+\d{7,15}\b/g;

/** The value with secret-named fields redacted and, when `mask`, addresses and phone numbers masked. */
export function redact(value: unknown, mask: boolean, depth = 0): unknown {
  if (typeof value === 'string') return mask ? value.replace(ADDRESS, '[address]').replace(PHONE, '[phone]') : value;
  if (value === null || typeof value !== 'object' || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, mask, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) && v !== undefined && typeof v !== 'number' ? '[redacted]' : redact(v, mask, depth + 1);
  return out;
}

let context: Record<string, string> = {};

export function setLogContext(ids: Record<string, string | undefined>): void {
  context = Object.fromEntries(Object.entries(ids).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

export function lambdaLogContext(awsRequestId: string | undefined): Record<string, string | undefined> {
  return { requestId: awsRequestId, traceId: process.env._X_AMZN_TRACE_ID?.split(';')[0]?.replace(/^Root=/, '') };
}

export function logLevelFromEnv(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const level = env.HERALD_LOG_LEVEL;
  return level !== undefined && Object.hasOwn(ORDER, level) ? (level as LogLevel) : 'info';
}

/** `metricSink` writes the metrics instead of `metricLine` (Powertools Metrics on Lambda); either way in EMF. */
export function createLogger(
  level: LogLevel = 'info',
  sink: (line: string) => void = (l) => process.stdout.write(l + '\n'),
  metricSink?: (points: readonly MetricPoint[]) => void,
): Logger {
  const min = ORDER[level];
  const write = (lvl: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    const mask = ORDER[lvl] >= ORDER.info;
    const record = redact({ time: new Date().toISOString(), level: lvl, msg, ...context, ...fields }, mask) as Record<string, unknown>;
    sink(JSON.stringify(record));
  };
  const metric = (points: readonly MetricPoint[]) => {
    if (level === 'silent' || points.length === 0) return;
    if (metricSink) metricSink(points);
    else for (const line of metricLine(points).split('\n')) sink(line);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error'), metric };
}

/** One metric value; `dimensions` are low-cardinality labels (channel, reason), never an id or an address. */
export interface MetricPoint {
  name: string;
  value: number;
  unit?: 'Count' | 'Milliseconds';
  dimensions?: Record<string, string>;
}

export function metricLine(points: readonly MetricPoint[], now = Date.now()): string {
  const groups = new Map<string, MetricPoint[]>();
  for (const p of points) {
    const key = JSON.stringify(p.dimensions ?? {});
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  // one line holds one set of dimension values: a group per distinct set, joined by newlines
  return [...groups.values()]
    .map((group) => {
      const own = Object.keys(group[0]!.dimensions ?? {});
      const values: Record<string, number> = {};
      for (const p of group) values[p.name] = (values[p.name] ?? 0) + p.value;
      return JSON.stringify({
        _aws: {
          Timestamp: now,
          CloudWatchMetrics: [
            {
              Namespace: METRICS_NAMESPACE,
              Dimensions: [['service'], ...own.map((_, i) => ['service', ...own.slice(0, i + 1)])],
              Metrics: Object.keys(values).map((name) => ({ Name: name, Unit: group.find((p) => p.name === name)!.unit ?? 'Count' })),
            },
          ],
        },
        service: METRICS_SERVICE,
        ...group[0]!.dimensions,
        ...values,
      });
    })
    .join('\n');
}

export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { errorName: err.name, errorMessage: err.message, stack: err.stack };
  return { errorValue: String(err) };
}
