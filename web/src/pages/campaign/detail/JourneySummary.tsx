import { useTranslation } from 'react-i18next';
import { CHANNEL_CAPABILITIES, type Channel } from '../../../../../shared/delivery';
import { smsAsEstimated, summaryLine } from '../../../../../shared/content';
import { formatCount } from '../../../../../shared/format';
import { type Journey, type JourneyStep, reachShares, type StepOf, walkOrder } from '../../../../../shared/plan/journey';
import type { Trigger } from '../../../../../shared/plan/plan';
import { countSms } from '../../../../../shared/sms/segments';
import { useSegmentOptions, useSegmentReach } from '../../../api/hooks';
import { triggerText } from '../TriggerSummary';
import { smsCost } from '../wizard';
import { useChannels } from '../wizard/ChannelContent';
import partStyles from '../planParts.module.css';
import '../../../i18n/areas/journey';
import { SummaryRow } from '../SummaryRow';

type T = ReturnType<typeof useTranslation>['t'];

export const stepLabelOf = (journey: Journey, t: T) => (id: string) => {
  const step = journey.steps[id];
  return step ? `${step.name || t(`journey.types.${step.type}`)} (${id})` : id;
};

/** The content's default language, its languages, and its text (a library template's is read when saved). */
function contentOf(step: StepOf<'MESSAGE'>) {
  if (step.content.kind === 'TEMPLATE') return undefined;
  const template = step.content.template as { defaultLanguage: string; contents: Record<string, Record<string, unknown>> };
  return { language: template.defaultLanguage, languages: Object.keys(template.contents), content: template.contents[template.defaultLanguage] };
}

/** Who a message step reaches at most, and what sending it costs. */
function StepEstimate({ step, share, segmentId }: { step: StepOf<'MESSAGE'>; share: number; segmentId?: string }) {
  const { t } = useTranslation();
  const reach = useSegmentReach(segmentId ?? null, step.channel);
  const channels = useChannels();
  const reachable = reach.data?.reach?.reachable ?? reach.data?.count;
  // an upper bound: a share of people is rounded up
  const recipients = reachable === undefined ? undefined : Math.ceil(reachable * share - 1e-9);
  const content = contentOf(step);
  let cost = t('journey.review.noPrice');
  // a channel sent in parts is priced by them
  if (CHANNEL_CAPABILITIES[step.channel].parts && content && recipients !== undefined) {
    const c = content.content ?? {};
    const text = smsAsEstimated({ text: String(c.text ?? ''), stopFooter: c.stopFooter !== false, trackLinks: c.trackLinks === true }, content.language, window.location.origin);
    const sms = smsCost(countSms(text).segments, recipients, channels.data?.smsMaxPrice);
    cost = sms.max
      ? t('campaign.reviewContent.costMax', { parts: formatCount(sms.parts), max: sms.max })
      : t('campaign.reviewContent.costParts', { parts: formatCount(sms.parts) });
  }
  return (
    <>
      <SummaryRow label={t('journey.review.recipients')}>
        <span data-testid="step-recipients">
          {!segmentId ? t('journey.review.noAudience') : recipients === undefined ? t('campaign.loading') : t('journey.review.recipientsValue', { count: formatCount(recipients) })}
        </span>
      </SummaryRow>
      <SummaryRow label={t('journey.review.cost')}>
        <span data-testid="step-cost">{cost}</span>
      </SummaryRow>
    </>
  );
}

