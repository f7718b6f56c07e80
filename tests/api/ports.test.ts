/**
 * The local stand-ins for SQS and EventBridge Scheduler, on DynamoDB Local with the controllable clock: a
 * message comes back after its visibility timeout when its worker dies and is acknowledged exactly once; an
 * `at()` schedule fires once at its time, after a restart too; a cron schedule fires once per occurrence in its
 * time zone, across daylight-saving changes and a restart. The storage port against s3rver, with signed links.
 * Work a handler queues with `ctx.afterCommit` runs only once its operation succeeded.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import type { Context } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Handler } from '../../functions/contract/context';
import { type ApiEvent, createApiHandler } from '../../functions/api/router';
import type { LocalHerald } from '../../functions/local/boot';
import { LocalQueue } from '../../functions/local/queue';
import { startQueueLoop } from '../../functions/local/queueLoop';
import { LocalScheduler } from '../../functions/local/scheduler';
import { atExpression, awsScheduler } from '../../functions/platform/awsScheduler';
import { Store } from '../../functions/store/store';
import { AppError } from '../../shared/errors';
import { encodeRequest, type ResponseEnvelope } from '../../shared/envelope';
import { PATHS } from '../../shared/paths';
import { LAMBDA_BUNDLING } from '../../infra/lambdaBundling';
import { ApiClient, goodHeaders, manualClock, startHerald } from '../support/herald';

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

  it('at a server start, hands out at once what the last run of the server had in hand, in every lane; what was acknowledged stays gone', async () => {
    const q = herald.queue;
    const name = `q-${randomUUID()}`;
    const [held, done] = [await q.send(name, { n: 1 }), await q.send(name, { n: 2 }, { group: '7' })];
    const taken = await q.receive(name, 10, 300);
    expect(taken.map((m) => m.id).sort()).toEqual([held, `7/${done.split('/').pop()}`].sort());
    const acknowledged = taken.find((m) => (m.body as { n: number }).n === 2)!;
    expect(await q.ack(name, acknowledged.id, acknowledged.receipt)).toBe(true);
    expect(await q.receive(name, 10, 300)).toEqual([]);
    // the server was killed holding the first; a new one starts
    expect(await q.redeliverInFlight(name)).toBe(1);
    const [again] = await q.receive(name, 10, 300);
    expect(again).toMatchObject({ id: held, body: { n: 1 }, receiveCount: 2 });
    expect(await q.redeliverInFlight(`q-${randomUUID()}`)).toBe(0);
  });

  it('is fair between groups: a backlog of one group does not hold up another group sent later', async () => {
    const q = herald.queue;
    const name = `q-${randomUUID()}`;
    for (let i = 0; i < 60; i++) {
      await q.send(name, { org: 'big', i }, { group: '7' });
      clock.advance(1); // ids order by send time, to the millisecond
    }
    const small = [await q.send(name, { org: 'small', i: 0 }, { group: '8' }), await q.send(name, { org: 'small', i: 1 }, { group: '8' })];
    // the first receive after the small group's messages arrive takes them, though 60 older ones wait
    const first = await q.receive(name, 10, 30);
    expect(first).toHaveLength(10);
    expect(
      first
        .filter((m) => (m.body as { org: string }).org === 'small')
        .map((m) => m.id)
        .sort(),
    ).toEqual([...small].sort());
    // each lane in order, oldest first within it
    expect(first.filter((m) => (m.body as { org: string }).org === 'big').map((m) => (m.body as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(await q.depth(name)).toBe(62);
    for (const m of first) expect(await q.ack(name, m.id, m.receipt)).toBe(true);
    expect(await q.depth(name)).toBe(52);
    // an emptied lane is unlisted, and a later message lists it again
    const rest = await q.receive(name, 100, 30);
    expect(rest).toHaveLength(52);
    for (const m of rest) await q.ack(name, m.id, m.receipt);
    expect(await q.receive(name, 10, 30)).toEqual([]);
    const again = await q.send(name, { org: 'small', i: 2 }, { group: '8' });
    expect((await q.receive(name, 10, 30)).map((m) => m.id)).toEqual([again]);
  });

  it('takes first from the lanes its consumer holds fewest of, and no lane past the consumer’s cap', async () => {
    const q = herald.queue;
    const name = `q-${randomUUID()}`;
    for (let i = 0; i < 10; i++) {
      await q.send(name, { lane: 'mail', i }, { group: '7#EMAIL' });
      clock.advance(1);
    }
    const sms = await q.send(name, { lane: 'sms' }, { group: '7#SMS' });
    // the consumer holds four of the mail lane: whichever lane's turn it is, the SMS comes first
    for (let turn = 0; turn < 3; turn++) {
      const [first] = await q.receive(name, 1, 30, { held: new Map([['7#EMAIL', 4]]), perGroup: 5 });
      expect(first!.id).toBe(sms);
      clock.advance(31_000); // visible again for the next turn
    }
    // five at most in hand of one group: one more of the mail lane, though five were asked for and ten wait
    const more = await q.receive(name, 5, 30, {
      held: new Map([
        ['7#EMAIL', 4],
        ['7#SMS', 5],
      ]),
      perGroup: 5,
    });
    expect(more.map((m) => m.body)).toEqual([{ lane: 'mail', i: 0 }]);
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

  it('an idle loop polls less and less often, and a send on the same tables from another queue object wakes it at once', async () => {
    let receives = 0;
    class CountedQueue extends LocalQueue {
      override receive(...args: Parameters<LocalQueue['receive']>) {
        receives++;
        return super.receive(...args);
      }
    }
    const name = `q-${randomUUID()}`;
    let receivedAt: number | undefined;
    const loop = startQueueLoop({
      queue: new CountedQueue(new Store(herald.rt), clock),
      name,
      log: herald.rt.log,
      pollMs: 20,
      idlePollMs: 5000,
      worker: async () => {
        receivedAt = Date.now();
        return { batchItemFailures: [] };
      },
    });
    await new Promise((r) => setTimeout(r, 3000));
    // waits of 20, 40, 80 ... 2,560 ms: eight polls in 3 s where a fixed 20 ms poll makes about 150, and the next
    // one not before 5.1 s
    expect(receives).toBeGreaterThanOrEqual(4);
    expect(receives).toBeLessThanOrEqual(10);
    const sentAt = Date.now();
    // another Herald's queue object on these tables (as two Heralds on one set of tables have)
    await new LocalQueue(new Store(herald.rt), clock).send(name, 'wake');
    await expect.poll(() => receivedAt, { timeout: 10_000 }).toBeDefined();
    expect(receivedAt! - sentAt).toBeLessThan(1500);
    await loop.stop();
  });
});

describe('local scheduler', () => {
  it('the loop reads the schedules only when the earliest firing it knows has come (or its last read is old)', async () => {
    const store = new Store(herald.rt);
    let scans = 0;
    const scanAll = store.scanAll.bind(store);
    store.scanAll = ((...args: Parameters<Store['scanAll']>) => {
      scans++;
      return scanAll(...args);
    }) as Store['scanAll'];
    const scheduler = new LocalScheduler(store, herald.queue, clock);
    const queue = `e-${randomUUID()}`;
    await scheduler.fireIfDue();
    expect(scans).toBe(1);
    await scheduler.at(`plan-${queue}`, clock.now() + 10 * 60_000, { queue, payload: 'due' });
    await scheduler.fireIfDue();
    await scheduler.fireIfDue();
    expect(scans).toBe(1);
    // a clock moved to the firing is seen at the next call
    clock.advance(10 * 60_000);
    await scheduler.fireIfDue();
    expect(scans).toBe(2);
    // fired once, by this scheduler or by the Herald's own loop on the same tables
    await expect.poll(() => herald.queue.depth(queue)).toBe(1);
  });

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

  it('a cron schedule fires once per occurrence in its time zone', async () => {
    const queue = `c-${randomUUID()}`;
    const DAY = 86_400_000;
    // noon UTC tomorrow; then every 15 minutes from 09:00 to 09:45 in Tokyo is 00:00-00:45 UTC, twelve hours on
    clock.advance((Math.floor(clock.now() / DAY) + 1) * DAY + DAY / 2 - clock.now());
    await herald.scheduler.cron(`cron-${queue}`, '0/15 9 * * ? *', 'Asia/Tokyo', { queue, payload: 'quarter' });
    clock.advance(DAY / 2 - 1);
    await herald.scheduler.fireDue();
    expect(await herald.queue.depth(queue)).toBe(0);
    clock.advance(1);
    await Promise.all([herald.scheduler.fireDue(), herald.scheduler.fireDue()]);
    expect(await herald.queue.depth(queue)).toBe(1);
    // a loop that looks late fires the occurrences it missed once
    clock.advance(40 * 60_000);
    await herald.scheduler.fireDue();
    await herald.scheduler.fireDue();
    expect(await herald.queue.depth(queue)).toBe(2);
    clock.advance(5 * 60_000);
    await herald.scheduler.fireDue();
    expect(await herald.queue.depth(queue)).toBe(3);
    // nothing more until 09:00 the next day
    clock.advance(DAY - 45 * 60_000 - 1);
    await herald.scheduler.fireDue();
    expect(await herald.queue.depth(queue)).toBe(3);
    await herald.scheduler.cancel(`cron-${queue}`);
    clock.advance(1);
    await herald.scheduler.fireDue();
    expect(await herald.queue.depth(queue)).toBe(3);
  });

  it('refuses a cron expression or time zone EventBridge Scheduler would refuse', async () => {
    const target = { queue: 'never', payload: null };
    await expect(herald.scheduler.cron('bad-1', '0 9 * * *', 'Asia/Tokyo', target)).rejects.toThrow(/6 fields/);
    await expect(herald.scheduler.cron('bad-2', '0 9 * * * *', 'Asia/Tokyo', target)).rejects.toThrow(/exactly one of/);
    await expect(herald.scheduler.cron('bad-3', '0 9 * * ? *', 'Asia/Nowhere', target)).rejects.toThrow(/time zone/);
  });

  it("a cron schedule across New York's changes and a restart: the skipped reading fires at the jump, the repeated hour once", async () => {
    const tablePrefix = `tcron${Date.now().toString(36)}-`;
    // 01:40 EST, twenty minutes before the clocks jump from 02:00 to 03:00 (07:00 UTC)
    const nyClock = manualClock(Date.parse('2026-03-08T06:40:00Z'));
    const dataDir = mkdtempSync(join(tmpdir(), 'herald-cron-'));
    const before = await startHerald({ dataDir, clock: nyClock, config: { tablePrefix } });
    await before.scheduler.cron('daily', '30 2 * * ? *', 'America/New_York', { queue: 'daily', payload: 'daily' });
    await before.scheduler.cron('hourly', '0 * * * ? *', 'America/New_York', { queue: 'hourly', payload: 'hourly' });
    await before.stop();
    nyClock.t = Date.parse('2026-03-08T07:00:00Z');
    const after = await startHerald({ dataDir, clock: nyClock, config: { tablePrefix } });
    /** Moves the clock in five-minute steps up to `end`, answering the instants at which `queue` got a message. */
    const firingsUntil = async (queue: string, end: string) => {
      const fired: string[] = [];
      while (nyClock.t < Date.parse(end)) {
        // read before the clock moves: the server's own loop may fire the moment it does
        const depth = await after.queue.depth(queue);
        nyClock.advance(5 * 60_000);
        await after.scheduler.fireDue();
        if ((await after.queue.depth(queue)) > depth) fired.push(new Date(nyClock.t).toISOString());
      }
      return fired;
    };
    try {
      // The restarted server's own loop fires both: 02:30 and 02:00 do not exist today, 03:00 EDT is their first instant.
      await expect.poll(() => after.queue.depth('daily'), { timeout: 10_000 }).toBe(1);
      await expect.poll(() => after.queue.depth('hourly'), { timeout: 10_000 }).toBe(1);
      expect(await firingsUntil('daily', '2026-03-09T07:00:00Z')).toEqual(['2026-03-09T06:30:00.000Z']);
      await after.scheduler.cancel('daily');
      await after.scheduler.cancel('hourly');
      nyClock.t = Date.parse('2026-11-01T04:30:00Z');
      await after.scheduler.cron('hourly', '0 * * * ? *', 'America/New_York', { queue: 'fallback', payload: 'hourly' });
      // 01:00 EDT; 01:00 EST (the same reading again) does not fire; 02:00 EST; 03:00 EST
      expect(await firingsUntil('fallback', '2026-11-01T08:00:00Z')).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T07:00:00.000Z', '2026-11-01T08:00:00.000Z']);
    } finally {
      await after.stop();
    }
  });

  it('creates cron schedules on EventBridge Scheduler with the expression and the time zone', async () => {
    const send = vi.spyOn(SchedulerClient.prototype, 'send').mockResolvedValue({} as never);
    try {
      const scheduler = awsScheduler({ region: 'eu-west-1', groupName: 'herald-schedules', roleArn: 'arn:aws:iam::1:role/s', queueArns: { jobs: 'arn:aws:sqs:eu-west-1:1:jobs' } });
      await scheduler.cron('import-7', '0/15  *  *  * ? *', 'Asia/Tokyo', { queue: 'jobs', payload: { kind: 'x' } });
      const command = send.mock.calls[0]![0] as CreateScheduleCommand;
      expect(command).toBeInstanceOf(CreateScheduleCommand);
      expect(command.input).toEqual({
        Name: 'import-7',
        GroupName: 'herald-schedules',
        ScheduleExpression: 'cron(0/15 * * * ? *)',
        ScheduleExpressionTimezone: 'Asia/Tokyo',
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: { Arn: 'arn:aws:sqs:eu-west-1:1:jobs', RoleArn: 'arn:aws:iam::1:role/s', Input: '{"kind":"x"}' },
      });
      await expect(scheduler.cron('bad', '0 9 * * * *', 'Asia/Tokyo', { queue: 'jobs', payload: null })).rejects.toThrow(/exactly one of/);
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      send.mockRestore();
    }
  });
});

