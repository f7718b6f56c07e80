/**
 * The generic form dialog of a registry entity: one control per form field, checked with the same schema the
 * server uses before sending; server refusals (a taken name, a stale version) come back as the client's toast.
 */
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputTextarea } from 'primereact/inputtextarea';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../../../../shared/entities/entity';
import { type CrudEntityDef, crudSavePayload, type ServiceName } from '../../../../shared/services';
import { ApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { useConfiguration } from '../../api/hooks';
import { handleApiError } from '../../api/errorHandler';
import { FormDialog } from '../../components/FormDialog';
import { LocationPicker } from '../../components/LocationPicker';
import { fieldErrorsOf, safeParseIn } from '../../components/schemaErrors';
import { Select } from '../../components/Select';
import { FieldError, TextField } from '../../components/TextField';
import { showSuccess } from '../../ui/toastBus';
import { useRefOptions } from './refs';

type Row = Record<string, unknown>;

/** A new record's starting values: the schema's defaults, else empty. */
function blank(def: CrudEntityDef): Row {
  const shape = def.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
  return Object.fromEntries(
    def.crud.form.map((f) => {
      const fallback = shape[f.field].safeParse(undefined);
      return [f.field, fallback.success ? fallback.data : f.kind === 'boolean' ? false : f.kind === 'number' || f.kind === 'ref' ? null : ''];
    }),
  );
}

export function EntityForm({ def, record, visible, onHide, onSaved }: { def: CrudEntityDef; record: Row | null; visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  // a field's label may sit under `fields` when its name is one of the entity's own keys (a folder's `title`)
  const text = (key: string, opts?: Record<string, unknown>) => t([`entity.${def.name}.fields.${key}`, `entity.${def.name}.${key}`], opts);
  const schema = useMemo(() => crudSavePayload(def), [def]);
  const [form, setForm] = useState<Row>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const refOptions = useRefOptions(def.crud.form.flatMap((f) => (f.ref ? [f.ref] : [])));
  const map = def.crud.map;
  const configuration = useConfiguration();

  useEffect(() => {
    if (!visible) return;
    setForm(record ? Object.fromEntries(def.crud.form.map((f) => [f.field, record[f.field]])) : blank(def));
    setErrors({});
  }, [visible, record, def]);

  function set(field: string, value: unknown) {
    setForm((f) => ({ ...f, [field]: value }));
    // a corrected field loses its old message at once
    setErrors((e) => ({ ...e, [field]: '' }));
  }

  async function submit() {
    // a cleared choice is no value, as the schema reads optional fields
    const given = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== null));
    const payload = { ...(record ? { id: record.id, version: record.version } : {}), ...given };
    const parsed = safeParseIn(schema, payload);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error, (path) => String(path[0])));
      return;
    }
    setBusy(true);
    try {
      const saved = await call(`${def.name}.save` as ServiceName, parsed.data as never, { quiet: true });
      const title = String((saved as Row)[def.crud.titleField] ?? '');
      showSuccess(t(record ? 'crud.saved' : 'crud.created', { name: title }));
      onSaved();
      onHide();
    } catch (e) {
      // A taken unique value is shown at its field; anything else (a stale version, a lost session) as usual.
      const taken = e instanceof ApiError ? (def.crud.unique ?? []).find((u) => u.code === e.code) : undefined;
      if (taken) setErrors((old) => ({ ...old, [taken.field]: t([`entity.${def.name}.taken`, 'crud.taken'], { field: text(taken.field) }) }));
      else handleApiError(e instanceof ApiError ? e : new ApiError('400000'));
    } finally {
      setBusy(false);
    }
  }

  const control = (f: FormField) => {
    const id = `${def.name}-${f.field}`;
    const label = text(f.field);
    const value = form[f.field];
    const wide = f.wide ? 'span-2' : undefined;
    switch (f.kind) {
      case 'textarea':
        return (
          <div key={f.field} className={`field ${wide ?? ''}`}>
            <label htmlFor={id}>{label}</label>
            <InputTextarea
              id={id}
              value={String(value ?? '')}
              rows={3}
              autoResize
              invalid={Boolean(errors[f.field])}
              aria-describedby={`${id}-error`}
              onChange={(e) => set(f.field, e.target.value)}
            />
            <FieldError id={`${id}-error`} text={errors[f.field]} />
          </div>
        );
      case 'number':
        return (
          <div key={f.field} className={`field ${wide ?? ''}`}>
            <label htmlFor={id}>{label}</label>
            <InputNumber
              inputId={id}
              value={(value as number | null) ?? null}
              invalid={Boolean(errors[f.field])}
              aria-describedby={`${id}-error`}
              maxFractionDigits={6}
              onChange={(e) => set(f.field, e.value ?? undefined)}
            />
            <FieldError id={`${id}-error`} text={errors[f.field]} />
          </div>
        );
      case 'boolean':
        return (
          <div key={f.field} className={`field checkbox-row ${wide ?? ''}`}>
            <Checkbox inputId={id} checked={Boolean(value)} onChange={(e) => set(f.field, Boolean(e.checked))} />
            <label htmlFor={id}>{label}</label>
          </div>
        );
      case 'select':
        return (
          <div key={f.field} className={`field ${wide ?? ''}`}>
            <label htmlFor={id}>{label}</label>
            <Select
              inputId={id}
              label={label}
              labelled
              value={value ?? null}
              options={(f.options ?? []).map((o) => ({ value: o, label: text(`option.${f.field}.${o}`) }))}
              placeholder={t('crud.choose')}
              invalid={Boolean(errors[f.field])}
              onChange={(e) => set(f.field, e.value)}
            />
            <FieldError id={`${id}-error`} text={errors[f.field]} />
          </div>
        );
      case 'ref':
        return (
          <div key={f.field} className={`field ${wide ?? ''}`}>
            <label htmlFor={id}>{label}</label>
            <Select
              inputId={id}
              label={label}
              labelled
              value={value ?? null}
              options={refOptions[f.ref ?? ''] ?? []}
              placeholder={t('crud.choose')}
              showClear
              invalid={Boolean(errors[f.field])}
              onChange={(e) => set(f.field, e.value ?? null)}
            />
            <FieldError id={`${id}-error`} text={errors[f.field]} />
          </div>
        );
      case 'refs':
        return (
          <div key={f.field} className={`field ${wide ?? ''}`}>
            <label htmlFor={id}>{label}</label>
            <MultiSelect
              inputId={id}
              value={(value as string[] | undefined) ?? []}
              options={refOptions[f.ref ?? ''] ?? []}
              display="chip"
              filter
              placeholder={t('crud.choose')}
              invalid={Boolean(errors[f.field])}
              aria-describedby={`${id}-error`}
              pt={{ headerCheckbox: { input: { 'aria-label': label } }, filterInput: { 'aria-label': label } }}
              onChange={(e) => set(f.field, e.value as string[])}
            />
            <FieldError id={`${id}-error`} text={errors[f.field]} />
          </div>
        );
      case 'color':
        return (
          <TextField key={f.field} id={id} label={label} value={String(value ?? '')} maxLength={7} error={errors[f.field]} fieldClassName={wide} onChange={(v) => set(f.field, v)}>
            <span className="color-swatch" style={{ background: /^#[0-9a-f]{6}$/i.test(String(value)) ? String(value) : 'transparent' }} aria-hidden="true" />
          </TextField>
        );
      default:
        return (
          <TextField
            key={f.field}
            id={id}
            type={f.kind === 'email' ? 'email' : f.kind === 'url' ? 'url' : 'text'}
            label={label}
            value={String(value ?? '')}
            error={errors[f.field]}
            fieldClassName={wide}
            onChange={(v) => set(f.field, v)}
          />
        );
    }
  };

  return (
    <FormDialog id={`${def.name}-dialog`} header={t(record ? 'crud.edit' : 'crud.add', { one: text('one') })} visible={visible} onHide={onHide} onSubmit={submit} busy={busy} wide>
      {map && (
        <LocationPicker
          key={String(record?.id ?? 'new')}
          latitude={form[map.latitude] as number | null}
          longitude={form[map.longitude] as number | null}
          radiusMetres={map.radius ? Number(form[map.radius] ?? 0) * (map.radiusUnit && form[map.radiusUnit] === 'KM' ? 1000 : 1) : null}
          tileUrl={String(configuration.data?.systemBaseSetting.mapTileUrl ?? '') || undefined}
          attribution={String(configuration.data?.systemBaseSetting.mapAttribution ?? '')}
          onPick={(latitude, longitude) => {
            set(map.latitude, latitude);
            set(map.longitude, longitude);
          }}
        />
      )}
      {def.crud.form.map(control)}
    </FormDialog>
  );
}
