/** When a message goes out, in a line: "Immediately", or the wall-clock time and zone with the UTC instant. */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format';
import { type Trigger, zonedTimeToUtc } from '../../../../shared/plan/plan';
import type { StandingTrigger } from './schedule';
import { actionSourcesText } from './webhookTrigger';

export function triggerText(trigger: Trigger, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (trigger.kind === 'IMMEDIATELY') return t('campaign.trigger.immediately');
  if (trigger.kind !== 'SCHEDULE') return standingText(trigger, t);
  let utc = '--';
  try {
    utc = formatDateTime(zonedTimeToUtc(trigger.at, trigger.timeZone));
  } catch {
    // a zone this browser does not know: the wall clock alone
  }
  return t('campaign.trigger.at', { time: trigger.at.replace('T', ' '), zone: trigger.timeZone, utc });
}

export function TriggerSummary({ trigger }: { trigger: Trigger }) {
  const { t } = useTranslation();
  return <span>{triggerText(trigger, t)}</span>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A recurring or event trigger in a line. */
export function standingText(trigger: StandingTrigger, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (trigger.kind === 'RECURRING') {
    const hours = trigger.unit === 'HOUR' ? Array.from({ length: Math.ceil(24 / trigger.every) }, (_, i) => i * trigger.every) : trigger.hours;
    const times = hours.map((h) => `${pad(h)}:${pad(trigger.minute)}`).join(', ');
    const zone = trigger.recipientTimeZone ? t('campaign.trigger.summaryRecipientZone') : trigger.timeZone;
    const until = trigger.endDate ? t('campaign.trigger.summaryUntil', { end: trigger.endDate }) : '';
    return t('campaign.trigger.summaryRecurring', { every: trigger.every, unit: t(`campaign.trigger.units.${trigger.unit}`), times, zone, start: trigger.startDate }) + until;
  }
  const delay = trigger.delayMinutes > 0 ? t('campaign.trigger.summaryDelay', { minutes: trigger.delayMinutes }) : '';
  if (trigger.kind === 'ACTION') return t('campaign.trigger.summaryAction', { code: trigger.actionCode }) + actionSourcesText(trigger, t) + delay;
  const on = t(`campaign.trigger.onNames.${trigger.on}`);
  if (trigger.kind === 'GEOFENCE') return t('campaign.trigger.summaryGeofence', { on, id: trigger.geofenceId }) + delay;
  return t('campaign.trigger.summaryBeacon', { on, id: trigger.beaconId }) + delay;
}
