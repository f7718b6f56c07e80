/** Add or edit an organization: name, code, short code, intro, icon, the multi-device flag and the app feature JSON. */
import { Checkbox } from 'primereact/checkbox';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appFeatureJson, type OrganizationView } from '../../../../shared/services';
import { call } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { FieldError, TextField } from '../../components/TextField';
import { clearedErrors } from '../../components/fieldErrors';
import { useSave } from '../../components/useSave';
import { StatusField } from '../../components/Field';

type Form = Pick<OrganizationView, 'name' | 'code' | 'shortCode' | 'intro' | 'icon' | 'status' | 'supportSendMultiDevicesPerUser' | 'appFeatureJson'>;
type Errors = Partial<Record<'name' | 'code' | 'appFeatureJson', string>>;
const EMPTY: Form = { name: '', code: '', shortCode: '', intro: '', icon: '', status: 'ACTIVE', supportSendMultiDevicesPerUser: false, appFeatureJson: '' };

export function OrganizationDialog({ org, visible, onHide, onSaved }: { org: OrganizationView | null; visible: boolean; onHide: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, save } = useSave();
  const change = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => clearedErrors(e, Object.keys(patch)));
  };

  useEffect(() => {
    if (!visible) return;
    setForm(org ? { ...EMPTY, ...org } : EMPTY);
    setErrors({});
  }, [visible, org]);

  async function submit() {
    const required = (label: string) => t('validation.inputRequired', { param: label });
    const problems: Errors = {
      name: form.name.trim() ? undefined : required(t('organization.field.name')),
      code: form.code.trim() ? undefined : required(t('organization.field.code')),
      appFeatureJson: appFeatureJson.safeParse(form.appFeatureJson).success ? undefined : t('organization.appFeatureJsonInvalid'),
    };
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    const saved = await save(
      () => call('organization.save', { ...form, ...(org ? { id: org.id, version: org.version } : {}) }),
      t('organization.saved', { name: form.name.trim() }),
    );
    if (!saved) return;
    onSaved();
    onHide();
  }

  return (
    <FormDialog
      id="organization-dialog"
      header={org ? t('organization.editTitle', { name: org.name }) : t('organization.addTitle')}
      visible={visible}
      onHide={onHide}
      onSubmit={submit}
      busy={busy}
      wide
    >
      <TextField id="org-name" label={`${t('organization.field.name')} *`} value={form.name} maxLength={100} error={errors.name} onChange={(name) => change({ name })} />
      <TextField id="org-code" label={`${t('organization.field.code')} *`} value={form.code} maxLength={50} error={errors.code} onChange={(code) => change({ code })} />
      <TextField id="org-short-code" label={t('organization.field.shortCode')} value={form.shortCode} maxLength={20} onChange={(shortCode) => change({ shortCode })} />
      <TextField id="org-icon" label={t('organization.field.icon')} value={form.icon} maxLength={2048} onChange={(icon) => change({ icon })} />
      <StatusField id="org-status" label={t('organization.field.status')} value={form.status} onChange={(status) => change({ status })} />
      <div className="field field-checkbox span-2">
        <Checkbox
          inputId="org-multi-device"
          checked={form.supportSendMultiDevicesPerUser}
          aria-describedby="org-multi-device-hint"
          onChange={(e) => change({ supportSendMultiDevicesPerUser: Boolean(e.checked) })}
        />
        <label htmlFor="org-multi-device">{t('organization.field.multiDevice')}</label>
        <small id="org-multi-device-hint" className="field-hint">
          {t('organization.field.multiDeviceHint')}
        </small>
      </div>
      <div className="field span-2">
        <label htmlFor="org-intro">{t('organization.field.intro')}</label>
        <InputTextarea id="org-intro" value={form.intro} rows={2} maxLength={1000} onChange={(e) => change({ intro: e.target.value })} />
      </div>
      <div className="field span-2">
        <label htmlFor="org-app-feature-json">{t('organization.field.appFeatureJson')}</label>
        <InputTextarea
          id="org-app-feature-json"
          value={form.appFeatureJson}
          rows={4}
          invalid={Boolean(errors.appFeatureJson)}
          aria-describedby="org-app-feature-json-error"
          onChange={(e) => change({ appFeatureJson: e.target.value })}
        />
        {errors.appFeatureJson ? (
          <FieldError id="org-app-feature-json-error" text={errors.appFeatureJson} />
        ) : (
          <small id="org-app-feature-json-error" className="muted">
            {t('organization.field.appFeatureJsonHint')}
          </small>
        )}
      </div>
    </FormDialog>
  );
}
