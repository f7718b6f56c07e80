/** Each server file's tables go when the file ends (see reclaimTables); registered first, so it runs after the file's own afterAll. */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { reclaimTables } from './herald';
import { workerDynamo } from './workers';

afterAll(reclaimTables);

/** CPU seconds of this process, and of everything it started (its Chromium, reaped renderers included). */
function cpuOfTree(): { own: number; started: number } {
  const stats = new Map<number, { parent: number; cpu: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime are the 12th to 15th fields after the name
      stats.set(Number(name), { parent: Number(fields[1]), cpu: fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / 100 });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => pid === process.pid || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.parent));
  const own = stats.get(process.pid)?.cpu ?? 0;
  return { own, started: [...stats].reduce((sum, [pid, s]) => sum + (pid !== process.pid && inTree(pid) ? s.cpu : 0), 0) };
}

/** CPU seconds of this worker's DynamoDB Local (the java process serving its port), which no process tree above holds. */
function dynamoCpu(): number {
  const port = new URL(workerDynamo(inject('dynamodbs'))).port;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (!readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').join(' ').includes(` -port ${port} `)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return 0;
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
