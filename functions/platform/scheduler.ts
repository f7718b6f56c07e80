/**
 * The scheduler port: one-time (`at`) and repeating (`every`) schedules that, when they fire, send a payload
 * to a queue, as EventBridge Scheduler's SQS target does. Times are instants (epoch ms); the time zone a person
 * chose is for showing them. Locally the schedules live in the local DynamoDB (functions/local/scheduler.ts).
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
  cancel(name: string): Promise<void>;
}
