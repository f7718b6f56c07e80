/** The queue port on AWS: SQS, one queue URL per queue name (from the stack's outputs). */
import type { QueuePort } from './queue';

/** The SDK is imported here, not at the top: see awsScheduler.ts. */
export async function sqsQueue(region: string, queueUrls: Record<string, string>): Promise<QueuePort> {
  const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  const sqs = new SQSClient({ region });
  return {
    async send(queue, body) {
      const QueueUrl = queueUrls[queue];
      if (!QueueUrl) throw new Error(`no queue named ${queue}`);
      const out = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(body) }));
      return out.MessageId ?? '';
    },
  };
}
