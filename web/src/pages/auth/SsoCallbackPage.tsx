/**
 * Where the guard sends a visitor without a valid login, and where the identity provider's answer arrives
 * (app/ssoReturn.ts). With the provider's code and state, the sign-in is finished on the server and the person
 * goes on where they were going; otherwise, with SSO on, to the identity provider; a native deployment (SSO
 * off) falls back to the sign-in form, keeping where the visitor was going.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Result } from '../../../../shared/services';
import { completeSignIn } from '../../api/auth';
import { call } from '../../api/client';
import { landingAfterSignIn } from '../../app/access';
import { leaveFor } from '../../api/externalAddress';
import { SSO_REDIRECT_KEY } from '../../app/ssoReturn';
import { PageSpinner } from '../../components/PageSpinner';
import '../../i18n/areas/sso';
import styles from '../system/statusPage.module.css';

type Finished = Result<'auth.checkSsoUserLoginState'>;
/** A state is spent by its first use: a second mount of this page (React's strict mode) waits on the same call. */
const finishing = new Map<string, Promise<Finished>>();

function takeRedirect(): string | null {
  try {
    const wanted = sessionStorage.getItem(SSO_REDIRECT_KEY);
    sessionStorage.removeItem(SSO_REDIRECT_KEY);
    return wanted;
  } catch {
    return null;
  }
}

export default function SsoCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error');
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const toLogin = () => {
      if (live) void navigate(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login', { replace: true });
    };
    if (providerError) {
      setFailure(t('ssoLogin.denied'));
    } else if (code && state) {
      let pending = finishing.get(state);
      if (!pending) finishing.set(state, (pending = call('auth.checkSsoUserLoginState', { code, state }, { quiet: true })));
      pending
        .then(async (answer) => {
          if (!live) return;
          if (!answer.signIn) return toLogin();
          const session = await completeSignIn(answer.signIn);
          if (live) await navigate(landingAfterSignIn(session, takeRedirect()), { replace: true });
        })
        .catch((e: unknown) => {
          if (live) setFailure(e instanceof Error && e.message ? e.message : t('ssoLogin.failed'));
        });
    } else {
      call('auth.checkSsoUserLoginState', {}, { quiet: true })
        .then((s) => {
          if (!(s.enabled && s.loginUrl && leaveFor(s.loginUrl))) toLogin();
        })
        .catch(toLogin);
    }
    return () => {
      live = false;
    };
  }, [navigate, redirect, code, state, providerError, t]);

  if (failure) {
    return (
      <div className={styles.centerPage}>
        <h1>{t('ssoLogin.failed')}</h1>
        <p role="alert">{failure}</p>
        <Link to="/login">{t('ssoLogin.again')}</Link>
      </div>
    );
  }
  return (
    <div className={styles.centerPage}>
      <PageSpinner />
      <p>{code ? t('ssoLogin.signingIn') : t('sso.checking')}</p>
    </div>
  );
}
