/**
 * The local stand-ins for SQS and EventBridge Scheduler, on DynamoDB Local with the controllable clock: a
 * message comes back after its visibility timeout when its worker dies and is acknowledged exactly once; an
 * `at()` schedule fires once at its time, after a restart too.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { startQueueLoop } from '../../functions/local/queue';
import { atExpression } from '../../functions/platform/awsScheduler';
import { manualClock, startHerald } from '../support/herald';

const clock = manualClock(Date.UTC(2026, 10, 22, 3, 0, 0));
let herald: LocalHerald;

beforeAll(async () => {
  herald = await startHerald({ clock });
});
afterAll(() => herald?.stop());

describe('local queue', () => {
  it('redelivers a message whose worker died after its visibility timeout, and acknowledges it exactly once', async () => {
    const q = herald.queue;
    const name = `q-${randomUUID()}`;
    const id = await q.send(name, { n: 1 });
    const [first] = await q.receive(name, 10, 30);
    expect(first).toMatchObject({ id, body: { n: 1 }, receiveCount: 1 });
    // Hidden while the (now dead) worker holds it.
    expect(await q.receive(name, 10, 30)).toEqual([]);
    clock.advance(29_000);
    expect(await q.receive(name, 10, 30)).toEqual([]);
    clock.advance(2_000);
    const [again] = await q.receive(name, 10, 30);
    expect(again).toMatchObject({ id, receiveCount: 2 });
    expect(again.receipt).not.toBe(first.receipt);
    // The dead worker's receipt no longer acknowledges; the current one does, once.
    expect(await q.ack(name, id, first.receipt)).toBe(false);
    expect(await q.ack(name, id, again.receipt)).toBe(true);
    expect(await q.ack(name, id, again.receipt)).toBe(false);
    expect(await q.depth(name)).toBe(0);
    clock.advance(60_000);
    expect(await q.receive(name, 10, 30)).toEqual([]);
  });

  it('moves a message that keeps failing to the dead-letter queue after five receives', async () => {
    const q = herald.queue;
    const name = `q-${randomUUID()}`;
    await q.send(name, 'poison');
    for (let i = 0; i < 5; i++) {
      expect(await q.receive(name, 1, 10)).toHaveLength(1);
      clock.advance(11_000);
    }
    expect(await q.receive(name, 1, 10)).toEqual([]);
    expect(await q.depth(name)).toBe(0);
    expect((await q.receive(`${name}-dlq`, 1, 10)).map((m) => m.body)).toEqual(['poison']);
  });

  it('the worker loop hands messages over as SQS records and retries only the reported failures', async () => {
    const q = herald.queue;
    const name = `q-${randomUUID()}`;
    const seen: string[] = [];
    let failOnce = true;
    const loop = startQueueLoop({
      queue: q,
      name,
      log: herald.rt.log,
      pollMs: 20,
      visibilitySeconds: 5,
      worker: async (event) => {
        const failures = [];
        for (const r of event.Records) {
          const body = JSON.parse(r.body) as string;
          seen.push(`${body}#${r.attributes.ApproximateReceiveCount}`);
          if (body === 'b' && failOnce) {
            failOnce = false;
            failures.push({ itemIdentifier: r.messageId });
          }
        }
        return { batchItemFailures: failures };
      },
    });
    await q.send(name, 'a');
    await q.send(name, 'b');
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(2);
    expect(await q.depth(name)).toBe(1);
    clock.advance(6_000);
    await loop.idle();
    await loop.stop();
    expect(seen.sort()).toEqual(['a#1', 'b#1', 'b#2']);
  });
});

describe('local scheduler', () => {
  it('fires an at() schedule once at its time', async () => {
    const queue = `s-${randomUUID()}`;
    const at = clock.now() + 10 * 60_000;
    await herald.scheduler.at(`plan-${queue}`, at, { queue, payload: { planId: 'p1' } });
    clock.advance(10 * 60_000 - 1);
    await herald.scheduler.fireDue();
    expect(await herald.queue.depth(queue)).toBe(0);
    clock.advance(1);
    // Two loops looking at once still fire it once.
    await Promise.all([herald.scheduler.fireDue(), herald.scheduler.fireDue()]);
    await herald.scheduler.fireDue();
    expect((await herald.queue.receive(queue, 10, 30)).map((m) => m.body)).toEqual([{ planId: 'p1' }]);
  });

  it('fires a schedule made before a restart at its time after the restart', async () => {
    const tablePrefix = `tports${Date.now().toString(36)}-`;
    const restartClock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));
    // The same data folder (keys) and tables: a restart of one local server.
    const dataDir = mkdtempSync(join(tmpdir(), 'herald-restart-'));
    const before = await startHerald({ dataDir, clock: restartClock, config: { tablePrefix } });
    const queue = 'plans';
    await before.scheduler.at('plan-restart', restartClock.now() + 3_600_000, { queue, payload: 'fire' });
    await before.stop();
    restartClock.advance(3_600_000);
    const after = await startHerald({ dataDir, clock: restartClock, config: { tablePrefix } });
    // The restarted server's own loop fires it.
    await expect.poll(() => after.queue.depth(queue), { timeout: 10_000 }).toBe(1);
    expect((await after.queue.receive(queue, 10, 30)).map((m) => m.body)).toEqual(['fire']);
    await after.scheduler.fireDue();
    expect(await after.queue.depth(queue)).toBe(1);
    await after.stop();
  });

  it('a repeating schedule fires once per period', async () => {
    const queue = `r-${randomUUID()}`;
    await herald.scheduler.every(`loop-${queue}`, 5, { queue, payload: 'tick' });
    clock.advance(5 * 60_000);
    await herald.scheduler.fireDue();
    await herald.scheduler.fireDue();
    clock.advance(5 * 60_000);
    await herald.scheduler.fireDue();
    expect(await herald.queue.depth(queue)).toBe(2);
    await herald.scheduler.cancel(`loop-${queue}`);
    clock.advance(5 * 60_000);
    await herald.scheduler.fireDue();
    expect(await herald.queue.depth(queue)).toBe(2);
  });

  it('names the instant exactly for EventBridge Scheduler (UTC)', () => {
    expect(atExpression(Date.UTC(2026, 10, 22, 3, 4, 5, 300))).toBe('at(2026-11-22T03:04:06)');
  });
});
