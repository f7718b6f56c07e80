// The delivery ports of a Lambda, from the stack's environment. The SQS, Scheduler and S3 clients load on first use:
// most requests never send, schedule or touch a file, and a cold start should not pay for them.
import type { QueuePort } from './queue';
import type { DeliveryPorts } from './runtime';
import type { S3StorageConfig } from './s3Storage';
import type { SchedulerPort } from './scheduler';
import type { StoragePort } from './storage';

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

export function lazyS3Storage(config: S3StorageConfig): StoragePort {
  const storage = once<StoragePort>(async () => (await import('./s3Storage')).s3Storage(config));
  return {
    put: async (key, body, contentType) => (await storage()).put(key, body, contentType),
    get: async (key) => (await storage()).get(key),
    delete: async (key) => (await storage()).delete(key),
    list: async (prefix, max) => (await storage()).list(prefix, max),
    copy: async (from, to) => (await storage()).copy(from, to),
    signedGetUrl: async (key, seconds, fileName) => (await storage()).signedGetUrl(key, seconds, fileName),
    signedPutUrl: async (key, seconds, terms) => (await storage()).signedPutUrl(key, seconds, terms),
  };
}

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
    queue: { send: async (q, body, opts) => (await queue()).send(q, body, opts) },
    scheduler: {
      at: async (name, time, target) => (await scheduler()).at(name, time, target),
      every: async (name, minutes, target) => (await scheduler()).every(name, minutes, target),
      cron: async (name, expression, timeZone, target) => (await scheduler()).cron(name, expression, timeZone, target),
      cancel: async (name) => (await scheduler()).cancel(name),
    },
    storage: lazyS3Storage({ region, bucket: process.env.HERALD_STORAGE_BUCKET ?? '' }),
  };
}
