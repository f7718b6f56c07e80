/** SMS through End User Messaging SMS: sending only on the origination identity and configuration set, and two-way STOP handling. */
import { Aws, CfnOutput, Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { type ManagedPolicy, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { bundledFunction } from './bundling';
import type { HeraldConfig } from './config';
import { functionRole } from './functionAccess';
import { acknowledge } from './nag';
import type { QueueEncryption } from './workQueues';

export interface SmsProps {
  config: HeraldConfig;
  environment: Record<string, string>;
  tableAccess: PolicyStatement;
  retention: RetentionDays;
  routerFunction: NodejsFunction;
  deliveryFunction: NodejsFunction;
  keySecret: ISecret;
  queueEncryption: QueueEncryption;
  tracingPolicy: ManagedPolicy;
}

export function addSms(stack: Stack, props: SmsProps): { inbound: NodejsFunction; deadLetters: Queue } {
  const { config } = props;
  const smsEnvironment = {
    HERALD_SMS_ORIGINATION_IDENTITY: config.smsOriginationIdentity,
    HERALD_SMS_CONFIGURATION_SET: config.smsConfigurationSet,
    HERALD_SMS_MAX_PRICE: config.smsMaxPrice,
    HERALD_SMS_TTL_SECONDS: config.smsTtlSeconds,
  };
  const smsVoice = (type: string, id = '*') => `arn:${Aws.PARTITION}:sms-voice:${Aws.REGION}:${Aws.ACCOUNT_ID}:${type}/${id}`;
  const identity = config.smsOriginationIdentity;
  const origination = identity.startsWith('arn:') ? [identity] : [smsVoice('phone-number'), smsVoice('pool'), smsVoice('sender-id')];
  const configurationSet = !config.smsConfigurationSet
    ? []
    : [config.smsConfigurationSet.startsWith('arn:') ? config.smsConfigurationSet : smsVoice('configuration-set', config.smsConfigurationSet)];
  const sendSms = new PolicyStatement({
    actions: ['sms-voice:SendTextMessage'],
    resources: [...origination, ...configurationSet, smsVoice('opt-out-list')],
  });
  for (const fn of [props.deliveryFunction, props.routerFunction]) {
    for (const [name, value] of Object.entries(smsEnvironment)) if (value) fn.addEnvironment(name, value);
    fn.addToRolePolicy(sendSms);
  }

  const inboundTopic = new Topic(stack, 'SmsInboundTopic', { displayName: 'Herald two-way SMS', enforceSSL: true });
  const deadLetters = new Queue(stack, 'SmsInboundDeadLetters', { retentionPeriod: Duration.days(14), ...props.queueEncryption, enforceSSL: true });
  acknowledge(deadLetters, 'A dead-letter queue is the end of the line: its messages wait for an operator, under an alarm', 'Serverless-SQSRedrivePolicy');
  const inboundLogs = new LogGroup(stack, 'SmsInboundLogs', { retention: props.retention, removalPolicy: RemovalPolicy.DESTROY });
  inboundTopic.grantPublish(new ServicePrincipal('sms-voice.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } } }));
  const inbound = new NodejsFunction(stack, 'SmsInboundFunction', {
    description: 'Herald two-way SMS (opt-out replies)',
    ...bundledFunction('functions/channels/sms/lambda.ts'),
    role: functionRole(stack, 'SmsInboundFunction', inboundLogs, props.tracingPolicy),
    memorySize: 256,
    timeout: Duration.seconds(30),
    logGroup: inboundLogs,
    environment: props.environment,
    deadLetterQueue: deadLetters,
  });
  inbound.addToRolePolicy(props.tableAccess);
  props.keySecret.grantRead(inbound);
  inboundTopic.addSubscription(new LambdaSubscription(inbound, { deadLetterQueue: deadLetters }));
  new CfnOutput(stack, 'SmsInboundTopicArn', { value: inboundTopic.topicArn });
  return { inbound, deadLetters };
}
