/** Each server file's tables go when the file ends (see reclaimTables); registered first, so it runs after the file's own afterAll. */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { reclaimTables } from './herald';

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

// HERALD_FILE_TIMES=path: each file's whole time, hooks included (the JSON report counts only its tests), and the
// CPU its worker and browser spent on it; a file whose time is far above its CPU is waiting on something
const timesTo = process.env.HERALD_FILE_TIMES;
if (timesTo) {
  let began = 0;
  let cpu = { own: 0, started: 0 };
  beforeAll(() => {
    began = Date.now();
    cpu = cpuOfTree();
  });
  afterAll(() => {
    const now = cpuOfTree();
    const seconds = (n: number) => Math.round(n * 10) / 10;
    const record = { file: expect.getState().testPath, pid: process.pid, began, ended: Date.now(), cpu: seconds(now.own - cpu.own), browser: seconds(now.started - cpu.started) };
    appendFileSync(timesTo, `${JSON.stringify(record)}\n`);
  });
}
