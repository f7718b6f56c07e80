/**
 * The scheduler port: one-time (`at`), repeating (`every`) and calendar (`cron`) schedules that, when they fire, send
 * a payload to a queue, as EventBridge Scheduler's SQS target does.
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
  cron(name: string, expression: string, timeZone: string, target: ScheduleTarget): Promise<void>;
  cancel(name: string): Promise<void>;
}
