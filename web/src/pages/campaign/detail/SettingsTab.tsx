import { useTranslation } from 'react-i18next';
import type { PlanView } from '../../../../../shared/services/plan';
import { triggerText } from '../TriggerSummary';
import '../../../i18n/areas/journey';
import partStyles from '../planParts.module.css';
import { SummaryRow } from '../SummaryRow';

export function SettingsTab({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  const trigger = plan.trigger;
  const event = trigger.kind === 'ACTION' || trigger.kind === 'GEOFENCE' || trigger.kind === 'BEACON' ? trigger : undefined;
  return (
    <dl className={partStyles.summaryList} data-testid="plan-settings">
      <SummaryRow label={t('plan.channel')}>{t(`campaign.channel.${plan.channel}`)}</SummaryRow>
      <SummaryRow label={t('campaign.settingsTab.messageType')}>{t(`campaign.settingsTab.messageTypes.${plan.messageType ?? 1}`)}</SummaryRow>
      <SummaryRow label={t('campaign.field.trigger')}>{triggerText(trigger, t)}</SummaryRow>
      {event && (
        <>
          <SummaryRow label={t('campaign.trigger.delayMinutes')}>{event.delayMinutes > 0 ? String(event.delayMinutes) : '--'}</SummaryRow>
          <SummaryRow label={t('campaign.trigger.limiter')}>
            {t(`campaign.trigger.limiterNames.${event.limiter.kind}`)}
            {event.limiter.kind === 'EVERY_DAYS' ? ` (${event.limiter.days})` : ''}
          </SummaryRow>
          <SummaryRow label={t('campaign.trigger.throttle')}>
            {event.throttle ? `${event.throttle.rate} / ${t(`campaign.trigger.throttleUnits.${event.throttle.per}`)}` : '--'}
          </SummaryRow>
          <SummaryRow label={t('campaign.settingsTab.resetEvents')}>{event.resetEvents.length > 0 ? event.resetEvents.join(', ') : '--'}</SummaryRow>
        </>
      )}
      {plan.journey && <SummaryRow label={t('journey.repeat')}>{t(`journey.repeatModes.${plan.journey.repeat}`)}</SummaryRow>}
    </dl>
  );
}
