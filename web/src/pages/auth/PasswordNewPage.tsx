/** Setting a password from a mailed link (`#/password-new?token=...`): forgot password and invitations. */
import { Button } from 'primereact/button';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '../../api/client';
import { AuthCard } from '../../components/AuthCard';
import { type PasswordPair, PasswordFields, passwordPairErrors } from '../../components/PasswordFields';
import { showSuccess } from '../../ui/toastBus';

export default function PasswordNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [pair, setPair] = useState<PasswordPair>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<ReturnType<typeof passwordPairErrors>>({});
  const [busy, setBusy] = useState(false);

  const back = (
    <Link to="/login" className="auth-link">
      <i className="pi pi-arrow-left" aria-hidden="true" /> {t('forgot.backToLogin')}
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title={t('passwordNew.title')} footer={back}>
        <div className="notice notice-warn" role="alert">
          <i className="pi pi-exclamation-circle" aria-hidden="true" />
          <span>{t('passwordNew.noToken')}</span>
        </div>
        <Link to="/forgot-password" className="auth-link">
          {t('login.forgotPassword')}
        </Link>
      </AuthCard>
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = passwordPairErrors(pair, t);
    setErrors(problems);
    if (problems.password || problems.confirmPassword) return;
    setBusy(true);
    try {
      await call('auth.resetPassword', { token, ...pair });
      await navigate('/login', { replace: true });
      showSuccess(t('passwordNew.done'));
    } catch {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('passwordNew.title')} subtitle={t('passwordNew.subtitle')} footer={back}>
      <form className="form-stack" onSubmit={submit} noValidate>
        <PasswordFields value={pair} onChange={setPair} errors={errors} />
        <Button type="submit" label={t('passwordNew.submit')} icon="pi pi-check" loading={busy} className="w-full" />
      </form>
    </AuthCard>
  );
}
