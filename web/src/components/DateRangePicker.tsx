/**
 * The date range the dashboard and the behaviour insights read (spec 001 section 9's presets, or custom days of
 * the organization's zone, named, from the first to the last, included): a preset applies as it is chosen, a custom range when applied, after the
 * same checks the server makes (start before end, at most DASHBOARD_LIMITS.customDays days). A screen's other
 * controls (the dashboard's resolution and chart type) sit in the same form as children.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customRangeProblem, DASHBOARD_LIMITS, DASHBOARD_PRESETS, type DashboardPreset, type DashboardRange } from '../../../shared/services/dashboard';
import { useOrgTimeZone } from '../app/locale';
import { Select } from './Select';
import { FieldError } from './TextField';
import '../i18n/areas/dashboard';
import styles from './DateRangePicker.module.css';

export function DateRangePicker({
  idPrefix,
  initial,
  onRange,
  children,
}: {
  /** the fields' ids: `<idPrefix>-preset`, `-start`, `-end` */
  idPrefix: string;
  initial: Exclude<DashboardPreset, 'CUSTOM'>;
  /** a range to read; until a custom one is applied the screen keeps the one it has */
  onRange: (range: DashboardRange) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [preset, setPreset] = useState<DashboardPreset>(initial);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const problem = start && end ? customRangeProblem(start, end) : undefined;
  const zone = useOrgTimeZone();
  const label = (k: string) => t(`dashboard.metrics.${k}`, { zone });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (preset === 'CUSTOM' && start && end && !problem) onRange({ preset, start, end });
  };
  return (
    <form className={styles.controls} onSubmit={apply}>
      <div className="field">
        <label htmlFor={`${idPrefix}-preset`}>{label('range')}</label>
        <Select
          inputId={`${idPrefix}-preset`}
          label={label('range')}
          labelled
          value={preset}
          options={DASHBOARD_PRESETS.map((p) => ({ value: p, label: label(`preset.${p}`) }))}
          onChange={(e) => {
            setPreset(e.value as DashboardPreset);
            if (e.value !== 'CUSTOM') onRange({ preset: e.value as DashboardPreset });
          }}
        />
      </div>
      {preset === 'CUSTOM' && (
        <>
          <div className="field">
            <label htmlFor={`${idPrefix}-start`}>{label('start')}</label>
            <InputText id={`${idPrefix}-start`} type="date" value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${idPrefix}-end`}>{label('end')}</label>
            <InputText
              id={`${idPrefix}-end`}
              type="date"
              value={end}
              invalid={Boolean(problem)}
              aria-describedby={`${idPrefix}-end-error`}
              onChange={(e) => setEnd(e.target.value)}
            />
            <FieldError id={`${idPrefix}-end-error`} text={problem ? t(`dashboard.metrics.${problem}`, { max: DASHBOARD_LIMITS.customDays }) : undefined} />
          </div>
          <div className={styles.apply}>
            <Button type="submit" label={label('apply')} icon="pi pi-check" disabled={!start || !end || Boolean(problem)} />
          </div>
        </>
      )}
      {children}
    </form>
  );
}
