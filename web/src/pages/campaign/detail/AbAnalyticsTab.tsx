/**
 * A/B Analytics: each A/B split of a builder campaign with its variants side by side, from the Plan Step numbers
 * of the message each variant leads to. The leader is picked as the engine picks a split's winner: the best open
 * (or click) rate, the first variant on a tie.
 */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { formatCount, formatRate } from '../../../../../shared/format';
import type { Journey, StepOf } from '../../../../../shared/plan/journey';
import { leaderOf, type Steps, variantsOf } from './abVariants';
import '../../../i18n/areas/journey';
import { ColumnHeads } from '../../../components/list/ColumnHeads';

export function AbAnalyticsTab({ journey, steps, loading }: { journey: Journey | undefined; steps: Steps | undefined; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <p className="muted">{t('campaign.loading')}</p>;
  const splits = journey ? Object.entries(journey.steps).filter((e): e is [string, StepOf<'SPLIT'>] => e[1].type === 'SPLIT') : [];
  if (splits.length === 0 || !steps) return <p className="muted">{t('journey.ab.none')}</p>;
  const count = (n: number | undefined) => (n === undefined ? '--' : formatCount(n));
  return (
    <div data-testid="ab-analytics">
      {splits.map(([id, split]) => {
        const rows = variantsOf(split, steps);
        const leader = leaderOf(split, rows);
        const captionId = `ab-${id}`;
        return (
          <section key={id} aria-labelledby={captionId} data-split={id}>
            <h3 id={captionId} className="section-title">
              {`${split.name || t('journey.types.SPLIT')} (${id})`}
            </h3>
            <p className="muted">
              {split.winner
                ? t('journey.ab.rule', { metric: t(`journey.metrics.${split.winner.metric}`), minutes: split.winner.windowMinutes, holdout: split.winner.holdout })
                : t('journey.ab.noRule')}
            </p>
            <table className="plain-table">
              <caption className="sr-only">{`${split.name || t('journey.types.SPLIT')} (${id})`}</caption>
              <ColumnHeads
                labels={[
                  t('journey.ab.variant'),
                  t('journey.ab.share'),
                  t('journey.ab.message'),
                  t('campaign.metric.sent'),
                  t('journey.opens'),
                  t('journey.clicks'),
                  t('journey.metrics.OPEN'),
                  t('journey.metrics.CLICK'),
                ]}
              />
              <tbody>
                {rows.map((r, i) => (
                  <tr key={r.label} data-variant={r.label}>
                    <th scope="row">
                      {r.label} {i === leader && <Tag value={t('journey.ab.leader')} severity="success" rounded data-testid="ab-leader" />}
                    </th>
                    <td>{`${r.share}%`}</td>
                    <td>{r.next}</td>
                    <td data-metric="sent">{count(r.sent)}</td>
                    <td data-metric="opens">{count(r.opens)}</td>
                    <td data-metric="clicks">{count(r.clicks)}</td>
                    <td data-metric="openRate">{formatRate(r.openRate)}</td>
                    <td data-metric="clickRate">{formatRate(r.clickRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