describe('storage port (S3 adapter on s3rver)', () => {
  const key = () => `tests/${randomUUID()}/file.txt`;
  const storage = () => herald.rt.ports.storage;

  it('puts, reads back as a stream, and deletes', async () => {
    const k = key();
    await storage().put(k, 'héllo, 世界', 'text/plain; charset=utf-8');
    const got = await storage().get(k);
    expect(got).toMatchObject({ contentType: 'text/plain; charset=utf-8', size: Buffer.byteLength('héllo, 世界') });
    expect((await buffer(got!.body)).toString('utf8')).toBe('héllo, 世界');
    const bytes = new Uint8Array([0, 1, 2, 255]);
    await storage().put(k, bytes);
    expect([...(await buffer((await storage().get(k))!.body))]).toEqual([0, 1, 2, 255]);
    await storage().delete(k);
    expect(await storage().get(k)).toBeUndefined();
    await storage().delete(k);
  });

  it('signs a download link that carries SigV4 parameters and works', async () => {
    const k = key();
    await storage().put(k, 'download me', 'text/plain');
    const url = new URL(await storage().signedGetUrl(k, 300));
    // under this Herald's own prefix in the shared bucket
    expect(url.pathname).toBe(`/herald-assets/${herald.rt.config.tablePrefix}${k}`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': expect.stringMatching(/^S3RVER\/\d{8}\/[a-z0-9-]+\/s3\/aws4_request$/),
      'X-Amz-Date': expect.stringMatching(/^\d{8}T\d{6}Z$/),
      'X-Amz-Expires': '300',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Signature': expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('download me');
  });

  it('signs an upload link bound to its content type and length', async () => {
    const k = key();
    const url = new URL(await storage().signedPutUrl(k, 600, { contentType: 'text/csv', bytes: 8, maxBytes: 1024 }));
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/csv' }, body: 'a,b\n1,2\n' });
    expect(res.status).toBe(200);
    const got = await storage().get(k);
    expect(got?.contentType).toBe('text/csv');
    expect((await buffer(got!.body)).toString()).toBe('a,b\n1,2\n');
  });

  it('refuses a link shorter than a second or longer than SigV4 allows (a week)', async () => {
    await expect(storage().signedGetUrl(key(), 0)).rejects.toThrow(RangeError);
    await expect(storage().signedPutUrl(key(), 7 * 24 * 3600 + 1)).rejects.toThrow(RangeError);
    expect(await storage().signedGetUrl(key(), 7 * 24 * 3600)).toContain('X-Amz-Expires=604800');
  });

  it('keeps the S3 client out of what the router Lambda imports at a cold start', async () => {
    const out = await build({
      entryPoints: [resolve(import.meta.dirname, '../../functions/api/lambda.ts')],
      bundle: true,
      write: false,
      metafile: true,
      outdir: 'unused',
      platform: 'node',
      format: LAMBDA_BUNDLING.format,
      mainFields: [...LAMBDA_BUNDLING.mainFields],
      external: [...LAMBDA_BUNDLING.external],
      logLevel: 'silent',
    });
    const inputs = out.metafile.inputs;
    const entry = Object.keys(inputs).find((f) => f.endsWith('functions/api/lambda.ts'))!;
    // what is imported statically from the entry, following no dynamic import()
    const reached = new Set([entry]);
    for (const file of reached) for (const i of inputs[file]?.imports ?? []) if (i.kind !== 'dynamic-import') reached.add(i.path);
    expect([...reached].some((f) => f.includes('functions/platform/s3Storage.ts'))).toBe(false);
    expect([...reached].some((f) => f.includes('@aws-sdk/client-s3/'))).toBe(false);
    expect([...reached].some((f) => f.includes('@aws-sdk/client-dynamodb/'))).toBe(true);
    // the port is there, loaded on first use
    expect(Object.keys(inputs).some((f) => f.includes('@aws-sdk/client-s3/'))).toBe(true);
  });
});

describe('work queued with ctx.afterCommit', () => {
  const SERVICE = 'auth.passwordEmail';
  async function call(handler: Handler<never>): Promise<ResponseEnvelope> {
    const api = createApiHandler(herald.rt, new Map([[SERVICE, handler]]));
    const event = {
      rawPath: PATHS.api,
      headers: goodHeaders(herald),
      body: JSON.stringify(encodeRequest(SERVICE, { email: 'someone@example.com' }, 'NONE', herald.seed.portalAppSecret)),
      requestContext: { http: { method: 'POST', sourceIp: '203.0.113.7' } },
    } as unknown as ApiEvent;
    const result = await api(event, {} as Context);
    return JSON.parse(result.body as string) as ResponseEnvelope;
  }

  it('runs in order once the handler returned an answer that passed its schema', async () => {
    const events: string[] = [];
    const answer = await call((async (_payload: unknown, ctx: { afterCommit(w: () => Promise<unknown>): void }) => {
      ctx.afterCommit(async () => void events.push('first'));
      ctx.afterCommit(async () => void events.push('second'));
      events.push('handler returned');
      return { ok: true };
    }) as unknown as Handler<never>);
    expect(answer).toMatchObject({ state: 'S', payload: { ok: true } });
    expect(events).toEqual(['handler returned', 'first', 'second']);
  });

  it('never runs when the handler throws, nor when its answer breaks the response schema', async () => {
    const ran: string[] = [];
    const refused = await call((async (_p: unknown, ctx: { afterCommit(w: () => Promise<unknown>): void }) => {
      ctx.afterCommit(async () => void ran.push('after a refusal'));
      throw new AppError('720003');
    }) as unknown as Handler<never>);
    expect(refused).toMatchObject({ state: 'F', errorCode: '720003' });
    const crashed = await call((async (_p: unknown, ctx: { afterCommit(w: () => Promise<unknown>): void }) => {
      ctx.afterCommit(async () => void ran.push('after a crash'));
      throw new Error('boom');
    }) as unknown as Handler<never>);
    expect(crashed).toMatchObject({ state: 'F', errorCode: '400000' });
    const bad = await call((async (_p: unknown, ctx: { afterCommit(w: () => Promise<unknown>): void }) => {
      ctx.afterCommit(async () => void ran.push('after a bad answer'));
      return { ok: 'yes' };
    }) as unknown as Handler<never>);
    expect(bad).toMatchObject({ state: 'F', errorCode: '400000' });
    expect(ran).toEqual([]);
  });

  it('fails the request when the queued work fails', async () => {
    const answer = await call((async (_p: unknown, ctx: { afterCommit(w: () => Promise<unknown>): void }) => {
      ctx.afterCommit(async () => {
        throw new Error('queue down');
      });
      return { ok: true };
    }) as unknown as Handler<never>);
    expect(answer).toMatchObject({ state: 'F', errorCode: '400000' });
  });

  it('forgot-password posts its job after the answer, and not when the request is refused', async () => {
    const post = vi.spyOn(herald.rt.jobs, 'post');
    try {
      const anon = new ApiClient(herald, { deviceId: 'after-commit' });
      const email = `after-commit-${randomUUID()}@example.com`;
      for (let i = 0; i < herald.rt.config.resetThrottle.perEmail; i++) await anon.ok(SERVICE, { email });
      expect(post.mock.calls).toEqual(Array.from({ length: herald.rt.config.resetThrottle.perEmail }, () => [{ kind: 'passwordEmail', email }]));
      post.mockClear();
      const throttled = await anon.call(SERVICE, { email });
      expect(throttled.body.state).toBe('F');
      expect(post).not.toHaveBeenCalled();
    } finally {
      post.mockRestore();
    }
  });
});
