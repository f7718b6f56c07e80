/**
 * The generic form dialog of a registry entity: one control per form field, checked with the same schema the
 * server uses before sending; server refusals (a taken name, a stale version) come back as the client's toast.
 */
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
import { showSuccess } from '../../ui/toastBus';
import { FIELD_CONTROLS } from './fieldControls';
import { useRefOptions } from './refs';

type Row = Record<string, unknown>;

/** A new record's starting values: the schema's defaults, else empty. */
function blank(def: CrudEntityDef): Row {
  const shape = def.schema.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
  return Object.fromEntries(
    def.crud.form.map((f) => {
      const fallback = shape[f.field].safeParse(undefined);
      return [f.field, fallback.success && fallback.data !== undefined ? fallback.data : f.kind === 'boolean' ? false : f.kind === 'number' || f.kind === 'ref' ? null : ''];
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
    setForm(record ? Object.fromEntries(def.crud.form.map((f) => [f.field, record[f.field] ?? (f.kind === 'secret' ? '' : undefined)])) : blank(def));
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
      // a rule the server checks across fields (`payload.<field>: why`) is shown at the field it names
      const named = e instanceof ApiError && e.code === '400016' ? /(?:^|\s)payload\.(\w+): ([\s\S]*)$/.exec(e.serverMessage ?? '') : null;
      const field = named && def.crud.form.some((f) => f.field === named[1]) ? named[1]! : undefined;
      if (taken) setErrors((old) => ({ ...old, [taken.field]: t([`entity.${def.name}.taken`, 'crud.taken'], { field: text(taken.field) }) }));
      else if (field && named) setErrors((old) => ({ ...old, [field]: named[2]! }));
      else handleApiError(e instanceof ApiError ? e : new ApiError('400000'));
    } finally {
      setBusy(false);
    }
  }

  const control = (f: FormField) => {
    if (f.when && !f.when.values.includes(String(form[f.when.field] ?? ''))) return null;
    const Control = FIELD_CONTROLS[f.kind];
    const options =
      f.kind === 'select'
        ? (f.options ?? []).map((o) => ({ value: o, label: text(`option.${f.field}.${o}`) }))
        : f.kind === 'ref' || f.kind === 'refs'
          ? (refOptions[f.ref ?? ''] ?? [])
          : [];
    return (
      <Control
        key={f.field}
        field={f}
        id={`${def.name}-${f.field}`}
        label={text(f.field)}
        value={form[f.field]}
        error={errors[f.field]}
        className={f.wide ? 'span-2' : undefined}
        set={(value) => set(f.field, value)}
        options={options}
        placeholder={f.kind === 'secret' ? t(record?.[`${f.field}Set`] ? 'crud.secretKeep' : 'crud.secretNew') : t('crud.choose')}
      />
    );
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
