import { Button } from 'primereact/button';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isValidEmail } from '../../../../shared/validation';
import { call } from '../../api/client';
import { AuthCard } from '../../components/AuthCard';
import { TextField } from '../../components/TextField';
import '../../i18n/areas/auth';
import cardStyles from '../../components/AuthCard.module.css';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    if (!isValidEmail(value)) {
      setError(t('validation.emailInvalid'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await call('auth.passwordEmail', { email: value });
      setSent(true);
    } catch {
      // shown by the toast
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Link to="/login" className={cardStyles.authLink}>
      <i className="pi pi-arrow-left" aria-hidden="true" /> {t('forgot.backToLogin')}
    </Link>
  );

  if (sent) {
    return (
      <AuthCard title={t('forgot.sentTitle')} footer={back}>
        <div className="notice notice-success" role="status">
          <i className="pi pi-envelope" aria-hidden="true" />
          <span>{t('forgot.sent')}</span>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')} footer={back}>
      <form className={cardStyles.formStack} onSubmit={submit} noValidate>
        <TextField id="email" type="email" label={t('forgot.email')} autoComplete="email" autoFocus value={email} error={error} onChange={setEmail} />
        <Button type="submit" label={t('forgot.submit')} icon="pi pi-send" loading={busy} className={cardStyles.fullWidth} />
      </form>
    </AuthCard>
  );
}
