/** The scheduler on AWS: EventBridge Scheduler schedules in Herald's group, targeting Herald's SQS queues. */
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { assertTimeZone, parseCron } from './cron';
import type { SchedulerPort, ScheduleTarget } from './scheduler';

export interface AwsSchedulerConfig {
  region: string;
  groupName: string;
  roleArn: string;
  queueArns: Record<string, string>;
}

/** `at()` takes a local date-time without zone; with the UTC zone it names the instant exactly. */
export function atExpression(time: number): string {
  return `at(${new Date(Math.ceil(time / 1000) * 1000).toISOString().slice(0, 19)})`;
}

/** `cron(...)` for six fields read as the local scheduler reads them: what it refuses never reaches the service. */
export function cronExpression(expression: string, timeZone: string): string {
  assertTimeZone(timeZone);
  return `cron(${parseCron(expression).expression})`;
}

export function awsScheduler(config: AwsSchedulerConfig): SchedulerPort {
  const client = new SchedulerClient({ region: config.region });
  const input = (name: string, expression: string, target: ScheduleTarget, once: boolean, timeZone = 'UTC'): CreateScheduleCommandInput => {
    const arn = config.queueArns[target.queue];
    if (!arn) throw new Error(`no queue named ${target.queue}`);
    return {
      Name: name,
      GroupName: config.groupName,
      ScheduleExpression: expression,
      ScheduleExpressionTimezone: timeZone,
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: arn, RoleArn: config.roleArn, Input: JSON.stringify(target.payload) },
      ...(once ? { ActionAfterCompletion: 'DELETE' as const } : {}),
    };
  };
  async function upsert(request: CreateScheduleCommandInput) {
    try {
      await client.send(new CreateScheduleCommand(request));
    } catch (e) {
      if (!(e instanceof ConflictException)) throw e;
      await client.send(new UpdateScheduleCommand(request));
    }
  }
  return {
    at: (name, time, target) => upsert(input(name, atExpression(time), target, true)),
    every: (name, minutes, target) => upsert(input(name, `rate(${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`, target, false)),
    cron: async (name, expression, timeZone, target) => upsert(input(name, cronExpression(expression, timeZone), target, false, timeZone)),
    async cancel(name) {
      try {
        await client.send(new DeleteScheduleCommand({ Name: name, GroupName: config.groupName }));
      } catch (e) {
        if (!(e instanceof ResourceNotFoundException)) throw e;
      }
    },
  };
}
