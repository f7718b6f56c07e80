/**
 * The sign-in page's button and text fields without PrimeReact's component core (its `componentbase`, 24 KB
 * gzip, which every PrimeReact component loads): the same elements and classes as `primereact/button` and
 * `primereact/inputtext` render, so the theme draws them alike. Only what the sign-in page uses; the signed-in
 * screens keep PrimeReact's components.
 */
import type { ButtonHTMLAttributes, InputHTMLAttributes } from 'react';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  label: string;
  /** a primeicons class, `pi pi-sign-in` */
  icon?: string;
  /** disabled, the icon turned into a spinner */
  loading?: boolean;
}

export function PlainButton({ label, icon, loading = false, className, disabled, type = 'button', ...button }: PlainButtonProps) {
  const off = disabled || loading;
  return (
    <button
      aria-label={label}
      {...button}
      type={type}
      disabled={off}
      className={classes(className, 'p-button p-component', off && 'p-disabled', loading && 'p-button-loading p-button-loading-left')}
      data-pc-name="button"
      data-pc-section="root"
    >
      {loading ? (
        <span className="p-button-icon p-c p-button-icon-left p-button-loading-icon pi pi-spin pi-spinner" data-pc-section="loadingicon" />
      ) : (
        icon && <span className={`p-button-icon p-c p-button-icon-left ${icon}`} data-pc-section="icon" />
      )}
      <span className="p-button-label p-c" data-pc-section="label">
        {label}
      </span>
    </button>
  );
}

export interface PlainTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> {
  id: string;
  label: string;
  value: string;
  onChange?: (value: string) => void;
  error?: string;
}

/** components/TextField's markup (label, input, error tied to it) with a plain input. */
export function PlainTextField({ id, label, value, onChange, error, className, ...input }: PlainTextFieldProps) {
  const messageId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        aria-describedby={error ? messageId : undefined}
        onChange={onChange && ((e) => onChange(e.target.value))}
        className={classes('p-inputtext p-component', value !== '' && 'p-filled', error && 'p-invalid', input.disabled && 'p-disabled', className)}
        data-pc-name="inputtext"
        data-pc-section="root"
      />
      {/* components/TextField's FieldError, which comes with PrimeReact's InputText */}
      {error && (
        <small id={messageId} className="p-error field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
