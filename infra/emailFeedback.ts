/** SES events of Herald's mail via EventBridge's default bus (the only one SES publishes to) to the job queue. */
import type { Stack } from 'aws-cdk-lib';
import { EventBus, EventField, Rule, RuleTargetInput } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import { ConfigurationSet, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import type { Queue } from 'aws-cdk-lib/aws-sqs';

export function emailFeedback(stack: Stack, queues: { jobQueue: Queue; jobDeadLetters: Queue }): ConfigurationSet {
  const configurationSet = new ConfigurationSet(stack, 'ConfigurationSet', {});
  configurationSet.addEventDestination('Feedback', {
    destination: EventDestination.eventBus(EventBus.fromEventBusName(stack, 'DefaultBus', 'default')),
    events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
  });
  new Rule(stack, 'EmailFeedbackRule', {
    description: 'Herald: SES bounces and complaints of campaign mail, to the job queue',
    eventPattern: {
      source: ['aws.ses'],
      detailType: ['Email Bounced', 'Email Complaint Received'],
      detail: { mail: { tags: { 'ses:configuration-set': [configurationSet.configurationSetName] } } },
    },
    targets: [
      new SqsQueue(queues.jobQueue, {
        message: RuleTargetInput.fromObject({ kind: 'emailFeedback', detail: EventField.fromPath('$.detail') }),
        deadLetterQueue: queues.jobDeadLetters,
      }),
    ],
  });
  return configurationSet;
}
