/** Each server file's tables go when the file ends (see reclaimTables); registered first, so it runs after the file's own afterAll. */
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { reclaimTables } from './herald';

afterAll(reclaimTables);

// HERALD_FILE_TIMES=path: each file's whole time, hooks included (the JSON report counts only its tests)
const timesTo = process.env.HERALD_FILE_TIMES;
if (timesTo) {
  let began = 0;
  beforeAll(() => {
    began = Date.now();
  });
  afterAll(() => {
    appendFileSync(timesTo, `${JSON.stringify({ file: expect.getState().testPath, pid: process.pid, began, ended: Date.now() })}\n`);
  });
}
