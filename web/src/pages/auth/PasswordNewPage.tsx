/** Setting a password from a mailed link (`#/password-new?token=...`): forgot password and invitations. */
import { Button } from 'primereact/button';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { AuthCard } from '../../components/AuthCard';
import { type PasswordPair, PasswordFields, passwordPairErrors } from '../../components/PasswordFields';
import { showSuccess } from '../../ui/toastBus';
import { handleApiError } from '../../api/errorHandler';
import '../../i18n/areas/auth';
import { changedFields, clearedErrors } from '../../components/fieldErrors';
import cardStyles from '../../components/AuthCard.module.css';

export default function PasswordNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [pair, setPair] = useState<PasswordPair>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<ReturnType<typeof passwordPairErrors>>({});
  const [busy, setBusy] = useState(false);
  /** the link was used, replaced by a newer one, or expired (400017) */
  const [spent, setSpent] = useState(false);

  const back = (
    <Link to="/login" className={cardStyles.authLink}>
      <i className="pi pi-arrow-left" aria-hidden="true" /> {t('forgot.backToLogin')}
    </Link>
  );

  if (!token || spent) {
    return (
      <AuthCard title={t('passwordNew.title')} footer={back}>
        <div className="notice notice-warn" role="alert" data-testid="link-problem">
          <i className="pi pi-exclamation-circle" aria-hidden="true" />
          <span>{t(spent ? 'passwordNew.spent' : 'passwordNew.noToken')}</span>
        </div>
        <Link to="/forgot-password" className={cardStyles.authLink}>
          {t('passwordNew.askAgain')}
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
      const { username } = await call('auth.resetPassword', { token, ...pair }, { quiet: true });
      // the sign-in form opens with the username filled in (an invited user's username is the e-mail address)
      await navigate('/login', { replace: true, state: { username } });
      showSuccess(t('passwordNew.done'));
    } catch (e) {
      setBusy(false);
      if (e instanceof ApiError && e.code === '400017') setSpent(true);
      else handleApiError(e);
    }
  }

  return (
    <AuthCard title={t('passwordNew.title')} subtitle={t('passwordNew.subtitle')} footer={back}>
      <form className={cardStyles.formStack} onSubmit={submit} noValidate>
        <PasswordFields
          value={pair}
          onChange={(next) => {
            setPair(next);
            setErrors((e) => clearedErrors(e, changedFields(pair, next)));
          }}
          errors={errors}
        />
        <Button type="submit" label={t('passwordNew.submit')} icon="pi pi-check" loading={busy} className={cardStyles.fullWidth} />
      </form>
    </AuthCard>
  );
}
