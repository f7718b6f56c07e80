/** The fields every report form asks for: the messages (with the warning above ten) and a UTC day. */
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useTranslation } from 'react-i18next';
import { PLAN_REPORT_LIMITS } from '../../../../shared/services/report';
import { useCall } from '../../api/hooks';
import { FieldError } from '../../components/TextField';
import '../../i18n/areas/report';

/** The organization's messages to report on; `id` names the control, its error and its warning. */
export function MessagesField({ id, value, onChange, error, wide }: { id: string; value: string[]; onChange: (ids: string[]) => void; error?: string; wide?: boolean }) {
  const { t } = useTranslation();
  const plans = useCall(['plan.getAll', {}], { dedupingInterval: 10_000 });
  const options = (plans.data ?? []).map((p) => ({ value: p.id, label: p.name, type: t(`campaign.settingsTab.messageTypes.${p.messageType}`) }));
  return (
    <div className={wide ? 'field span-2' : 'field'}>
      <label htmlFor={id}>{t('report.plan.messages')}</label>
      <MultiSelect
        inputId={id}
        value={value}
        options={options}
        display="chip"
        filter
        // the type beside each name, as the report's rows show it; the chips and the filter keep the name alone
        itemTemplate={(o: (typeof options)[number]) => (
          <span>
            {o.label} <span className="muted">· {o.type}</span>
          </span>
        )}
        placeholder={t('report.plan.choose')}
        emptyMessage={plans.isLoading ? t('report.plan.loading') : t('report.plan.noMessages')}
        invalid={Boolean(error)}
        aria-describedby={`${id}-error ${id}-warning`}
        pt={{ headerCheckbox: { input: { 'aria-label': t('report.plan.messages') } }, filterInput: { 'aria-label': t('report.plan.messages') } }}
        onChange={(e) => onChange(e.value as string[])}
      />
      <FieldError id={`${id}-error`} text={error} />
      {value.length > PLAN_REPORT_LIMITS.warnAbove && (
        <p id={`${id}-warning`} className="notice notice-warn" role="status">
          {t('report.plan.slow', { count: value.length, max: PLAN_REPORT_LIMITS.warnAbove })}
        </p>
      )}
    </div>
  );
}

/** A UTC day (`YYYY-MM-DD`) with its label and error. */
export function DayField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (day: string) => void; error?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <InputText id={id} type="date" value={value} invalid={Boolean(error)} aria-describedby={`${id}-error`} onChange={(e) => onChange(e.target.value)} />
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}
