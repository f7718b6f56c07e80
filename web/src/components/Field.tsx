/**
 * A labelled form field: the label, the control it names, a hint under it and the field's message. The control
 * gets `<id>-hint` or `<id>-error` through `describedBy` to point its aria-describedby at them.
 */
import { InputTextarea, type InputTextareaProps } from 'primereact/inputtextarea';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select, type SelectProps } from './Select';
import { FieldError } from './TextField';

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;
/** what a field's control is described by: its message, else its hint */
export const describedBy = (id: string, error?: string, hint?: ReactNode) => (error ? errorId(id) : hint ? hintId(id) : undefined);

export function Field({ id, label, hint, error, className, children }: { id: string; label: string; hint?: ReactNode; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={hintId(id)} className="field-hint">
          {hint}
        </small>
      )}
      <FieldError id={errorId(id)} text={error} />
    </div>
  );
}

/** A labelled text area that grows with its text. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  className,
  value,
  onChange,
  rows = 2,
  ...input
}: Omit<InputTextareaProps, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  className?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <InputTextarea
        id={id}
        value={value}
        rows={rows}
        autoResize
        invalid={Boolean(error)}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
    </Field>
  );
}

/** A labelled choice among options (the accessible Select), its hint and its message under it; a required one's label is marked. */
export function SelectField({
  id,
  label,
  hint,
  error,
  className,
  required,
  ...select
}: Omit<SelectProps, 'inputId' | 'label' | 'labelled' | 'required'> & { id: string; label: string; hint?: ReactNode; error?: string; className?: string; required?: boolean }) {
  return (
    <Field id={id} label={required ? `${label} *` : label} hint={hint} error={error} className={className}>
      <Select inputId={id} label={label} labelled invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} {...select} />
    </Field>
  );
}

type ActiveStatus = 'ACTIVE' | 'INACTIVE';

/** An ACTIVE/INACTIVE choice, as users, organizations and other records hold it. */
export function StatusField({ id, label, value, onChange }: { id: string; label: string; value: ActiveStatus; onChange: (status: ActiveStatus) => void }) {
  const { t } = useTranslation();
  const options = (['ACTIVE', 'INACTIVE'] as const).map((status) => ({ label: t(`status.${status}`), value: status }));
  return <SelectField id={id} label={label} value={value} options={options} onChange={(e) => onChange(e.value as ActiveStatus)} />;
}