function StepRows({ step, label, share, segmentId }: { step: JourneyStep; label: (id: string) => string; share: number; segmentId?: string }) {
  const { t } = useTranslation();
  switch (step.type) {
    case 'MESSAGE': {
      const content = contentOf(step);
      return (
        <>
          <SummaryRow label={t('journey.channel')}>{t(`campaign.channel.${step.channel as Channel}`)}</SummaryRow>
          <SummaryRow label={t('journey.review.content')}>{content ? summaryLine(step.channel, content.content) || '--' : t('journey.review.libraryTemplate')}</SummaryRow>
          <SummaryRow label={t('journey.review.languages')}>{content ? content.languages.join(', ') : '--'}</SummaryRow>
          <StepEstimate step={step} share={share} segmentId={segmentId} />
          <SummaryRow label={t('journey.next')}>{label(step.next)}</SummaryRow>
        </>
      );
    }
    case 'WAIT':
      return (
        <>
          <SummaryRow label={t(`journey.waitKinds.${step.wait.kind}`)}>
            {step.wait.kind === 'DELAY'
              ? t('journey.review.delayValue', { minutes: formatCount(step.wait.minutes) })
              : t('journey.review.untilValue', { at: step.wait.at.replace('T', ' '), zone: step.wait.timeZone })}
          </SummaryRow>
          <SummaryRow label={t('journey.next')}>{label(step.next)}</SummaryRow>
        </>
      );
    case 'BRANCH': {
      const on = step.condition.kind === 'CONVERTED' ? step.condition.eventCode : label(step.condition.stepId);
      return (
        <>
          <SummaryRow label={t('journey.condition')}>
            {[step.not ? t('journey.not') : '', t(`journey.conditions.${step.condition.kind}`), on].filter(Boolean).join(' · ')}
          </SummaryRow>
          <SummaryRow label={t('journey.window')}>{t('journey.review.delayValue', { minutes: formatCount(step.windowMinutes) })}</SummaryRow>
          <SummaryRow label={t('journey.yes')}>{label(step.yes)}</SummaryRow>
          <SummaryRow label={t('journey.no')}>{label(step.no)}</SummaryRow>
        </>
      );
    }
    case 'SPLIT':
      return (
        <>
          {step.variants.map((v, i) => (
            <SummaryRow key={i} label={t('journey.share', { n: i + 1 })}>
              <span data-variant={i + 1}>{t('journey.review.variantValue', { share: v.share, step: label(v.next) })}</span>
            </SummaryRow>
          ))}
          <SummaryRow label={t('journey.winner')}>
            {step.winner
              ? t('journey.ab.rule', { minutes: step.winner.windowMinutes, metric: t(`journey.metrics.${step.winner.metric}`), holdout: step.winner.holdout })
              : t('journey.ab.noRule')}
          </SummaryRow>
        </>
      );
    case 'EXIT':
      return <SummaryRow label={t('journey.types.EXIT')}>{t('journey.exitHint')}</SummaryRow>;
  }
}

export function JourneySummary({ journey, trigger, segmentId, headingLevel = 3 }: { journey: Journey; trigger: Trigger; segmentId?: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const segments = useSegmentOptions();
  const label = stepLabelOf(journey, t);
  const shares = reachShares(journey);
  const Heading = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h4';
  return (
    <section aria-labelledby="journey-review-title" data-testid="journey-review">
      <Heading id="journey-review-title" className="section-title">
        {t('journey.review.title')}
      </Heading>
      <p className="muted small">{t('journey.review.intro')}</p>
      <dl className={partStyles.summaryList}>
        <SummaryRow label={t('campaign.field.trigger')}>
          <span data-testid="journey-trigger">{triggerText(trigger, t)}</span>
        </SummaryRow>
        <SummaryRow label={t('journey.repeat')}>{t(`journey.repeatModes.${journey.repeat}`)}</SummaryRow>
        <SummaryRow label={t('journey.segment')}>{segments.data?.find((s) => s.id === segmentId)?.name ?? segmentId ?? '--'}</SummaryRow>
      </dl>
      <ol className={partStyles.journeySteps}>
        {walkOrder(journey).map(({ id, step }) => (
          <li key={id} data-step={id} data-type={step.type}>
            <Sub className={partStyles.journeyStepTitle}>
              {label(id)} · {t(`journey.types.${step.type}`)}
            </Sub>
            <dl className={partStyles.summaryList}>
              <StepRows step={step} label={label} share={shares[id] ?? 0} segmentId={segmentId} />
            </dl>
          </li>
        ))}
      </ol>
      <p className="muted small">{t('journey.review.costNote')}</p>
    </section>
  );
}
