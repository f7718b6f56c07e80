/** The property panel of one block: a control per field of its schema (see ../blockFields.ts). */
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/Select';
import { FieldError, TextField } from '../../../components/TextField';
import { blockControls, type FieldControl } from '../blockFields';
import type { BlockDraft } from '../draft';
import { AssetPicker } from './AssetPicker';
import { ColorField } from './ColorField';
import { RichTextField } from './RichTextField';
import styles from './BlockProperties.module.css';
import { RowAction } from '../../../components/list/RowAction';

const TOKEN = '{{firstName|there}}';

export function BlockProperties({
  block,
  errors,
  onChange,
}: {
  block: BlockDraft;
  /** messages per field, already limited to those to show */
  errors: Record<string, string>;
  onChange: (field: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const label = (field: string) => t(`template.field.${field}`, { defaultValue: field });

  /** A field's control; an item of a repeatable field passes its own value, setter and id. */
  const control = (
    c: FieldControl,
    value: unknown = block[c.field],
    set: (next: unknown) => void = (next) => onChange(c.field, next),
    id = `block-${block.id}-${c.field}`,
    error: string | undefined = errors[c.field],
  ): ReactNode => {
    const onChange = (_field: string, next: unknown) => set(next);
    switch (c.kind) {
      case 'items': {
        const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
        const max = c.maxItems ?? 5;
        return (
          <fieldset key={c.field} className={`${styles.itemList} span-2`} aria-describedby={error ? `${id}-error` : undefined}>
            <legend>{label(c.field)}</legend>
            {items.map((item, n) => (
              <div key={n} className={styles.itemRow} data-testid={`${id}-${n}`}>
                <div className={styles.itemHead}>
                  <span>{t('template.itemN', { n: n + 1 })}</span>
                  <RowAction icon="pi pi-times" label={t('template.removeItem', { n: n + 1 })} severity="danger" onClick={() => set(items.filter((_, i) => i !== n))} />
                </div>
                <div className="form-grid">
                  {c.fields.map((sub) =>
                    control(sub, item[sub.field], (next) => set(items.map((it, i) => (i === n ? { ...it, [sub.field]: next } : it))), `${id}-${n}-${sub.field}`, undefined),
                  )}
                </div>
              </div>
            ))}
            <Button
              type="button"
              icon="pi pi-plus"
              outlined
              label={t('template.addItem', { max })}
              disabled={items.length >= max}
              onClick={() => set([...items, { ...c.blank }])}
            />
            <FieldError id={`${id}-error`} text={error} />
          </fieldset>
        );
      }
      case 'select':
        return (
          <div key={c.field} className="field">
            <label htmlFor={id}>{label(c.field)}</label>
            <Select
              inputId={id}
              label={label(c.field)}
              labelled
              value={value ?? null}
              options={c.options.map((o) => ({ value: o, label: t(`template.option.${c.field}.${o}`, { defaultValue: String(o) }) }))}
              invalid={Boolean(error)}
              onChange={(e) => onChange(c.field, e.value)}
            />
            <FieldError id={`${id}-error`} text={error} />
          </div>
        );
      case 'number':
        return (
          <div key={c.field} className="field">
            <label htmlFor={id}>{label(c.field)}</label>
            <InputNumber
              inputId={id}
              value={typeof value === 'number' ? value : null}
              min={c.min}
              max={c.max}
              useGrouping={false}
              invalid={Boolean(error)}
              aria-describedby={`${id}-error`}
              onChange={(e) => onChange(c.field, e.value ?? undefined)}
            />
            {error ? (
              <FieldError id={`${id}-error`} text={error} />
            ) : (
              c.min !== undefined &&
              c.max !== undefined && (
                <small id={`${id}-error`} className="field-hint">
                  {t('template.hint.number', { min: c.min, max: c.max })}
                </small>
              )
            )}
          </div>
        );
      case 'color':
        return <ColorField key={c.field} id={id} label={label(c.field)} value={String(value ?? '')} error={error} optional={c.automatic} onChange={(v) => onChange(c.field, v)} />;
      case 'lines':
        return (
          <div key={c.field} className="field span-2">
            <label htmlFor={id}>{label(c.field)}</label>
            <InputTextarea
              id={id}
              value={Array.isArray(value) ? (value as string[]).join('\n') : ''}
              rows={4}
              autoResize
              invalid={Boolean(error)}
              aria-describedby={`${id}-error`}
              onChange={(e) => onChange(c.field, e.target.value.split('\n').slice(0, c.maxItems))}
            />
            {error ? (
              <FieldError id={`${id}-error`} text={error} />
            ) : (
              <small id={`${id}-error`} className="field-hint">
                {t('template.hint.lines', { max: c.maxItems ?? 20 })}
              </small>
            )}
          </div>
        );
      case 'richText':
        return (
          <RichTextField
            key={c.field}
            id={id}
            label={label(c.field)}
            value={String(value ?? '')}
            maxLength={c.maxLength}
            error={error}
            hint={`${t('template.hint.richText')} ${t('template.personalHint', { token: TOKEN })}`}
            onChange={(v) => onChange(c.field, v)}
          />
        );
      default: {
        const hint =
          c.kind === 'dimension'
            ? t('template.hint.dimension')
            : c.kind === 'url'
              ? t('template.hint.url')
              : c.kind === 'image'
                ? t('template.hint.image')
                : c.field === 'text'
                  ? t('template.personalHint', { token: TOKEN })
                  : undefined;
        return (
          <TextField
            key={c.field}
            id={id}
            label={label(c.field)}
            value={String(value ?? '')}
            maxLength={'maxLength' in c ? c.maxLength : undefined}
            inputMode={c.kind === 'url' || c.kind === 'image' ? 'url' : undefined}
            error={error}
            hint={hint}
            onChange={(v) => onChange(c.field, v)}
          >
            {/* typed addresses still work; the picker fills in an asset's public address */}
            {c.kind === 'image' && <AssetPicker onPick={(url) => onChange(c.field, url)} />}
          </TextField>
        );
      }
    }
  };

  return <div className={`form-grid ${styles.blockFields}`}>{blockControls(block.type).map((c) => control(c))}</div>;
}
