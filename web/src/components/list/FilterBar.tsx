/** The filter row above a list: text fields (applied after a short pause), selects and yes/no choices. */
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../Select';
import filterStyles from './FilterBar.module.css';

export interface FilterField {
  name: string;
  label: string;
  type: 'text' | 'select' | 'boolean';
  options?: { label: string; value: string }[];
}

const TEXT_DELAY_MS = 300;

function TextFilter({ field, value, onChange }: { field: FilterField; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), TEXT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <IconField iconPosition="left" className={filterStyles.filterText}>
      <InputIcon className="pi pi-search" />
      <InputText
        id={`filter-${field.name}`}
        value={text}
        placeholder={field.label}
        aria-label={field.label}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && onChange(text)}
      />
    </IconField>
  );
}

export function FilterBar<F extends Record<string, unknown>>({ fields, value, onChange, initial }: { fields: FilterField[]; value: F; onChange: (next: F) => void; initial: F }) {
  const { t } = useTranslation();
  const set = (name: string, v: unknown) => onChange({ ...value, [name]: v });
  const dirty = fields.some((f) => value[f.name] !== initial[f.name]);
  return (
    <div className={filterStyles.filterBar} role="search">
      {fields.map((f) => {
        if (f.type === 'text') {
          return <TextFilter key={f.name} field={f} value={String(value[f.name] ?? '')} onChange={(v) => set(f.name, v)} />;
        }
        const options =
          f.type === 'boolean'
            ? [
                { label: t('common.yes'), value: 'true' },
                { label: t('common.no'), value: 'false' },
              ]
            : (f.options ?? []);
        const current = value[f.name];
        return (
          <Select
            key={f.name}
            inputId={`filter-${f.name}`}
            label={f.label}
            className={filterStyles.filterSelect}
            value={current === undefined ? null : String(current)}
            options={options}
            placeholder={f.label}
            showClear
            onChange={(e) => set(f.name, e.value === null || e.value === undefined ? undefined : f.type === 'boolean' ? e.value === 'true' : e.value)}
          />
        );
      })}
      {dirty && <Button type="button" text icon="pi pi-filter-slash" label={t('common.reset')} onClick={() => onChange(initial)} />}
    </div>
  );
}
