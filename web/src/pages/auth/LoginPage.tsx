import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { completeSignIn } from '../../api/auth';
import { call } from '../../api/client';
import { useSession } from '../../api/hooks';
import { landingPath } from '../../app/access';
import { PRODUCT_NAME } from '../../app/constants';
// PrimeReact's look without its component core: the page the portal opens on loads as little as it can
import { PlainButton as Button, PlainTextField as TextField } from '../../app/plainControls';
import { AuthCard } from '../../components/AuthCard';
import { clearedErrors } from '../../components/fieldErrors';
import cardStyles from '../../components/AuthCard.module.css';
import { SsoSignIn } from './SsoSignIn';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  // filled in after a password was set from a mailed link
  const [username, setUsername] = useState(() => (location.state as { username?: string } | null)?.username ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const session = useSession();

  // Already signed in (a bookmark, the back button): straight on to the start page.
  if (session && !session.ended && !busy) return <Navigate to={landingPath(session, params.get('redirect'))} replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = {
      username: username.trim() ? undefined : t('validation.usernameRequired'),
      password: password ? undefined : t('validation.passwordRequired'),
    };
    setErrors(problems);
    if (problems.username || problems.password) return;
    setBusy(true);
    try {
      const signIn = await call('auth.login', { username: username.trim(), password });
      const session = await completeSignIn(signIn);
      await navigate(landingPath(session, params.get('redirect')), { replace: true });
    } catch {
      // the toast says what went wrong (710002: wrong username or password)
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('login.title', { product: PRODUCT_NAME })}
      subtitle={t('login.subtitle')}
      footer={
        <Link to="/forgot-password" className={cardStyles.authLink}>
          {t('login.forgotPassword')}
        </Link>
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
      <SsoSignIn initialCode={params.get('sso')} redirect={params.get('redirect')} />
    </AuthCard>
  );
}
