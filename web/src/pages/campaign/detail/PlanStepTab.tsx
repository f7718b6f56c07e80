/**
 * A builder campaign's steps with their numbers (planStatistics.detail `steps`, refreshed while it runs): how many
 * recipients reached each step, and what each message step sent and drew. A single message is one step.
 */
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../../shared/format';
import type { Result } from '../../../../../shared/services';
import '../../../i18n/areas/journey';
import { ColumnHeads } from '../../../components/list/ColumnHeads';

type Steps = Result<'planStatistics.detail'>['steps'];

export function PlanStepTab({ steps, loading }: { steps: Steps; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return <p className="muted">{t('campaign.loading')}</p>;
  if (!steps) return <p className="muted">{t('journey.singleStep')}</p>;
  const count = (n: number | undefined) => (n === undefined ? '--' : formatCount(n));
  return (
    <table className="plain-table" data-testid="plan-steps">
      <caption className="sr-only">{t('campaign.tab.planStep')}</caption>
      <ColumnHeads
        labels={[
          t('journey.stepName'),
          t('journey.stepType'),
          t('journey.reached'),
          t('campaign.metric.sent'),
          t('campaign.metric.failed'),
          t('journey.opens'),
          t('journey.clicks'),
        ]}
      />
      <tbody>
        {steps.map((s) => (
          <tr key={s.stepId} data-step={s.stepId}>
            <th scope="row">{`${s.name || t(`journey.types.${s.type}`)} (${s.stepId})`}</th>
            <td>{t(`journey.types.${s.type}`)}</td>
            <td>{formatCount(s.reached)}</td>
            <td>{count(s.sent)}</td>
            <td>{count(s.failed)}</td>
            <td>{count(s.opens)}</td>
            <td>{count(s.clicks)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
