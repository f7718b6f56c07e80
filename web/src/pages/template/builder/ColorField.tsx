/** A hex colour: typed, or picked with the browser's colour picker; empty means automatic where allowed. */
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/TextField';
import styles from './ColorField.module.css';

const HEX = /^#[0-9a-f]{6}$/i;

export function ColorField({
  id,
  label,
  value,
  onChange,
  error,
  optional,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** empty is allowed and means automatic */
  optional?: boolean;
}) {
  const { t } = useTranslation();
  const valid = HEX.test(value);
  return (
    <div className="field color-field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.colorInput}>
        <input
          type="color"
          className={styles.colorPicker}
          value={valid ? value.toLowerCase() : '#ffffff'}
          aria-label={t('template.pickColor', { name: label })}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
        <InputText
          id={id}
          value={value}
          maxLength={7}
          placeholder={optional ? t('template.automatic') : undefined}
          invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}
