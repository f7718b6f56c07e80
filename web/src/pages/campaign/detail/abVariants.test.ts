import { describe, expect, it } from 'vitest';
import type { StepOf } from '../../../../../shared/plan/journey';
import { leaderOf, type Steps, variantsOf } from './abVariants';

const split = (metric?: 'OPEN' | 'CLICK'): StepOf<'SPLIT'> => ({
  type: 'SPLIT',
  name: 'Offer test',
  variants: [
    { share: 50, next: 'a' },
    { share: 30, next: 'b' },
    { share: 20, next: 'c' },
  ],
  ...(metric ? { winner: { metric, windowMinutes: 60, holdout: 20 } } : {}),
});
const steps: Steps = [
  { stepId: 'a', type: 'MESSAGE', name: 'Offer A', reached: 100, sent: 100, opens: 30, clicks: 1 },
  { stepId: 'b', type: 'MESSAGE', name: '', reached: 60, sent: 60, opens: 30, clicks: 6 },
  { stepId: 'c', type: 'MESSAGE', name: 'Offer C', reached: 40, sent: 0, opens: 0, clicks: 0 },
];

describe('A/B variants', () => {
  it('reads each variant from the message it leads to, with rates over its sends', () => {
    const rows = variantsOf(split(), steps);
    expect(rows.map((r) => [r.label, r.share, r.next, r.sent, r.openRate, r.clickRate])).toEqual([
      ['A', 50, 'Offer A (a)', 100, 0.3, 0.01],
      ['B', 30, 'b', 60, 0.5, 0.1],
      // nothing sent yet: no rate, not a zero one
      ['C', 20, 'Offer C (c)', 0, undefined, undefined],
    ]);
  });

  it('leads with the best rate on the winner metric, open rate without a rule, the first on a tie', () => {
    expect(leaderOf(split('CLICK'), variantsOf(split('CLICK'), steps))).toBe(1);
    expect(leaderOf(split(), variantsOf(split(), steps))).toBe(1);
    const tied = steps.map((s) => (s.stepId === 'b' ? { ...s, opens: 18 } : s));
    expect(leaderOf(split('OPEN'), variantsOf(split('OPEN'), tied))).toBe(0);
    expect(leaderOf(split(), variantsOf(split(), []))).toBe(-1);
  });
});
