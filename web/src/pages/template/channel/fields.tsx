/**
 * Small form pieces the channel editors share: a labelled text area, a labelled dropdown, rows of fields for a
 * list (push buttons and extras, LINE actions), and the props every editor takes.
 */
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ReactNode } from 'react';
import { Select } from '../../../components/Select';
import { FieldError } from '../../../components/TextField';
import type { Content } from './channelDraft';
import styles from './channel.module.css';

export interface EditorProps {
  /** the language's content */
  content: Content;
  language: string;
  /** replaces fields of the content; `key` names the field, so typing makes one undo step */
  set: (patch: Content, key: string) => void;
  /** the message for a field path under the language (`buttons.0.value`) once it should show */
  error: (path: string) => string | undefined;
  /** ids are unique per language */
  idPrefix: string;
}

export function AreaField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  rows = 4,
  maxLength,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
  className?: string;
}) {
  const messageId = `${id}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <InputTextarea
        id={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        autoResize
        invalid={Boolean(error)}
        aria-describedby={error || hint ? messageId : undefined}
        onChange={(e) => onChange(e.target.value)}
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
    </div>
  );
}

export function SelectField<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  error,
  className,
}: {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (v: T) => void;
  error?: string;
  className?: string;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <Select inputId={id} label={label} labelled value={value} options={[...options]} onChange={(e) => onChange(e.value as T)} invalid={Boolean(error)} />
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

export const text = (value: unknown) => (typeof value === 'string' ? value : '');
export const list = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The list with the item at `i` patched. */
export const patchAt = <T,>(items: readonly T[], i: number, patch: Partial<T>): T[] => items.map((x, j) => (j === i ? { ...x, ...patch } : x));

/** A list edited as rows of fields: each row with its remove button, then the list's message and the add button. */
export function FieldRows<T>({
  items,
  rowClassName,
  row,
  removeLabel,
  minimum = 0,
  onRemove,
  errorId,
  error,
  addLabel,
  maximum,
  onAdd,
}: {
  items: readonly T[];
  rowClassName?: string;
  /** the row's fields */
  row: (item: T, i: number) => ReactNode;
  removeLabel: (i: number) => string;
  /** rows that cannot be removed */
  minimum?: number;
  onRemove: (i: number) => void;
  errorId: string;
  error?: string;
  addLabel: string;
  maximum: number;
  onAdd: () => void;
}) {
  return (
    <>
      {items.map((item, i) => (
        <div key={i} className={`${styles.itemRow}${rowClassName ? ` ${rowClassName}` : ''}`}>
          {row(item, i)}
          <Button type="button" icon="pi pi-times" text rounded severity="secondary" aria-label={removeLabel(i)} disabled={items.length <= minimum} onClick={() => onRemove(i)} />
        </div>
      ))}
      <FieldError id={errorId} text={error} />
      <Button type="button" icon="pi pi-plus" outlined size="small" label={addLabel} disabled={items.length >= maximum} onClick={onAdd} />
    </>
  );
}
