/**
 * When a message goes out: immediately, or at a date and time on the clock of a chosen time zone (showing the
 * instant that names in the reader's own zone and, plainly, the 5-minute rule (750002) when the time is too close); or a standing trigger,
 * a recurring schedule or an app event, whose fields are StandingTriggerFields'.
 */
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CATALOGUE, isErrorCode } from '../../../../shared/errors';
import { useDateTime } from '../../app/locale';
import { FieldError } from '../../components/TextField';
import { currentLang } from '../../i18n';
import { checkTrigger, offsetLabel, type StandingTrigger, timeZoneNames, type TriggerDraft } from './schedule';
import { StandingTriggerFields, standingDraft, TriggerZoneField } from './StandingTriggerFields';
import partStyles from './planParts.module.css';
import styles from './TriggerFields.module.css';

const STANDING_KINDS: readonly StandingTrigger['kind'][] = ['RECURRING', 'ACTION', 'GEOFENCE', 'BEACON'];
const KIND_LABEL: Record<StandingTrigger['kind'], string> = {
  RECURRING: 'campaign.trigger.recurring',
  ACTION: 'campaign.trigger.action',
  GEOFENCE: 'campaign.trigger.geofence',
  BEACON: 'campaign.trigger.beacon',
};

type Schedule = Extract<TriggerDraft, { kind: 'SCHEDULE' }>;

export function triggerError(code: string | undefined): string | undefined {
  if (!code) return undefined;
  return isErrorCode(code) ? ERROR_CATALOGUE[code][currentLang()] : code;
}

export function TriggerFields({
  idPrefix,
  trigger,
  schedule,
  onChange,
  showError,
  now,
}: {
  idPrefix: string;
  trigger: TriggerDraft;
  /** the schedule kept while "immediately" is chosen */
  schedule: Schedule;
  onChange: (trigger: TriggerDraft, schedule: Schedule) => void;
  /** show a refused time even before it was touched (after Next or Save) */
  showError: boolean;
  now: number;
}) {
  const { t } = useTranslation();
  // the instant in the reader's own zone, named (the fields above are in the schedule's zone)
  const dateTime = useDateTime();
  const zones = useMemo(() => {
    // a zone the browser does not list (Etc/GMT-9 from an offset preference) is still offered
    const names = timeZoneNames().includes(schedule.timeZone) ? timeZoneNames() : [schedule.timeZone, ...timeZoneNames()];
    return names.map((z) => ({ value: z, label: `${z} (${offsetLabel(z, now)})` }));
  }, [now, schedule.timeZone]);
  const scheduled = trigger.kind === 'SCHEDULE';
  const check = checkTrigger(trigger, now);
  const error = !check.ok && (showError || check.code === '750002') ? triggerError(check.code) : undefined;
  const set = (patch: Partial<Schedule>) => {
    const next = { ...schedule, ...patch };
    onChange(next, next);
  };
  const errorId = `${idPrefix}-time-error`;
  const hintId = `${idPrefix}-time-hint`;

  return (
    <div className="trigger-fields">
      <fieldset className={partStyles.choiceGroup}>
        <legend>{t('campaign.trigger.delivery')}</legend>
        <div className="checkbox-row">
          <RadioButton
            inputId={`${idPrefix}-now`}
            name={`${idPrefix}-kind`}
            value="IMMEDIATELY"
            checked={trigger.kind === 'IMMEDIATELY'}
            onChange={() => onChange({ kind: 'IMMEDIATELY' }, schedule)}
          />
          <label htmlFor={`${idPrefix}-now`}>{t('campaign.trigger.immediately')}</label>
        </div>
        <div className="checkbox-row">
          <RadioButton inputId={`${idPrefix}-schedule`} name={`${idPrefix}-kind`} value="SCHEDULE" checked={scheduled} onChange={() => onChange(schedule, schedule)} />
          <label htmlFor={`${idPrefix}-schedule`}>{t('campaign.trigger.scheduled')}</label>
        </div>
        {STANDING_KINDS.map((kind) => (
          <div className="checkbox-row" key={kind}>
            <RadioButton
              inputId={`${idPrefix}-${kind.toLowerCase()}`}
              name={`${idPrefix}-kind`}
              value={kind}
              checked={trigger.kind === kind}
              onChange={() => onChange(standingDraft(kind, schedule), schedule)}
            />
            <label htmlFor={`${idPrefix}-${kind.toLowerCase()}`}>{t(KIND_LABEL[kind])}</label>
          </div>
        ))}
      </fieldset>
      {trigger.kind !== 'IMMEDIATELY' && trigger.kind !== 'SCHEDULE' && (
        <>
          <StandingTriggerFields idPrefix={idPrefix} trigger={trigger} zones={zones} onChange={(next) => onChange(next, schedule)} />
          {error && <FieldError id={errorId} text={error} />}
        </>
      )}
      {scheduled && (
        <div className={styles.scheduleGrid}>
          <div className="field">
            <label htmlFor={`${idPrefix}-date`}>{t('campaign.trigger.date')}</label>
            <InputText
              id={`${idPrefix}-date`}
              type="date"
              value={trigger.date}
              invalid={Boolean(error)}
              aria-describedby={error ? errorId : hintId}
              onChange={(e) => set({ date: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-time`}>{t('campaign.trigger.time')}</label>
            <InputText
              id={`${idPrefix}-time`}
              type="time"
              step={60}
              value={trigger.time}
              invalid={Boolean(error)}
              aria-describedby={error ? errorId : hintId}
              onChange={(e) => set({ time: e.target.value })}
            />
          </div>
          <TriggerZoneField id={`${idPrefix}-zone`} zones={zones} value={trigger.timeZone} onChange={(timeZone) => set({ timeZone })} />
          <div className="span-2">
            {error ? (
              <FieldError id={errorId} text={error} />
            ) : (
              <small id={hintId} className="field-hint">
                {t('campaign.trigger.fiveMinuteRule')}
              </small>
            )}
            {check.ok && check.instant !== null && (
              <p className={styles.scheduleInstant} data-testid="schedule-instant">
                {t('campaign.trigger.sendsAt', { time: dateTime(check.instant) })}
              </p>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
