/**
 * The scheduler port: one-time (`at`), repeating (`every`) and calendar (`cron`) schedules that, when they fire,
 * send a payload to a queue, as EventBridge Scheduler's SQS target does. Times are instants (epoch ms); a cron
 * schedule reads its expression in the IANA time zone it names, across daylight-saving changes (functions/platform/cron.ts).
 * Locally the schedules live in the local DynamoDB (functions/local/scheduler.ts).
 */
export interface ScheduleTarget {
  queue: string;
  payload: unknown;
}

export interface SchedulerPort {
  /** fires once at `time`; a schedule of the same name is replaced */
  at(name: string, time: number, target: ScheduleTarget): Promise<void>;
  /** fires every `minutes`, the first time `minutes` from now */
  every(name: string, minutes: number, target: ScheduleTarget): Promise<void>;
  /**
   * fires at each time EventBridge Scheduler's six cron fields name (`0/15 * * * ? *`, `30 9 ? * MON *`) on the
   * wall clock of `timeZone` (`Asia/Tokyo`); a schedule of the same name is replaced
   */
  cron(name: string, expression: string, timeZone: string, target: ScheduleTarget): Promise<void>;
  cancel(name: string): Promise<void>;
}
