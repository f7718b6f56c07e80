/**
 * Where the guard sends a visitor without a valid login. With SSO on, it goes to the identity provider; a
 * native deployment (SSO off) falls back to the sign-in form, keeping where the visitor was going.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import { PageSpinner } from '../../router/RootShell';
import styles from '../system/statusPage.module.css';

export default function SsoCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');

  useEffect(() => {
    let live = true;
    const toLogin = () => {
      if (live) void navigate(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login', { replace: true });
    };
    call('auth.checkSsoUserLoginState', {}, { quiet: true })
      .then((state) => {
        if (state.enabled && state.loginUrl) window.location.assign(state.loginUrl);
        else toLogin();
      })
      .catch(toLogin);
    return () => {
      live = false;
    };
  }, [navigate, redirect]);

  return (
    <div className={styles.centerPage}>
      <PageSpinner />
      <p>{t('sso.checking')}</p>
    </div>
  );
}
