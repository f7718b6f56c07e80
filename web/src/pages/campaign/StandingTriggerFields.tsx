/**
 * The Trigger step's fields for a standing trigger (shared/plan/trigger.ts): a recurring schedule (unit, interval,
 * hours, weekdays Sunday 1 to Saturday 7, month days, date range, in each recipient's zone or one zone), or an
 * app event (an action code, a geofence or a beacon, entering or leaving) with its delay of at most 7 days,
 * limiter rule, throttling and reset events. Every control has a visible label.
 */
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_TRIGGER_DELAY_MINUTES, PRESENCE, RECURRING_UNITS, THROTTLE_UNITS, WEEKDAYS } from '../../../../shared/plan/trigger';
import { Select } from '../../components/Select';
import { FieldError } from '../../components/TextField';
import { currentLang } from '../../i18n';
import { useRefOptions } from '../generic/refs';
import type { StandingTrigger } from './schedule';
import styles from './TriggerFields.module.css';
import { urlProblem } from './webhookTrigger';

type Recurring = Extract<StandingTrigger, { kind: 'RECURRING' }>;
type EventDraft = Exclude<StandingTrigger, Recurring>;

const pad = (n: number) => String(n).padStart(2, '0');
const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: h, label: `${pad(h)}:00` }));
const MINUTES = Array.from({ length: 12 }, (_, i) => ({ value: i * 5, label: pad(i * 5) }));
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/** A new standing trigger of `kind`, starting from the schedule's date and zone. */
export function standingDraft(kind: StandingTrigger['kind'], from: { date: string; timeZone: string }): StandingTrigger {
  const event = { delayMinutes: 0, limiter: { kind: 'ONCE' as const }, resetEvents: [] as string[] };
  switch (kind) {
    case 'RECURRING':
      return { kind, unit: 'DAY', every: 1, hours: [9], minute: 0, weekdays: [], monthDays: [], startDate: from.date, recipientTimeZone: true, timeZone: from.timeZone };
    case 'ACTION':
      return { kind, actionCode: '', ...event };
    case 'GEOFENCE':
      return { kind, geofenceId: '', on: 'ENTER', ...event };
    case 'BEACON':
      return { kind, beaconId: '', on: 'ENTER', ...event };
  }
}

export function StandingTriggerFields({
  idPrefix,
  trigger,
  zones,
  onChange,
}: {
  idPrefix: string;
  trigger: StandingTrigger;
  zones: { value: string; label: string }[];
  onChange: (trigger: StandingTrigger) => void;
}) {
  return trigger.kind === 'RECURRING' ? (
    <RecurringFields idPrefix={idPrefix} trigger={trigger} zones={zones} onChange={onChange} />
  ) : (
    <EventFields idPrefix={idPrefix} trigger={trigger} onChange={onChange} />
  );
}

