/**
 * A column's pattern cannot hold the server (issue 19 item 4): `(a+)+b` backtracks exponentially in a
 * backtracking engine, and the local server (like a job worker on AWS) runs the check on the event loop that
 * answers everyone else. Patterns run through RE2, in time linear in the cell; constructs RE2 lacks are refused
 * at save.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { uploadFolder } from '../../functions/services/cloudSource/sources';
import type { CloudSourceSavePayload } from '../../shared/services';
import { ApiClient, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;

function source(regex: string): CloudSourceSavePayload {
  return {
    title: `Pattern ${regex}`,
    sourceType: 'UPLOAD',
    fileName: '*.csv',
    fileColumns: [
      { columnId: 'id', checkTitle: true, fieldType: 'ignore' },
      { columnId: 'code', regex, checkTitle: true, fieldType: 'ignore' },
    ],
    uniqueIdField: 'id',
    loopType: 'ONCE',
    status: 'INACTIVE',
  } as CloudSourceSavePayload;
}

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
}, 120_000);
afterAll(async () => {
  await herald?.stop();
});

describe('column patterns', () => {
  it('(a+)+b against 50-character cells: the run refuses the rows while an unrelated call answers within 3 s', async () => {
    const saved = await admin.ok('cloudSource.save', source('(a+)+b'));
    const rows = ['id,code', 'P1,aaab'];
    for (let i = 2; i <= 3000; i++) rows.push(`P${i},${'a'.repeat(50)}`);
    await herald.rt.ports.storage.put(`${uploadFolder(1, saved.id)}evil.csv`, `${rows.join('\r\n')}\r\n`, 'text/csv');

    await admin.ok('cloudSource.runNow', { id: saved.id });
    const run = (async () => {
      for (let i = 0; i < 5; i++) await herald.jobs.idle();
    })();
    // the job has begun reading; the portal must still answer
    await new Promise((r) => setImmediate(r));
    const started = performance.now();
    await admin.ok('cloudSource.getAll', {});
    const answeredIn = performance.now() - started;
    await run;
    // backtracking on (a+)+b would hold the event loop for minutes; a loaded 2-core machine answers in about 1 s
    expect(answeredIn).toBeLessThan(3000);

    const [delivery] = (await admin.ok('cloudSourceHistory.getListByPage', { sourceId: saved.id, size: 5 })).list;
    expect(delivery).toMatchObject({ status: 'DONE', rows: 3000, valid: 1, invalid: 2999 });
    const records = await admin.ok('cloudSourceRecord.getListByPage', { sourceId: saved.id, id: delivery!.id, afterRow: 0, size: 1 });
    expect(records.list[0]).toMatchObject({ row: 3, stage: 'CHECK', reason: "code: The value does not match the column's pattern." });
  });

  it('a pattern that needs backtracking (back-reference, look-around) is refused at save with its column', async () => {
    for (const regex of ['(a)\\1', '(?=a)a', 'a(?!b)']) {
      const body = (await admin.call('cloudSource.save', source(regex))).body as { errorCode: string; errorMessage: string };
      expect(body.errorCode).toBe('400016');
      expect(body.errorMessage).toMatch(/payload\.fileColumns\.1\.regex: .*linear time/);
    }
    // ordinary patterns, Unicode classes included, still save and match in full
    await admin.ok('cloudSource.save', source('[\\p{L}]+|M[0-9]{4}'));
  });
});
