/** Changing one's own password: the current one, then the new one twice. The change ends the session. */
import { Button } from 'primereact/button';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { endSession } from '../../api/auth';
import { call } from '../../api/client';
import { useSession } from '../../api/hooks';
import { AuthCard } from '../../components/AuthCard';
import { TextField } from '../../components/TextField';
import { type PasswordPair, PasswordFields, passwordPairErrors } from '../../components/PasswordFields';
import { showSuccess } from '../../ui/toastBus';
import '../../i18n/areas/auth';
import { changedFields, clearedErrors } from '../../components/fieldErrors';
import cardStyles from '../../components/AuthCard.module.css';

export default function PasswordEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [oldPassword, setOldPassword] = useState('');
  const [pair, setPair] = useState<PasswordPair>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<{ oldPassword?: string; password?: string; confirmPassword?: string }>({});
  const [busy, setBusy] = useState(false);

  if (!session) return <Navigate to="/sso/callback?redirect=%2Fpassword-edit" replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = {
      oldPassword: oldPassword ? undefined : t('validation.inputRequired', { param: t('password.current') }),
      ...passwordPairErrors(pair, t),
    };
    setErrors(problems);
    if (problems.oldPassword || problems.password || problems.confirmPassword) return;
    setBusy(true);
    try {
      await call('auth.resetPassword', { oldPassword, ...pair });
      // A new password ends every session of the user, this one included.
      await endSession();
      await navigate('/login', { replace: true });
      showSuccess(t('passwordEdit.done'));
    } catch {
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title={t('passwordEdit.title')}
      subtitle={t('passwordEdit.subtitle', { username: session.userdetails.username })}
      footer={
        <Link to="/settings" className={cardStyles.authLink}>
          <i className="pi pi-arrow-left" aria-hidden="true" /> {t('passwordEdit.back')}
        </Link>
      }
    >
      <form className={cardStyles.formStack} onSubmit={submit} noValidate>
        <TextField
          id="old-password"
          type="password"
          label={t('password.current')}
          autoComplete="current-password"
          autoFocus
          value={oldPassword}
          error={errors.oldPassword}
          onChange={(v) => {
            setOldPassword(v);
            setErrors((e) => clearedErrors(e, ['oldPassword']));
          }}
        />
        <PasswordFields
          value={pair}
          onChange={(next) => {
            setPair(next);
            setErrors((e) => clearedErrors(e, changedFields(pair, next)));
          }}
          errors={errors}
        />
        <Button type="submit" label={t('passwordEdit.submit')} icon="pi pi-check" loading={busy} className={cardStyles.fullWidth} />
      </form>
    </AuthCard>
  );
}