function RecurringFields({
  idPrefix,
  trigger,
  zones,
  onChange,
}: {
  idPrefix: string;
  trigger: Recurring;
  zones: { value: string; label: string }[];
  onChange: (t: Recurring) => void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<Recurring>) => onChange({ ...trigger, ...patch });
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className={styles.scheduleGrid}>
      <div className="field">
        <label htmlFor={id('unit')}>{t('campaign.trigger.unit')}</label>
        <Select
          inputId={id('unit')}
          label={t('campaign.trigger.unit')}
          labelled
          value={trigger.unit}
          options={RECURRING_UNITS.map((u) => ({ value: u, label: t(`campaign.trigger.units.${u}`) }))}
          onChange={(e) => set({ unit: e.value as Recurring['unit'] })}
        />
      </div>
      <div className="field">
        <label htmlFor={id('every')}>{t('campaign.trigger.every')}</label>
        <InputNumber inputId={id('every')} value={trigger.every} min={1} max={12} showButtons={false} onValueChange={(e) => set({ every: e.value ?? 1 })} />
      </div>
      {trigger.unit !== 'HOUR' && (
        <div className="field">
          <label htmlFor={id('hours')}>{t('campaign.trigger.hours')}</label>
          <MultiSelect
            inputId={id('hours')}
            value={trigger.hours}
            options={HOURS}
            display="chip"
            pt={{ headerCheckbox: { input: { 'aria-label': t('campaign.trigger.hours') } } }}
            onChange={(e) => set({ hours: [...(e.value as number[])].sort((a, b) => a - b) })}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={id('minute')}>{t('campaign.trigger.minute')}</label>
        <Select
          inputId={id('minute')}
          label={t('campaign.trigger.minute')}
          labelled
          value={trigger.minute}
          options={MINUTES}
          onChange={(e) => set({ minute: e.value as number })}
        />
      </div>
      {trigger.unit === 'WEEK' && (
        <fieldset className="choice-group span-2">
          <legend>{t('campaign.trigger.weekdays')}</legend>
          {WEEKDAYS.map((d) => (
            <div className="checkbox-row" key={d}>
              <Checkbox
                inputId={id(`weekday-${d}`)}
                checked={trigger.weekdays.includes(d)}
                onChange={(e) => set({ weekdays: e.checked ? [...trigger.weekdays, d].sort((a, b) => a - b) : trigger.weekdays.filter((w) => w !== d) })}
              />
              <label htmlFor={id(`weekday-${d}`)}>{t(`campaign.trigger.weekdayNames.${d}`)}</label>
            </div>
          ))}
        </fieldset>
      )}
      {trigger.unit === 'MONTH' && (
        <div className="field span-2">
          <label htmlFor={id('month-days')}>{t('campaign.trigger.monthDays')}</label>
          <MultiSelect
            inputId={id('month-days')}
            value={trigger.monthDays}
            options={MONTH_DAYS}
            display="chip"
            pt={{ headerCheckbox: { input: { 'aria-label': t('campaign.trigger.monthDays') } } }}
            onChange={(e) => set({ monthDays: [...(e.value as number[])].sort((a, b) => a - b) })}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor={id('start')}>{t('campaign.trigger.startDate')}</label>
        <InputText id={id('start')} type="date" value={trigger.startDate} onChange={(e) => set({ startDate: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={id('end')}>{t('campaign.trigger.endDate')}</label>
        <InputText id={id('end')} type="date" value={trigger.endDate ?? ''} onChange={(e) => onChange({ ...trigger, endDate: e.target.value || undefined } as Recurring)} />
      </div>
      <div className="checkbox-row span-2">
        <Checkbox
          inputId={id('recipient-zone')}
          checked={trigger.recipientTimeZone}
          aria-describedby={id('recipient-zone-hint')}
          onChange={(e) => set({ recipientTimeZone: Boolean(e.checked) })}
        />
        <label htmlFor={id('recipient-zone')}>{t('campaign.trigger.recipientTimeZone')}</label>
      </div>
      <small id={id('recipient-zone-hint')} className="field-hint span-2">
        {t('campaign.trigger.recipientZoneHint')}
      </small>
      {!trigger.recipientTimeZone && <TriggerZoneField id={id('zone')} zones={zones} value={trigger.timeZone} onChange={(timeZone) => set({ timeZone })} />}
    </div>
  );
}

function EventFields({ idPrefix, trigger, onChange }: { idPrefix: string; trigger: EventDraft; onChange: (t: EventDraft) => void }) {
  const { t } = useTranslation();
  const refs = useRefOptions(trigger.kind === 'GEOFENCE' ? ['geofence'] : trigger.kind === 'BEACON' ? ['beacon'] : []);
  const set = (patch: Partial<EventDraft>) => onChange({ ...trigger, ...patch } as EventDraft);
  const id = (name: string) => `${idPrefix}-${name}`;
  const limiter = trigger.limiter;
  const [resetText, setResetText] = useState(trigger.resetEvents.join(', '));
  return (
    <div className={styles.scheduleGrid}>
      {trigger.kind === 'ACTION' && (
        <div className="field span-2">
          <label htmlFor={id('action-code')}>{t('campaign.trigger.actionCode')}</label>
          <InputText id={id('action-code')} value={trigger.actionCode} maxLength={100} onChange={(e) => set({ actionCode: e.target.value })} />
        </div>
      )}
      {trigger.kind === 'ACTION' && <ActionSources idPrefix={idPrefix} trigger={trigger} onChange={onChange} />}
      {trigger.kind !== 'ACTION' && (
        <>
          <div className="field">
            <label htmlFor={id('place')}>{t(trigger.kind === 'GEOFENCE' ? 'campaign.trigger.geofenceId' : 'campaign.trigger.beaconId')}</label>
            <Select
              inputId={id('place')}
              label={t(trigger.kind === 'GEOFENCE' ? 'campaign.trigger.geofenceId' : 'campaign.trigger.beaconId')}
              labelled
              value={trigger.kind === 'GEOFENCE' ? trigger.geofenceId : trigger.beaconId}
              options={refs[trigger.kind === 'GEOFENCE' ? 'geofence' : 'beacon'] ?? []}
              filter
              filterBy="label"
              onChange={(e) => set(trigger.kind === 'GEOFENCE' ? { geofenceId: e.value as string } : { beaconId: e.value as string })}
            />
          </div>
          <fieldset className="choice-group">
            <legend>{t('campaign.trigger.on')}</legend>
            {PRESENCE.map((on) => (
              <div className="checkbox-row" key={on}>
                <RadioButton inputId={id(`on-${on}`)} name={id('on')} value={on} checked={trigger.on === on} onChange={() => set({ on })} />
                <label htmlFor={id(`on-${on}`)}>{t(`campaign.trigger.onNames.${on}`)}</label>
              </div>
            ))}
          </fieldset>
        </>
      )}
      <div className="field">
        <label htmlFor={id('delay')}>{t('campaign.trigger.delayMinutes')}</label>
        <InputNumber inputId={id('delay')} value={trigger.delayMinutes} min={0} max={MAX_TRIGGER_DELAY_MINUTES} onValueChange={(e) => set({ delayMinutes: e.value ?? 0 })} />
      </div>
      <div className="field">
        <label htmlFor={id('limiter')}>{t('campaign.trigger.limiter')}</label>
        <Select
          inputId={id('limiter')}
          label={t('campaign.trigger.limiter')}
          labelled
          value={limiter.kind}
          options={(['ONCE', 'EVERY_DAYS', 'EACH_EVENT'] as const).map((k) => ({ value: k, label: t(`campaign.trigger.limiterNames.${k}`) }))}
          onChange={(e) => set({ limiter: e.value === 'EVERY_DAYS' ? { kind: 'EVERY_DAYS', days: 1 } : { kind: e.value as 'ONCE' | 'EACH_EVENT' } })}
        />
      </div>
      {limiter.kind === 'EVERY_DAYS' && (
        <div className="field">
          <label htmlFor={id('limiter-days')}>{t('campaign.trigger.limiterDays')}</label>
          <InputNumber inputId={id('limiter-days')} value={limiter.days} min={1} max={365} onValueChange={(e) => set({ limiter: { kind: 'EVERY_DAYS', days: e.value ?? 1 } })} />
        </div>
      )}
      <div className="checkbox-row span-2">
        <Checkbox inputId={id('throttle')} checked={Boolean(trigger.throttle)} onChange={(e) => set({ throttle: e.checked ? { rate: 100, per: 'HOUR' } : undefined })} />
        <label htmlFor={id('throttle')}>{t('campaign.trigger.throttle')}</label>
      </div>
      {trigger.throttle && (
        <>
          <div className="field">
            <label htmlFor={id('throttle-rate')}>{t('campaign.trigger.throttleRate')}</label>
            <InputNumber
              inputId={id('throttle-rate')}
              value={trigger.throttle.rate}
              min={1}
              onValueChange={(e) => set({ throttle: { ...trigger.throttle!, rate: e.value ?? 1 } })}
            />
          </div>
          <div className="field">
            <label htmlFor={id('throttle-per')}>{t('campaign.trigger.throttlePer')}</label>
            <Select
              inputId={id('throttle-per')}
              label={t('campaign.trigger.throttlePer')}
              labelled
              value={trigger.throttle.per}
              options={THROTTLE_UNITS.map((u) => ({ value: u, label: t(`campaign.trigger.throttleUnits.${u}`) }))}
              onChange={(e) => set({ throttle: { ...trigger.throttle!, per: e.value as (typeof THROTTLE_UNITS)[number] } })}
            />
          </div>
        </>
      )}
      <div className="field span-2">
        <label htmlFor={id('reset')}>{t('campaign.trigger.resetEvents')}</label>
        <InputText
          id={id('reset')}
          value={resetText}
          onChange={(e) => {
            // the text is kept as typed (a trailing comma included); the codes are what it lists
            setResetText(e.target.value);
            set({
              resetEvents: e.target.value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            });
          }}
        />
      </div>
    </div>
  );
}

type ActionDraft = Extract<StandingTrigger, { kind: 'ACTION' }>;

/** The action's other sources: the team's back end calling the trigger's webhook, and a tracked click on a URL. */
function ActionSources({ idPrefix, trigger, onChange }: { idPrefix: string; trigger: ActionDraft; onChange: (t: ActionDraft) => void }) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  const problem = urlProblem(trigger.url, currentLang());
  return (
    <>
      <div className="checkbox-row span-2">
        <InputSwitch
          inputId={id('webhook')}
          checked={trigger.webhook === true}
          aria-describedby={id('webhook-hint')}
          onChange={(e) => onChange({ ...trigger, webhook: Boolean(e.value) })}
          // the inner input is the switch; PrimeReact's wrapper must not be a second checkbox around it
          pt={{ root: { role: undefined, 'aria-checked': undefined } }}
        />
        <label htmlFor={id('webhook')}>{t('triggerHook.webhook')}</label>
      </div>
      <small id={id('webhook-hint')} className="field-hint span-2">
        {t('triggerHook.webhookHint')}
      </small>
      <div className="field span-2">
        <label htmlFor={id('url')}>{t('triggerHook.url')}</label>
        <InputText
          id={id('url')}
          type="url"
          value={trigger.url ?? ''}
          maxLength={2000}
          invalid={Boolean(problem)}
          aria-describedby={id('url-message')}
          // an empty field is no URL source at all
          onChange={(e) => onChange({ ...trigger, url: e.target.value || undefined })}
        />
        {problem ? (
          <FieldError id={id('url-message')} text={problem} />
        ) : (
          <small id={id('url-message')} className="field-hint">
            {t('triggerHook.urlHint')}
          </small>
        )}
      </div>
    </>
  );
}

/** The time zone a trigger's times are in, searchable by name and offset. */
export function TriggerZoneField({ id, zones, value, onChange }: { id: string; zones: { value: string; label: string }[]; value: string; onChange: (zone: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="field span-2">
      <label htmlFor={id}>{t('campaign.trigger.timeZone')}</label>
      <Select
        inputId={id}
        label={t('campaign.trigger.timeZone')}
        labelled
        value={value}
        options={zones}
        filter
        filterBy="label"
        pt={{ filterInput: { 'aria-label': t('campaign.trigger.searchZone') } }}
        onChange={(e) => onChange(e.value as string)}
      />
    </div>
  );
}
