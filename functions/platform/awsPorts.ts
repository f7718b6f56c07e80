/**
 * The delivery ports of a Lambda, from the stack's environment. The SQS and Scheduler clients load on first
 * use: most requests never send or schedule, and a cold start should not pay for them.
 */
import type { QueuePort } from './queue';
import type { DeliveryPorts } from './runtime';
import type { SchedulerPort } from './scheduler';

function json(name: string): Record<string, string> {
  try {
    return JSON.parse(process.env[name] ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

const once = <T>(load: () => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
};

export function awsDeliveryPorts(region: string): DeliveryPorts {
  const queue = once<QueuePort>(async () => (await import('./sqsQueue')).sqsQueue(region, json('HERALD_QUEUE_URLS')));
  const scheduler = once<SchedulerPort>(async () =>
    (await import('./awsScheduler')).awsScheduler({
      region,
      groupName: process.env.HERALD_SCHEDULE_GROUP ?? '',
      roleArn: process.env.HERALD_SCHEDULER_ROLE_ARN ?? '',
      queueArns: json('HERALD_QUEUE_ARNS'),
    }),
  );
  return {
    queue: { send: async (q, body) => (await queue()).send(q, body) },
    scheduler: {
      at: async (name, time, target) => (await scheduler()).at(name, time, target),
      every: async (name, minutes, target) => (await scheduler()).every(name, minutes, target),
      cancel: async (name) => (await scheduler()).cancel(name),
    },
  };
}
