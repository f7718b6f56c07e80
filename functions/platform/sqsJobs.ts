/** The job queue on AWS: one SQS message per job, consumed by the job worker (functions/jobs/lambda.ts). */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { jobSchema, type JobQueue } from './jobs';

export function sqsJobQueue(region: string, queueUrl: string): JobQueue {
  const sqs = new SQSClient({ region });
  return {
    async post(job) {
      await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(jobSchema.parse(job)) }));
    },
  };
}
