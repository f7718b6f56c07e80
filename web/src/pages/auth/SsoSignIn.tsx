/**
 * "Sign in with SSO" on the sign-in page: the organization's code, then the organization's identity provider.
 * Opened already when the address names the organization (`?sso=CODE`, the sign-in address of an SSO session).
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { PlainButton as Button, PlainTextField as TextField } from '../../app/plainControls';
import { leaveFor } from '../../api/externalAddress';
import { SSO_REDIRECT_KEY } from '../../app/ssoReturn';
import cardStyles from '../../components/AuthCard.module.css';
import '../../i18n/areas/sso';
import styles from './SsoSignIn.module.css';

export function SsoSignIn({ initialCode, redirect }: { initialCode: string | null; redirect: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initialCode !== null);
  const [orgCode, setOrgCode] = useState(initialCode ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const code = orgCode.trim();
    if (!code) return setError(t('ssoLogin.orgCodeRequired'));
    setBusy(true);
    try {
      const state = await call('auth.checkSsoUserLoginState', { orgCode: code });
      if (!state.enabled || !state.loginUrl) {
        setError(t('ssoLogin.notConfigured'));
        setBusy(false);
        return;
      }
      try {
        if (redirect) sessionStorage.setItem(SSO_REDIRECT_KEY, redirect);
      } catch {
        // without storage the person lands on their start page
      }
      if (!leaveFor(state.loginUrl)) {
        setError(t('ssoLogin.notConfigured'));
        setBusy(false);
      }
    } catch {
      // the toast says what went wrong
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <div className={styles.ssoChoice}>
        <span className={styles.or}>{t('ssoLogin.or')}</span>
        <Button type="button" label={t('ssoLogin.start')} icon="pi pi-building" className={`p-button-outlined ${cardStyles.fullWidth}`} onClick={() => setOpen(true)} />
      </div>
    );
  }
  return (
    <form className={`${cardStyles.formStack} ${styles.ssoChoice}`} onSubmit={submit} noValidate aria-label={t('ssoLogin.start')}>
      <span className={styles.or}>{t('ssoLogin.or')}</span>
      <TextField
        id="sso-org-code"
        name="orgCode"
        label={t('ssoLogin.orgCode')}
        autoComplete="organization"
        autoFocus={initialCode === null}
        value={orgCode}
        error={error}
        onChange={(v) => {
          setOrgCode(v);
          setError(undefined);
        }}
      />
      <small className="muted">{t('ssoLogin.orgCodeHint')}</small>
      <Button type="submit" label={t('ssoLogin.continue')} icon="pi pi-external-link" loading={busy} className={`p-button-outlined ${cardStyles.fullWidth}`} />
    </form>
  );
}
