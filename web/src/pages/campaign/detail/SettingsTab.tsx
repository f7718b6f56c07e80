/**
 * Settings: how the message is sent, beyond what it says. Its message type, delivery, the limits of a standing
 * trigger (delay, how often one recipient may get it, throttling, reset events) and a campaign's repeat mode;
 * they are changed through the header's actions (change date, edit), as the state allows.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanView } from '../../../../../shared/services/plan';
import { triggerText } from '../TriggerSummary';
import '../../../i18n/areas/journey';
import partStyles from '../planParts.module.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={`${partStyles.summaryRow} summary-row`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function SettingsTab({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  const trigger = plan.trigger;
  const event = trigger.kind === 'ACTION' || trigger.kind === 'GEOFENCE' || trigger.kind === 'BEACON' ? trigger : undefined;
  return (
    <dl className={partStyles.summaryList} data-testid="plan-settings">
      <Row label={t('plan.channel')}>{t(`campaign.channel.${plan.channel}`)}</Row>
      <Row label={t('campaign.settingsTab.messageType')}>{t(`campaign.settingsTab.messageTypes.${plan.messageType ?? 1}`)}</Row>
      <Row label={t('campaign.field.trigger')}>{triggerText(trigger, t)}</Row>
      {event && (
        <>
          <Row label={t('campaign.trigger.delayMinutes')}>{event.delayMinutes > 0 ? String(event.delayMinutes) : '--'}</Row>
          <Row label={t('campaign.trigger.limiter')}>
            {t(`campaign.trigger.limiterNames.${event.limiter.kind}`)}
            {event.limiter.kind === 'EVERY_DAYS' ? ` (${event.limiter.days})` : ''}
          </Row>
          <Row label={t('campaign.trigger.throttle')}>{event.throttle ? `${event.throttle.rate} / ${t(`campaign.trigger.throttleUnits.${event.throttle.per}`)}` : '--'}</Row>
          <Row label={t('campaign.settingsTab.resetEvents')}>{event.resetEvents.length > 0 ? event.resetEvents.join(', ') : '--'}</Row>
        </>
      )}
      {plan.journey && <Row label={t('journey.repeat')}>{t(`journey.repeatModes.${plan.journey.repeat}`)}</Row>}
    </dl>
  );
}
