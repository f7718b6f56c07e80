/** Loops of the spec's option list (once, every 5 minutes, hourly, daily, weekly, monthly) on the scheduler port. */
import type { ExportLoop } from '../../shared/entities';
import { nextOccurrence, parseCron } from './cron';
import { type Job, JOB_QUEUE } from './jobs';
import type { Runtime } from './runtime';

const MINUTES: Partial<Record<ExportLoop, number>> = { EVERY_5_MINUTES: 5, HOURLY: 60, DAILY: 1440, WEEKLY: 10_080 };
const MONTHLY = '0 0 1 * ? *';

/** When a loop fires next after `now`; undefined for one that runs once. */
export function loopNext(loopType: ExportLoop, now: number): number | undefined {
  if (loopType === 'ONCE') return undefined;
  return loopType === 'MONTHLY' ? nextOccurrence(parseCron(MONTHLY), 'UTC', now) : now + MINUTES[loopType]! * 60_000;
}

/** Puts the schedule `name` in place for the loop, or takes it away when `active` is false or it runs once. */
export async function applyLoopSchedule(rt: Runtime, name: string, loopType: ExportLoop, active: boolean, job: Job): Promise<void> {
  const target = { queue: JOB_QUEUE, payload: job };
  if (!active || loopType === 'ONCE') return rt.ports.scheduler.cancel(name);
  if (loopType === 'MONTHLY') return rt.ports.scheduler.cron(name, MONTHLY, 'UTC', target);
  return rt.ports.scheduler.every(name, MINUTES[loopType]!, target);
}
