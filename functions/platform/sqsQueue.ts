/** The queue port on AWS: SQS, one queue URL per queue name (from the stack's outputs). */
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { QueuePort } from './queue';

export function sqsQueue(region: string, queueUrls: Record<string, string>): QueuePort {
  const sqs = new SQSClient({ region });
  return {
    async send(queue, body, opts) {
      const QueueUrl = queueUrls[queue];
      if (!QueueUrl) throw new Error(`no queue named ${queue}`);
      // on a standard queue a message group id makes SQS deliver fairly between groups (fair queues)
      const group = opts?.group ? { MessageGroupId: opts.group } : {};
      const out = await sqs.send(new SendMessageCommand({ QueueUrl, MessageBody: JSON.stringify(body), ...group }));
      return out.MessageId ?? '';
    },
  };
}
