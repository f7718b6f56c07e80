/** A labelled text input with its error (or hint) underneath, tied to the input for screen readers. */
import { InputText, type InputTextProps } from 'primereact/inputtext';
import type { ReactNode } from 'react';

export function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <small id={id} className="p-error field-error" role="alert">
      {text}
    </small>
  ) : null;
}

export interface TextFieldProps extends Omit<InputTextProps, 'id' | 'value' | 'onChange' | 'invalid'> {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string;
  /** shown in the error's place while there is no error */
  hint?: string;
  /** id of the error or hint element; `<id>-error` unless given */
  messageId?: string;
  /** extra class for the field box, e.g. `span-2` */
  fieldClassName?: string;
  children?: ReactNode;
}

export function TextField({ id, label, value, onChange, error, hint, messageId = `${id}-error`, fieldClassName, children, ...input }: TextFieldProps) {
  return (
    <div className={fieldClassName ? `field ${fieldClassName}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <InputText
        id={id}
        value={value}
        invalid={Boolean(error)}
        aria-describedby={error || hint ? messageId : undefined}
        onChange={onChange && ((e) => onChange(e.target.value))}
        {...input}
      />
      {error ? (
        <FieldError id={messageId} text={error} />
      ) : (
        hint && (
          <small id={messageId} className="field-hint">
            {hint}
          </small>
        )
      )}
      {children}
    </div>
  );
}
