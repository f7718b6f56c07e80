/** When a message goes out, in a line: "Immediately", or the wall-clock time and zone with the UTC instant. */
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format';
import { type Trigger, zonedTimeToUtc } from '../../../../shared/plan/plan';

export function triggerText(trigger: Trigger, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (trigger.kind === 'IMMEDIATELY') return t('campaign.trigger.immediately');
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
