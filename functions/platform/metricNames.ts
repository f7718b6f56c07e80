/**
 * Herald's CloudWatch metrics, as functions/platform/logger.ts (locally) and powertoolsMetrics.ts (worker Lambdas)
 * write them (embedded metric format) and the API
 * stack's alarms and dashboard read them: one namespace, the `service` dimension on every metric, and `channel`
 * (email, sms, push, line, letter) on the send metrics as a second dimension set.
 */
export const METRICS_NAMESPACE = 'Herald';
export const METRICS_SERVICE = 'herald';

export const METRIC = {
  /** messages a provider accepted */
  sends: 'Sends',
  /** messages a provider refused or that failed, with `reason` in the log line (not a dimension: unbounded) */
  sendFailures: 'SendFailures',
  /** a provider asked Herald to slow down */
  throttles: 'Throttles',
  /** how long a pipeline message waited in its queue before a worker took it, in milliseconds */
  queueAge: 'QueueAge',
} as const;
