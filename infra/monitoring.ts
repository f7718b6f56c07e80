/** Alarms and one dashboard, made in the API stack so their logical ids are its own. */
import { Duration, type Stack } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Dashboard, GraphWidget, type IMetric, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../functions/platform/metricNames';
import type { AudienceFeed } from './audienceFeed';
import type { HeraldConfig } from './config';
import type { HeraldFunctions } from './functionAcknowledgements';
import { acknowledge } from './nag';
import type { WorkQueues } from './workQueues';

export function alarmTopic(stack: Stack, config: HeraldConfig): Topic {
  const topic = new Topic(stack, 'AlarmTopic', { displayName: 'Herald alarms', enforceSSL: true });
  if (config.alarmEmail) {
    const mail = topic.addSubscription(new EmailSubscription(config.alarmEmail));
    acknowledge(mail, 'An alarm mail SNS could not deliver leaves nothing to redrive: the alarm itself stays in ALARM on the dashboard', 'Serverless-SNSRedrivePolicy');
  }
  return topic;
}

export interface Monitored extends HeraldFunctions, WorkQueues {
  alarmTopic: Topic;
  smsInboundDeadLetters: Queue;
  audienceFeed?: AudienceFeed;
}

export function addMonitoring(stack: Stack, m: Monitored): Dashboard {
  const action = new SnsAction(m.alarmTopic);
  const alarm = (id: string, description: string, metric: IMetric, threshold: number, evaluationPeriods = 1) => {
    const a = new Alarm(stack, id, {
      alarmDescription: `Herald: ${description}`,
      metric,
      threshold,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    a.addAlarmAction(action);
    return a;
  };
  for (const child of stack.node.children) if (child instanceof Alarm) child.addAlarmAction(action);
  alarm(
    'SmsInboundDeadLettersAlarm',
    'two-way SMS events failed and wait in the dead-letter queue',
    m.smsInboundDeadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    0,
  );
  if (m.audienceFeed) {
    alarm(
      'AudienceFeedDeadLettersAlarm',
      'account changes the audience snapshot could not record wait in the dead-letter queue (counts are stale until a rebuild)',
      m.audienceFeed.deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      0,
    );
  }

  const period = Duration.minutes(5);
  const functions = { Router: m.routerFunction, Job: m.jobFunction, Delivery: m.deliveryFunction, SmsInbound: m.inbound };
  for (const [name, fn] of Object.entries(functions)) {
    const rate = new MathExpression({
      expression: 'IF(invocations > 0, 100 * errors / invocations, 0)',
      usingMetrics: { errors: fn.metricErrors({ period }), invocations: fn.metricInvocations({ period }) },
      label: `${name} errors (%)`,
      period,
    });
    alarm(`${name}ErrorRateAlarm`, `more than 5 % of ${name} invocations failed for 10 minutes`, rate, 5, 2);
  }
  const herald = (metricName: string, statistic = 'Sum') =>
    new Metric({ namespace: METRICS_NAMESPACE, metricName, dimensionsMap: { service: METRICS_SERVICE }, statistic, period });
  const failureRate = new MathExpression({
    expression: 'IF(sends + failures > 0, 100 * failures / (sends + failures), 0)',
    usingMetrics: { sends: herald(METRIC.sends), failures: herald(METRIC.sendFailures) },
    label: 'send failures (%)',
    period,
  });
  alarm('SendFailureRateAlarm', 'more than 5 % of sends failed for 15 minutes', failureRate, 5, 3);
  alarm('DeliveryQueueAgeAlarm', 'the oldest send pipeline message waited more than 15 minutes', m.deliveryQueue.metricApproximateAgeOfOldestMessage({ period }), 15 * 60, 2);
  // SES pauses an account's sending near 10 % bounces or 0.5 % complaints: warn well before
  const ses = (metricName: string) => new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
  alarm('BounceRateAlarm', "the account's SES bounce rate is above 5 %", ses('Reputation.BounceRate'), 0.05);
  alarm('ComplaintRateAlarm', "the account's SES complaint rate is above 0.1 %", ses('Reputation.ComplaintRate'), 0.001);

  const perChannel = (metricName: string) =>
    new MathExpression({
      expression: `SEARCH('{${METRICS_NAMESPACE},channel,service} MetricName="${metricName}"', 'Sum', 300)`,
      usingMetrics: {},
      label: metricName,
      period,
    });
  const dashboard = new Dashboard(stack, 'Dashboard', { dashboardName: `${stack.stackName}-herald` });
  dashboard.addWidgets(
    new GraphWidget({ title: 'Sends by channel', left: [perChannel(METRIC.sends)], width: 12 }),
    new GraphWidget({ title: 'Send failures by channel', left: [perChannel(METRIC.sendFailures)], right: [failureRate], width: 12 }),
  );
  dashboard.addWidgets(
    new GraphWidget({ title: 'Provider throttles', left: [herald(METRIC.throttles)], width: 8 }),
    new GraphWidget({
      title: 'Queue age (s)',
      left: [m.deliveryQueue.metricApproximateAgeOfOldestMessage({ period }), m.jobQueue.metricApproximateAgeOfOldestMessage({ period })],
      right: [herald(METRIC.queueAge, 'Maximum')],
      width: 8,
    }),
    new GraphWidget({
      title: 'Dead letters',
      left: [m.jobDeadLetters, m.deliveryDeadLetters, m.smsInboundDeadLetters].map((q) => q.metricApproximateNumberOfMessagesVisible({ period })),
      width: 8,
    }),
  );
  dashboard.addWidgets(
    ...Object.entries(functions).map(
      ([name, fn]) =>
        new GraphWidget({
          title: `${name} function`,
          left: [fn.metricInvocations({ period }), fn.metricErrors({ period }), fn.metricThrottles({ period })],
          right: [fn.metricDuration({ period, statistic: 'p95' })],
          width: 6,
        }),
    ),
  );
  dashboard.addWidgets(new GraphWidget({ title: 'SES reputation', left: [ses('Reputation.BounceRate'), ses('Reputation.ComplaintRate')], width: 12 }));
  return dashboard;
}
