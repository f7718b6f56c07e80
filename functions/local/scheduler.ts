// The local stand-in for EventBridge Scheduler, durable in the local DynamoDB. A due schedule fires by one
// transaction that moves (or removes) its next firing and puts the message on its queue, so it fires exactly once
// however many loops look at it, and a schedule made before a restart fires after it.
import type { ScheduleRecord } from '../../shared/entities';
import { AppError } from '../../shared/errors';
import { assertTimeZone, nextOccurrence, parseCron } from '../platform/cron';
import type { Logger } from '../platform/logger';
import type { Clock } from '../platform/runtime';
import type { SchedulerPort, ScheduleTarget } from '../platform/scheduler';
import type { Store } from '../store/store';
import type { LocalQueue } from './queue';

/** How long (real time) a loop trusts its last read of the schedules: another process may have written one since. */
const RESCAN_MS = 5000;

export class LocalScheduler implements SchedulerPort {
  /** the earliest firing the last read saw or this process wrote since (on the Herald's clock), and when that read was */
  private earliest = Number.NEGATIVE_INFINITY;
  private readAt = Number.NEGATIVE_INFINITY;
  /** the firings this scheduler made, by its loop or a caller's fireDue: a caller's own count misses the loop's */
  firings = 0;

  constructor(
    private readonly store: Store,
    private readonly queue: LocalQueue,
    private readonly clock: Clock,
  ) {}

  async at(name: string, time: number, target: ScheduleTarget): Promise<void> {
    await this.put({ name, kind: 'at', nextFireAt: time, queue: target.queue, payload: target.payload, firedCount: 0 });
  }

  async every(name: string, minutes: number, target: ScheduleTarget): Promise<void> {
    const everyMs = minutes * 60_000;
    await this.put({ name, kind: 'rate', everyMs, nextFireAt: this.clock.now() + everyMs, queue: target.queue, payload: target.payload, firedCount: 0 });
  }

  async cron(name: string, expression: string, timeZone: string, target: ScheduleTarget): Promise<void> {
    assertTimeZone(timeZone);
    const cron = parseCron(expression);
    const nextFireAt = nextOccurrence(cron, timeZone, this.clock.now());
    await this.put({ name, kind: 'cron', expression: cron.expression, timeZone, nextFireAt, queue: target.queue, payload: target.payload, firedCount: 0 });
  }

  async cancel(name: string): Promise<void> {
    await this.store.delete('schedule', { name });
  }

  private async put(record: ScheduleRecord): Promise<void> {
    await this.store.put('schedule', record);
    this.earliest = Math.min(this.earliest, record.nextFireAt ?? Number.POSITIVE_INFINITY);
  }

  /** The firing after this one: none for `at`; for the others the first one after now (missed ones fire once). */
  private following(s: ScheduleRecord, now: number): number | undefined {
    switch (s.kind) {
      case 'at':
        return undefined;
      case 'rate':
        return s.nextFireAt! + Math.max(1, Math.ceil((now - s.nextFireAt! + 1) / s.everyMs!)) * s.everyMs!;
      case 'cron':
        return nextOccurrence(parseCron(s.expression!), s.timeZone!, now);
    }
  }

  /**
   * What the loop calls every second: fires what is due, reading the schedules only when the earliest firing known
   * has come or the last read is over RESCAN_MS old. A clock moved by a test is seen at the next tick.
   */
  async fireIfDue(): Promise<number> {
    if (this.clock.now() < this.earliest && Date.now() - this.readAt < RESCAN_MS) return 0;
    return this.fireDue();
  }

  async fireDue(): Promise<number> {
    const now = this.clock.now();
    this.readAt = Date.now();
    const stored = await this.store.scanAll('schedule');
    const due = stored.filter((s) => s.nextFireAt !== undefined && s.nextFireAt <= now);
    // a firing that fails below (another loop moved it) leaves its past time here, so the next tick reads again
    this.earliest = stored.reduce((min, s) => (s.nextFireAt !== undefined && s.nextFireAt > now ? Math.min(min, s.nextFireAt) : min), Number.POSITIVE_INFINITY);
    let fired = 0;
    for (const s of due) {
      const seen = { ConditionExpression: '#n = :n', ExpressionAttributeNames: { '#n': 'nextFireAt' }, ExpressionAttributeValues: { ':n': s.nextFireAt } };
      const nextFireAt = this.following(s, now);
      const move =
        nextFireAt === undefined
          ? { Delete: { TableName: this.store.table('schedule'), Key: { name: s.name }, ...seen } }
          : { Put: { TableName: this.store.table('schedule'), Item: { ...s, nextFireAt, firedCount: s.firedCount + 1 }, ...seen } };
      try {
        await this.store.transact([move, this.queue.sendItem(s.queue, s.payload)]);
        this.queue.sent(s.queue);
        fired++;
        this.firings++;
        if (nextFireAt !== undefined) this.earliest = Math.min(this.earliest, nextFireAt);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        this.earliest = Math.min(this.earliest, s.nextFireAt!);
      }
    }
    return fired;
  }
}

export function startSchedulerLoop(scheduler: LocalScheduler, log: Logger, everyMs = 1000) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = scheduler.fireIfDue().catch((e: unknown) => log.error('scheduler loop failed', { error: e instanceof Error ? e.message : String(e) }));
  }, everyMs);
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
