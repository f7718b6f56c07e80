import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { completeSignIn } from '../../api/auth';
import { call } from '../../api/client';
import { useSession } from '../../api/hooks';
import { landingPath } from '../../app/access';
import { PRODUCT_NAME } from '../../app/constants';
import { AuthCard, FieldError } from '../../components/AuthCard';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
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
        <Link to="/forgot-password" className="auth-link">
          {t('login.forgotPassword')}
        </Link>
      }
    >
      <form className="form-stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="username">{t('login.username')}</label>
          <InputText
            id="username"
            name="username"
            autoComplete="username"
            autoFocus
            value={username}
            invalid={Boolean(errors.username)}
            aria-describedby="username-error"
            onChange={(e) => setUsername(e.target.value)}
          />
          <FieldError id="username-error" text={errors.username} />
        </div>
        <div className="field">
          <label htmlFor="password">{t('login.password')}</label>
          <InputText
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            invalid={Boolean(errors.password)}
            aria-describedby="password-error"
            onChange={(e) => setPassword(e.target.value)}
          />
          <FieldError id="password-error" text={errors.password} />
        </div>
        <Button type="submit" label={t('login.submit')} icon="pi pi-sign-in" loading={busy} className="w-full" />
      </form>
    </AuthCard>
  );
}
