/**
 * The generic form's `headers` control: key, value and place (header or query) entries. Values are sealed by the
 * server and never come back: an entry read from a record shows an empty value, and left empty it keeps its own.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/Select';
import { FieldError } from '../../components/TextField';
import type { ControlProps } from './controlProps';

type Entry = { key: string; value: string; place: 'header' | 'query' };

export function HeadersControl({ id, label, value, error, className, set }: ControlProps) {
  const { t } = useTranslation();
  const entries = (Array.isArray(value) ? value : []) as Entry[];
  const change = (i: number, patch: Partial<Entry>) => set(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  return (
    <fieldset className={`field ${className ?? ''}`} id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {entries.map((entry, i) => (
        // entries have no id of their own; their place in the list is what the form edits
        <div key={i} className="p-inputgroup" data-testid="header-entry">
          <InputText aria-label={t('crud.headers.key', { n: i + 1 })} value={entry.key} onChange={(e) => change(i, { key: e.target.value })} />
          <InputText
            aria-label={t('crud.headers.value', { n: i + 1 })}
            type="password"
            autoComplete="off"
            placeholder={t('crud.secretKeep')}
            value={entry.value}
            onChange={(e) => change(i, { value: e.target.value })}
          />
          <Select
            inputId={`${id}-place-${i}`}
            label={t('crud.headers.place', { n: i + 1 })}
            value={entry.place}
            options={[
              { label: t('crud.headers.header'), value: 'header' },
              { label: t('crud.headers.query'), value: 'query' },
            ]}
            onChange={(e) => change(i, { place: e.value as Entry['place'] })}
          />
          <Button type="button" icon="pi pi-times" outlined aria-label={t('crud.headers.remove', { n: i + 1 })} onClick={() => set(entries.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button type="button" icon="pi pi-plus" text label={t('crud.headers.add')} onClick={() => set([...entries, { key: '', value: '', place: 'header' }])} />
      <FieldError id={`${id}-error`} text={error} />
    </fieldset>
  );
}
