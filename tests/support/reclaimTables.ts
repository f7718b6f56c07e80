/** Each server file's tables go when the file ends (see reclaimTables); registered first, so it runs after the file's own afterAll. */
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { reclaimTables } from './herald';
import { commandOf, type ProcStat, pids, procStat } from './procStat';
import { workerDynamo } from './workers';

afterAll(reclaimTables);

/** CPU seconds of this process, and of everything it started (its Chromium, reaped renderers included). */
function cpuOfTree(): { own: number; started: number } {
  const stats = new Map<number, ProcStat>();
  for (const pid of pids()) {
    const stat = procStat(pid);
    if (stat) stats.set(pid, stat);
  }
  const inTree = (pid: number): boolean => pid === process.pid || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.parent));
  const total = (s: ProcStat) => s.cpu + s.reaped;
  const own = stats.has(process.pid) ? total(stats.get(process.pid)!) : 0;
  return { own, started: [...stats].reduce((sum, [pid, s]) => sum + (pid !== process.pid && inTree(pid) ? total(s) : 0), 0) };
}

/** This worker's DynamoDB Local: the java process serving its port, found once. */
let dynamoPid: number | undefined;

/** CPU seconds of this worker's DynamoDB Local, which no process tree above holds. */
function dynamoCpu(): number {
  if (dynamoPid === undefined) {
    const port = new URL(workerDynamo(inject('dynamodbs'))).port;
    dynamoPid = pids().find((pid) => commandOf(pid).includes(` -port ${port} `));
  }
  return (dynamoPid !== undefined && procStat(dynamoPid)?.cpu) || 0;
}

// HERALD_FILE_TIMES=path: each file's whole time, hooks included (the JSON report counts only its tests), and the
// CPU its worker, browser and DynamoDB Local spent on it (the other worker's files share none of these); a file whose time is far above its CPU is waiting on something
const timesTo = process.env.HERALD_FILE_TIMES;
if (timesTo) {
  let began = 0;
  let cpu = { own: 0, started: 0 };
  let dynamo = 0;
  beforeAll(() => {
    began = Date.now();
    cpu = cpuOfTree();
    dynamo = dynamoCpu();
  });
  afterAll(() => {
    const now = cpuOfTree();
    const seconds = (n: number) => Math.round(n * 10) / 10;
    const record = {
      file: expect.getState().testPath,
      pid: process.pid,
      began,
      ended: Date.now(),
      cpu: seconds(now.own - cpu.own),
      browser: seconds(now.started - cpu.started),
      dynamo: seconds(dynamoCpu() - dynamo),
    };
    appendFileSync(timesTo, `${JSON.stringify(record)}\n`);
  });
}
