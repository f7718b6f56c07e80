/** The generic form's `modelFields` control: a model's fields, each a name, a type and whether it is required. */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { MODEL_FIELD_TYPES, type ModelField } from '../../../../shared/entities/model';
import { Select } from '../../components/Select';
import { FieldError } from '../../components/TextField';
import type { ControlProps } from './controlProps';

export function ModelFieldsControl({ id, label, value, error, className, set }: ControlProps) {
  const { t } = useTranslation();
  const entries = (Array.isArray(value) ? value : []) as ModelField[];
  const change = (i: number, patch: Partial<ModelField>) => set(entries.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  return (
    <fieldset className={`field ${className ?? ''}`} id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {entries.map((entry, i) => (
        // fields have no id of their own; their place in the list is what the form edits
        <div key={i} className="p-inputgroup" data-testid="model-field">
          <InputText aria-label={t('crud.modelFields.name', { n: i + 1 })} value={entry.name} onChange={(e) => change(i, { name: e.target.value })} />
          <Select
            inputId={`${id}-type-${i}`}
            label={t('crud.modelFields.type', { n: i + 1 })}
            value={entry.type}
            options={MODEL_FIELD_TYPES.map((type) => ({ label: t(`crud.modelFields.types.${type}`), value: type }))}
            onChange={(e) => change(i, { type: e.value as ModelField['type'] })}
          />
          <span className="p-inputgroup-addon">
            <Checkbox inputId={`${id}-required-${i}`} checked={entry.required} onChange={(e) => change(i, { required: e.checked === true })} />
            <label htmlFor={`${id}-required-${i}`} className="sr-only">
              {t('crud.modelFields.required', { n: i + 1 })}
            </label>
            <span aria-hidden="true">{t('crud.modelFields.requiredShort')}</span>
          </span>
          <Button type="button" icon="pi pi-times" outlined aria-label={t('crud.modelFields.remove', { n: i + 1 })} onClick={() => set(entries.filter((_, j) => j !== i))} />
        </div>
      ))}
      <Button type="button" icon="pi pi-plus" text label={t('crud.modelFields.add')} onClick={() => set([...entries, { name: '', type: 'TEXT', required: false }])} />
      <FieldError id={`${id}-error`} text={error} />
    </fieldset>
  );
}
