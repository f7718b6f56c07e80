/** The push channel dialog: a channel's service, credentials and applications, added or edited. */
import { Checkbox } from 'primereact/checkbox';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APNS_AUTH_METHODS, PUSH_SERVICE_TYPES } from '../../../../shared/entities';
import type { PushChannelView } from '../../../../shared/services';
import { call } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { Select } from '../../components/Select';
import { FieldError, TextField } from '../../components/TextField';
import { useSave } from '../../components/useSave';
import { type ServiceType, type AuthMethod, type Form, EMPTY, formOf, errorsOf, payloadOf, readFile } from './pushChannelForm';
import { FileField } from './FileField';

export function ChannelDialog({
  editing,
  apps,
  onClose,
  onSaved,
}: {
  editing: PushChannelView | null | undefined;
  apps: { id: string; name: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const stored = editing ?? undefined;
  const [form, setForm] = useState<Form>(stored ? formOf(stored) : EMPTY);
  const [shown, setShown] = useState(false);
  const { busy, save } = useSave();
  const errors = shown ? errorsOf(form, stored, t) : {};
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const keeps = (kind: 'GCM' | AuthMethod) => Boolean(stored?.credentialSet && (kind === 'GCM' ? stored.type === 'GCM' : stored.type !== 'GCM' && stored.authMethod === kind));

  async function submit() {
    setShown(true);
    if (Object.keys(errorsOf(form, stored, t)).length > 0) return;
    const name = form.title.trim();
    if (await save(() => call('pushChannelSetting.save', payloadOf(form)), t('pushChannel.saved', { name }))) onSaved();
  }

  const file = (field: 'tokenKey' | 'certificate' | 'serviceJson', as: 'text' | 'base64') => async (f: File) => {
    const content = await readFile(f, as).catch(() => '');
    set({ [field]: content, [`${field}Name`]: f.name } as Partial<Form>);
  };

  return (
    <FormDialog
      id="push-channel-dialog"
      header={stored ? t('pushChannel.editTitle', { name: stored.title }) : t('pushChannel.addTitle')}
      visible
      onHide={onClose}
      onSubmit={submit}
      busy={busy}
      wide
    >
      <div className="form-grid">
        <TextField id="push-title" label={t('pushChannel.field.title')} value={form.title} maxLength={100} error={errors.title} onChange={(title) => set({ title })} />
        <div className="field">
          <Select
            inputId="push-app"
            label={t('pushChannel.field.app')}
            value={form.appId}
            options={apps.map((a) => ({ label: a.name, value: a.id }))}
            invalid={Boolean(errors.appId)}
            aria-describedby="push-app-error"
            onChange={(e) => set({ appId: String(e.value) })}
          />
          <FieldError id="push-app-error" text={errors.appId} />
        </div>
        <div className="field">
          <Select
            inputId="push-type"
            label={t('pushChannel.field.type')}
            value={form.type}
            options={PUSH_SERVICE_TYPES.map((v) => ({ label: t(`pushChannel.type.${v}`), value: v }))}
            invalid={Boolean(errors.type)}
            aria-describedby="push-type-error"
            onChange={(e) => set({ type: e.value as ServiceType })}
          />
          <FieldError id="push-type-error" text={errors.type} />
        </div>
        {form.type && form.type !== 'GCM' && (
          <>
            <div className="field">
              <Select
                inputId="push-auth"
                label={t('pushChannel.field.authMethod')}
                value={form.authMethod}
                options={APNS_AUTH_METHODS.map((v) => ({ label: t(`pushChannel.auth.${v}`), value: v }))}
                invalid={Boolean(errors.authMethod)}
                aria-describedby="push-auth-error"
                onChange={(e) => set({ authMethod: e.value as AuthMethod })}
              />
              <FieldError id="push-auth-error" text={errors.authMethod} />
            </div>
            <TextField
              id="push-bundle"
              label={t('pushChannel.field.bundleId')}
              value={form.bundleId}
              maxLength={200}
              error={errors.bundleId}
              onChange={(bundleId) => set({ bundleId })}
            />
            {form.authMethod === 'KEY' ? (
              <>
                <TextField
                  id="push-team"
                  label={t('pushChannel.field.teamId')}
                  value={form.teamId}
                  maxLength={10}
                  error={errors.teamId}
                  onChange={(teamId) => set({ teamId: teamId.toUpperCase() })}
                />
                <TextField
                  id="push-key-id"
                  label={t('pushChannel.field.keyId')}
                  value={form.keyId}
                  maxLength={10}
                  error={errors.keyId}
                  onChange={(keyId) => set({ keyId: keyId.toUpperCase() })}
                />
                <FileField
                  id="push-token-key"
                  label={t('pushChannel.field.tokenKey')}
                  accept=".p8"
                  chosen={form.tokenKeyName}
                  set={keeps('KEY')}
                  error={errors.tokenKey}
                  onFile={file('tokenKey', 'text')}
                />
              </>
            ) : (
              <>
                <FileField
                  id="push-certificate"
                  label={t('pushChannel.field.certificate')}
                  accept=".p12,.pfx"
                  chosen={form.certificateName}
                  set={keeps('CERTIFICATE')}
                  error={errors.certificate}
                  onFile={file('certificate', 'base64')}
                />
                <div className="field">
                  <label htmlFor="push-certificate-password">{t('pushChannel.field.certificatePassword')}</label>
                  <Password
                    inputId="push-certificate-password"
                    value={form.certificatePassword}
                    feedback={false}
                    toggleMask
                    autoComplete="off"
                    onChange={(e) => set({ certificatePassword: e.target.value })}
                  />
                </div>
              </>
            )}
          </>
        )}
        {form.type === 'GCM' && (
          <FileField
            id="push-service-json"
            label={t('pushChannel.field.serviceJson')}
            accept=".json,application/json"
            chosen={form.serviceJsonName}
            set={keeps('GCM')}
            error={errors.serviceJson}
            onFile={file('serviceJson', 'text')}
          />
        )}
        <div className="field-checkbox">
          <Checkbox inputId="push-default" checked={form.isDefault} onChange={(e) => set({ isDefault: Boolean(e.checked) })} />
          <label htmlFor="push-default">{t('pushChannel.field.isDefault')}</label>
        </div>
        <div className="field-checkbox">
          <Checkbox inputId="push-enabled" checked={form.enabled} onChange={(e) => set({ enabled: Boolean(e.checked) })} />
          <label htmlFor="push-enabled">{t('pushChannel.field.enabled')}</label>
        </div>
      </div>
    </FormDialog>
  );
}
