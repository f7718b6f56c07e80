/**
 * The paragraph's long text: the renderer's rich-text subset (bold, italic, underline, links, line breaks)
 * written as markup, with buttons that wrap the selected words.
 */
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../components/TextField';
import styles from './RichTextField.module.css';

/** PrimeIcons has no bold, italic or underline icon: those buttons show a styled letter. */
const FORMATS = [
  { key: 'bold', letter: 'B', open: '<b>', close: '</b>' },
  { key: 'italic', letter: 'I', open: '<i>', close: '</i>' },
  { key: 'underline', letter: 'U', open: '<u>', close: '</u>' },
  { key: 'link', icon: 'pi pi-link', open: '<a href="https://">', close: '</a>' },
] as const;

export function RichTextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  maxLength?: number;
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLTextAreaElement>(null);

  function wrap(open: string, close: string) {
    const el = area.current;
    if (!el) return;
    const { selectionStart: start, selectionEnd: end } = el;
    onChange(value.slice(0, start) + open + value.slice(start, end) + close + value.slice(end));
    // keep the wrapped words selected once React has written the new value
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + open.length, end + open.length);
    });
  }

  const messageId = `${id}-error`;
  return (
    <div className={`field ${styles.richTextField}`}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.formatBar} role="toolbar" aria-label={t('template.format.toolbar')} aria-controls={id}>
        {FORMATS.map((f) => (
          <Button
            key={f.key}
            type="button"
            icon={'icon' in f ? f.icon : undefined}
            label={'letter' in f ? f.letter : undefined}
            className={styles[f.key]}
            text
            size="small"
            aria-label={t(`template.format.${f.key}`)}
            onClick={() => wrap(f.open, f.close)}
          />
        ))}
      </div>
      <InputTextarea
        ref={area}
        id={id}
        value={value}
        rows={5}
        autoResize
        maxLength={maxLength}
        invalid={Boolean(error)}
        aria-describedby={messageId}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <FieldError id={messageId} text={error} />
      ) : (
        <small id={messageId} className="field-hint">
          {hint}
        </small>
      )}
    </div>
  );
}
