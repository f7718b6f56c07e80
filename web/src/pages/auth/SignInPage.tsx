/**
 * The sign-in form. It needs neither the router nor the signed-in portal: the sign-in entry (app/signInApp) shows
 * it on a fresh load of /login, the router's /login route (LoginPage) afterwards; each says where to go next
 * (app/signInNav). What runs after a sign-in (the session's start, the landing page) is loaded as it is needed.
 */
import { type FormEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { getSession, subscribeSession } from '../../api/session';
import { PRODUCT_NAME } from '../../app/constants';
// PrimeReact's look without its component core: the page the portal opens on loads as little as it can
import { PlainButton as Button, PlainTextField as TextField } from '../../app/plainControls';
import { SignInLink, useSignInNav } from '../../app/signInNav';
import { AuthCard } from '../../components/AuthCard';
import { clearedErrors } from '../../components/fieldErrors';
import { showError } from '../../ui/toastBus';
import cardStyles from '../../components/AuthCard.module.css';
import { SsoSignIn } from './SsoSignIn';

// What runs after a sign-in (the session's start; the start page, from the route table) comes with the portal.
const sessionStart = () => import('../../api/auth');
const access = () => import('../../app/access');

/** Where a signed-in visitor goes: onboarding first while their organization's is pending, as after the form. */
async function landingAfter(redirect: string | null): Promise<string> {
  const { landingAfterSignIn } = await access();
  return landingAfterSignIn(getSession(), redirect);
}

export function SignInPage() {
  const { t } = useTranslation();
  const nav = useSignInNav();
  const { params } = nav;
  // filled in after a password was set from a mailed link
  const [username, setUsername] = useState(() => (nav.state as { username?: string } | null)?.username ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const session = useSyncExternalStore(subscribeSession, getSession);

  // Already signed in (a bookmark, the back button): straight on to the start page.
  const leave = Boolean(session && !session.ended && !busy);
  const redirect = params.get('redirect');
  useEffect(() => {
    if (!leave) return;
    let live = true;
    void landingAfter(redirect).then((to) => live && nav.go(to, { replace: true }));
    return () => {
      live = false;
    };
  }, [leave, redirect, nav]);
  if (leave) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = {
      username: username.trim() ? undefined : t('validation.usernameRequired'),
      password: password ? undefined : t('validation.passwordRequired'),
    };
    setErrors(problems);
    if (problems.username || problems.password) return;
    setBusy(true);
    // loaded while the server checks the password (failures are the import's own again when it is awaited)
    nav.prepare?.();
    const loading = sessionStart();
    void access().catch(() => undefined);
    loading.catch(() => undefined);
    try {
      const signIn = await call('auth.login', { username: username.trim(), password });
      const { completeSignIn } = await loading;
      await completeSignIn(signIn);
      // a new organization's administrator is led through its onboarding first
      const { landingAfterSignIn } = await access();
      await nav.go(landingAfterSignIn(getSession(), redirect), { replace: true });
    } catch (e) {
      // a refused sign-in has its toast already (710002: wrong username or password); a part of the portal that
      // did not download has not
      if (!(e instanceof ApiError)) showError(t('problem.chunkFailed'));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('login.title', { product: PRODUCT_NAME })}
      subtitle={t('login.subtitle')}
      footer={
        <SignInLink to="/forgot-password" className={cardStyles.authLink}>
          {t('login.forgotPassword')}
        </SignInLink>
      }
    >
      <form className={cardStyles.formStack} onSubmit={submit} noValidate>
        <TextField
          id="username"
          name="username"
          label={t('login.username')}
          autoComplete="username"
          autoFocus
          value={username}
          error={errors.username}
          onChange={(v) => {
            setUsername(v);
            setErrors((e) => clearedErrors(e, ['username']));
          }}
        />
        <TextField
          id="password"
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(v) => {
            setPassword(v);
            setErrors((e) => clearedErrors(e, ['password']));
          }}
        />
        <Button type="submit" label={t('login.submit')} icon="pi pi-sign-in" loading={busy} className={cardStyles.fullWidth} />
      </form>
      <SsoSignIn initialCode={params.get('sso')} redirect={redirect} />
    </AuthCard>
  );
}
