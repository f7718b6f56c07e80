/** The job queue on AWS: one SQS message per job, consumed by the job worker (functions/jobs/lambda.ts). */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { jobSchema, type JobQueue } from './jobs';

/** The SQS client loads with the first job: most requests post none. */
export function sqsJobQueue(region: string, queueUrl: string): JobQueue {
  let sqs: Promise<{ client: SQSClient; SendMessageCommand: typeof import('@aws-sdk/client-sqs').SendMessageCommand }> | undefined;
  return {
    async post(job) {
      sqs ??= import('@aws-sdk/client-sqs').then(({ SQSClient, SendMessageCommand }) => ({ client: new SQSClient({ region }), SendMessageCommand }));
      const { client, SendMessageCommand } = await sqs;
      await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(jobSchema.parse(job)) }));
    },
  };
}
