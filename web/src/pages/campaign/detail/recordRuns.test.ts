import { describe, expect, it } from 'vitest';
import type { Journey } from '../../../../../shared/plan/journey';
import { recordRuns } from './recordRuns';

const runs = [
  { runId: 'r1', startedAt: 1_000 },
  { runId: 'r2', startedAt: 2_000 },
];

describe('recordRuns', () => {
  it("lists a single message's runs newest first", () => {
    expect(recordRuns(runs, undefined)).toEqual([
      { value: 'r2', startedAt: 2_000 },
      { value: 'r1', startedAt: 1_000 },
    ]);
    expect(recordRuns([], undefined)).toEqual([]);
  });

  it("lists a journey's message steps of each run, newest run first, steps in walk order", () => {
    const email = { kind: 'EMAIL', template: {} };
    const journey = {
      entry: 'hello',
      repeat: 'ONCE',
      steps: {
        later: { type: 'MESSAGE', name: '', channel: 'EMAIL', content: email, next: 'end' },
        hello: { type: 'MESSAGE', name: 'Hello', channel: 'EMAIL', content: email, next: 'wait' },
        wait: { type: 'WAIT', name: '', wait: { kind: 'DELAY', minutes: 60 }, next: 'later' },
        end: { type: 'EXIT', name: '' },
      },
    } as unknown as Journey;
    expect(recordRuns(runs, journey).map((r) => r.value)).toEqual(['r2~hello', 'r2~later', 'r1~hello', 'r1~later']);
    expect(recordRuns(runs, journey)[1]).toEqual({ value: 'r2~later', startedAt: 2_000, stepId: 'later' });
  });
});
