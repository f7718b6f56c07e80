/**
 * The organization's single sign-on provider, a section of the portal users screen (/admin-pennel-sso, and
 * /admin-pennel where a native administrator first sets it up): issuer, client id, the write-only client secret
 * (the screen shows only whether one is set; leaving the field empty keeps it) and the role of new people.
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Password } from 'primereact/password';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_DOMAIN, isIssuerUrl, MAX_SSO_EMAIL_DOMAINS, type SsoSettingView } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCall, useRoleOptions } from '../../api/hooks';
import type { CallKey } from '../../api/keys';
import { TextField } from '../../components/TextField';
import { useSave } from '../../components/useSave';
import { shownName } from '../../i18n/seededNames';
import '../../i18n/areas/sso';
import { SelectField } from '../../components/Field';

const DETAIL: CallKey<'ssoSetting.detail'> = ['ssoSetting.detail', {}];

interface Form {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  defaultRoleId: string;
  /** the e-mail domains as typed, separated by commas */
  emailDomains: string;
}

const domainsOf = (typed: string) =>
  typed
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

function errorsOf(form: Form, t: (k: string) => string): Partial<Record<keyof Form, string>> {
  const errors: Partial<Record<keyof Form, string>> = {};
  if (!isIssuerUrl(form.issuer.trim())) errors.issuer = t('ssoSetting.issuerInvalid');
  if (!form.clientId.trim()) errors.clientId = t('ssoSetting.clientIdRequired');
  if (!form.defaultRoleId) errors.defaultRoleId = t('ssoSetting.defaultRoleRequired');
  const domains = domainsOf(form.emailDomains);
  if (domains.length > MAX_SSO_EMAIL_DOMAINS || domains.some((d) => !EMAIL_DOMAIN.test(d))) errors.emailDomains = t('ssoSetting.emailDomainsInvalid');
  return errors;
}

export function SsoSettingsSection() {
  const { t } = useTranslation();
  const { data, error, mutate } = useCall(DETAIL);
  const { data: roles } = useRoleOptions();
  const [form, setForm] = useState<Form>({ enabled: false, issuer: '', clientId: '', clientSecret: '', defaultRoleId: '', emailDomains: '' });
  const [shown, setShown] = useState(false);
  const { busy, save } = useSave();
  useEffect(() => {
    if (data) {
      setForm({
        enabled: data.enabled,
        issuer: data.issuer,
        clientId: data.clientId,
        clientSecret: '',
        defaultRoleId: data.defaultRoleId,
        emailDomains: data.emailDomains.join(', '),
      });
    }
  }, [data]);
  const errors = shown ? errorsOf(form, t) : {};
  const roleOptions = (roles ?? []).map((r) => ({ label: shownName(r.name), value: r.id }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (!data || Object.keys(errorsOf(form, t)).length > 0) return;
    const payload = {
      enabled: form.enabled,
      issuer: form.issuer.trim(),
      clientId: form.clientId.trim(),
      clientSecret: form.clientSecret.trim() || undefined,
      defaultRoleId: form.defaultRoleId,
      emailDomains: domainsOf(form.emailDomains),
      version: data.version,
    };
    if (await save(() => call('ssoSetting.save', payload), t('ssoSetting.saved'))) {
      setShown(false);
      void mutate();
    }
  }

  async function remove(view: SsoSettingView) {
    if (await save(() => call('ssoSetting.remove', { version: view.version }), t('ssoSetting.removed'))) void mutate();
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="sso-setting-title" data-testid="sso-setting">
      <h2 id="sso-setting-title" className="card-title">
        {t('ssoSetting.title')}
      </h2>
      <p className="muted">{t('ssoSetting.text')}</p>
      {error && <p role="alert">{t('ssoSetting.loadFailed')}</p>}
      <div className="checkbox-row">
        <Checkbox inputId="sso-enabled" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: Boolean(e.checked) })} />
        <label htmlFor="sso-enabled">{t('ssoSetting.enabled')}</label>
      </div>
      <div className="form-grid">
        <TextField
          id="sso-issuer"
          label={`${t('ssoSetting.issuer')} *`}
          value={form.issuer}
          maxLength={500}
          inputMode="url"
          hint={t('ssoSetting.issuerHint')}
          error={errors.issuer}
          onChange={(issuer) => setForm({ ...form, issuer })}
        />
        <TextField
          id="sso-client-id"
          label={`${t('ssoSetting.clientId')} *`}
          value={form.clientId}
          maxLength={255}
          error={errors.clientId}
          onChange={(clientId) => setForm({ ...form, clientId })}
        />
        <div className="field">
          <label htmlFor="sso-client-secret">{t('ssoSetting.clientSecret')}</label>
          <Password
            inputId="sso-client-secret"
            value={form.clientSecret}
            feedback={false}
            toggleMask
            autoComplete="off"
            placeholder={data?.clientSecretSet ? t('ssoSetting.keepPlaceholder') : ''}
            aria-describedby="sso-client-secret-message"
            onChange={(e) => setForm({ ...form, clientSecret: e.target.value })}
          />
          <small id="sso-client-secret-message" className="muted">
            {data?.clientSecretSet ? t('ssoSetting.isSet') : t('ssoSetting.notSet')}
          </small>
        </div>
        <SelectField
          id="sso-default-role"
          label={t('ssoSetting.defaultRole')}
          required
          error={errors.defaultRoleId}
          value={form.defaultRoleId || null}
          options={roleOptions}
          onChange={(e) => setForm({ ...form, defaultRoleId: e.value as string })}
        />
        <TextField
          id="sso-email-domains"
          label={t('ssoSetting.emailDomains')}
          value={form.emailDomains}
          maxLength={2000}
          hint={t('ssoSetting.emailDomainsHint')}
          error={errors.emailDomains}
          onChange={(emailDomains) => setForm({ ...form, emailDomains })}
        />
      </div>
      {data && (
        <dl className="muted">
          <dt>{t('ssoSetting.redirectUri')}</dt>
          <dd>
            <code data-testid="sso-redirect-uri">{data.redirectUri}</code>
          </dd>
          <dt>{t('ssoSetting.postLogoutRedirectUri')}</dt>
          <dd>
            <code>{data.postLogoutRedirectUri}</code>
          </dd>
        </dl>
      )}
      <div className="form-actions">
        {data && data.version > 0 && (
          <Button type="button" label={t('ssoSetting.remove')} icon="pi pi-trash" severity="danger" outlined disabled={busy} onClick={() => void remove(data)} />
        )}
        <Button type="submit" label={t('common.save')} icon="pi pi-check" loading={busy} disabled={!data} />
      </div>
    </form>
  );
}
