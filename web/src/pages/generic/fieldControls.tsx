/**
 * The entity form's control for each kind of form field, one renderer a kind, each inside the same labelled field
 * (label, control, message).
 */
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { MultiSelect } from 'primereact/multiselect';
import type { ReactNode } from 'react';
import type { FormField } from '../../../../shared/entities/entity';
import { errorId, Field, TextAreaField } from '../../components/Field';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import styles from '../../components/colorSwatch.module.css';
import type { ControlProps } from './controlProps';
import { HeadersControl } from './HeadersControl';
import { ModelFieldsControl } from './ModelFieldsControl';

export type { ControlProps } from './controlProps';

const invalid = (error: string | undefined) => Boolean(error);
const swatch = (value: unknown) => (/^#[0-9a-f]{6}$/i.test(String(value)) ? String(value) : 'transparent');

function textControl(type: 'text' | 'email' | 'url') {
  return ({ id, label, value, error, className, set }: ControlProps) => (
    <TextField id={id} type={type} label={label} value={String(value ?? '')} error={error} fieldClassName={className} onChange={set} />
  );
}

export const FIELD_CONTROLS: Record<FormField['kind'], (props: ControlProps) => ReactNode> = {
  text: textControl('text'),
  email: textControl('email'),
  url: textControl('url'),
  textarea: ({ id, label, value, error, className, set }) => (
    <TextAreaField id={id} label={label} value={String(value ?? '')} rows={3} error={error} className={className} aria-describedby={errorId(id)} onChange={set} />
  ),
  number: ({ id, label, value, error, className, set }) => (
    <Field id={id} label={label} error={error} className={className}>
      <InputNumber
        inputId={id}
        value={(value as number | null) ?? null}
        invalid={invalid(error)}
        aria-describedby={errorId(id)}
        maxFractionDigits={6}
        onChange={(e) => set(e.value ?? undefined)}
      />
    </Field>
  ),
  boolean: ({ id, label, value, className, set }) => (
    <div className={`field checkbox-row ${className ?? ''}`}>
      <Checkbox inputId={id} checked={Boolean(value)} onChange={(e) => set(Boolean(e.checked))} />
      <label htmlFor={id}>{label}</label>
    </div>
  ),
  select: ({ id, label, value, error, className, set, options, placeholder }) => (
    <Field id={id} label={label} error={error} className={className}>
      <Select inputId={id} label={label} labelled value={value ?? null} options={options} placeholder={placeholder} invalid={invalid(error)} onChange={(e) => set(e.value)} />
    </Field>
  ),
  ref: ({ id, label, value, error, className, set, options, placeholder }) => (
    <Field id={id} label={label} error={error} className={className}>
      <Select
        inputId={id}
        label={label}
        labelled
        value={value ?? null}
        options={options}
        placeholder={placeholder}
        showClear
        invalid={invalid(error)}
        onChange={(e) => set(e.value ?? null)}
      />
    </Field>
  ),
  refs: ({ id, label, value, error, className, set, options, placeholder }) => (
    <Field id={id} label={label} error={error} className={className}>
      <MultiSelect
        inputId={id}
        value={(value as string[] | undefined) ?? []}
        options={options}
        display="chip"
        filter
        placeholder={placeholder}
        invalid={invalid(error)}
        aria-describedby={errorId(id)}
        pt={{ headerCheckbox: { input: { 'aria-label': label } }, filterInput: { 'aria-label': label } }}
        onChange={(e) => set(e.value as string[])}
      />
    </Field>
  ),
  // written only: the form starts empty, and empty keeps the stored one
  secret: ({ id, label, value, error, className, set, placeholder }) => (
    <TextField
      id={id}
      type="password"
      autoComplete="new-password"
      label={label}
      value={String(value ?? '')}
      error={error}
      fieldClassName={className}
      placeholder={placeholder}
      onChange={set}
    />
  ),
  headers: HeadersControl,
  modelFields: ModelFieldsControl,
  color: ({ id, label, value, error, className, set }) => (
    <TextField id={id} label={label} value={String(value ?? '')} maxLength={7} error={error} fieldClassName={className} onChange={set}>
      <span className={styles.colorSwatch} style={{ background: swatch(value) }} aria-hidden="true" />
    </TextField>
  ),
};
