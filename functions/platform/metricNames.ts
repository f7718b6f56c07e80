// Herald's CloudWatch metrics, as functions/platform/logger.ts (locally) and powertoolsMetrics.ts (worker Lambdas)
// write them (embedded metric format) and the API stack's alarms and dashboard read them.
export const METRICS_NAMESPACE = 'Herald';
export const METRICS_SERVICE = 'herald';

export const METRIC = {
  sends: 'Sends',
  sendFailures: 'SendFailures',
  throttles: 'Throttles',
  queueAge: 'QueueAge',
} as const;
