import { Duration, type Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Queue, type QueueProps } from 'aws-cdk-lib/aws-sqs';
import { acknowledge } from './nag';

export const DELIVERY_WORKER_TIMEOUT_S = 120;
export const DELIVERY_VISIBILITY_S = 6 * DELIVERY_WORKER_TIMEOUT_S;

/** A data export of up to 100,000 accounts fits well inside it. */
export const JOB_WORKER_TIMEOUT_S = 300;

export type QueueEncryption = Pick<QueueProps, 'encryption' | 'encryptionMasterKey'>;

export interface WorkQueues {
  jobQueue: Queue;
  jobDeadLetters: Queue;
  deliveryQueue: Queue;
  deliveryDeadLetters: Queue;
}

function queueWithDeadLetters(stack: Stack, name: string, visibilityTimeoutS: number, encryption: QueueEncryption, waiting: string): { queue: Queue; deadLetters: Queue } {
  const deadLetters = new Queue(stack, `${name}DeadLetters`, {
    retentionPeriod: Duration.days(14),
    ...encryption,
    enforceSSL: true,
  });
  const queue = new Queue(stack, `${name}Queue`, {
    visibilityTimeout: Duration.seconds(visibilityTimeoutS),
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: 5 },
    ...encryption,
    enforceSSL: true,
  });
  acknowledge(deadLetters, 'A dead-letter queue is the end of the line: its messages wait for an operator, under an alarm', 'Serverless-SQSRedrivePolicy');
  new Alarm(stack, `${name}DeadLettersAlarm`, {
    alarmDescription: `Herald: ${waiting} failed five times and wait in the dead-letter queue`,
    metric: deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 0,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  return { queue, deadLetters };
}

/** Visibility six times the worker's timeout, as Lambda's SQS guidance asks. */
export function workQueues(stack: Stack, encryption: QueueEncryption): WorkQueues {
  const jobs = queueWithDeadLetters(stack, 'Job', JOB_WORKER_TIMEOUT_S * 6, encryption, 'jobs');
  const delivery = queueWithDeadLetters(stack, 'Delivery', DELIVERY_VISIBILITY_S, encryption, 'send pipeline messages');
  return { jobQueue: jobs.queue, jobDeadLetters: jobs.deadLetters, deliveryQueue: delivery.queue, deliveryDeadLetters: delivery.deadLetters };
}
