/** A/B Analytics' numbers: each variant of a split from the Plan Step numbers of the message it leads to. */
import type { StepOf } from '../../../../../shared/plan/journey';
import type { Result } from '../../../../../shared/services';

export type Steps = NonNullable<Result<'planStatistics.detail'>['steps']>;
export type VariantRow = { label: string; share: number; next: string; sent?: number; opens?: number; clicks?: number; openRate?: number; clickRate?: number };

const rate = (n: number | undefined, of: number | undefined) => (n === undefined || !of ? undefined : n / of);

export function variantsOf(split: StepOf<'SPLIT'>, steps: Steps): VariantRow[] {
  return split.variants.map((v, i) => {
    const s = steps.find((x) => x.stepId === v.next);
    return {
      label: String.fromCharCode(65 + i),
      share: v.share,
      next: s?.name ? `${s.name} (${v.next})` : v.next,
      sent: s?.sent,
      opens: s?.opens,
      clicks: s?.clicks,
      openRate: rate(s?.opens, s?.sent),
      clickRate: rate(s?.clicks, s?.sent),
    };
  });
}

/** The variant with the best rate on the split's metric (open rate without a winner rule); none before any send. */
export function leaderOf(split: StepOf<'SPLIT'>, rows: VariantRow[]): number {
  const by = split.winner?.metric === 'CLICK' ? 'clickRate' : 'openRate';
  let best = -1;
  rows.forEach((r, i) => {
    if (r[by] !== undefined && (best < 0 || r[by]! > rows[best]![by]!)) best = i;
  });
  return best;
}
