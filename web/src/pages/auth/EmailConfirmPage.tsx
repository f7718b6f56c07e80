/** Confirming a new sign-in address from the mailed link (`#/email-confirm?token=...`); it works once. */
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/apiError';
import { call } from '../../api/client';
import { AuthCard } from '../../components/AuthCard';
import '../../i18n/areas/auth';
import cardStyles from '../../components/AuthCard.module.css';

/** `reason`: the server's own words, when it says what to do (sign in as the account first) */
type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; reason?: string };

export default function EmailConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'failed' });
  const started = useRef(false);

  useEffect(() => {
    // React's development double effect must not spend the single-use link twice.
    if (!token || started.current) return;
    started.current = true;
    call('user.confirmEmail', { token }, { quiet: true })
      .then((r) => setState({ kind: 'done', email: r.email }))
      .catch((e: unknown) => setState({ kind: 'failed', reason: e instanceof ApiError && e.code === '400017' ? (e.serverMessage ?? undefined) : undefined }));
  }, [token]);

  const toLogin = (
    <Link to="/login" className={cardStyles.authLink}>
      <i className="pi pi-sign-in" aria-hidden="true" /> {t('emailConfirm.toLogin')}
    </Link>
  );
  return (
    <AuthCard title={t('emailConfirm.title')} footer={toLogin}>
      {state.kind === 'working' && (
        <div className="notice" role="status">
          <ProgressSpinner style={{ width: 24, height: 24 }} strokeWidth="6" aria-hidden="true" />
          <span>{t('emailConfirm.working')}</span>
        </div>
      )}
      {state.kind === 'done' && (
        <div className="notice notice-success" role="status">
          <i className="pi pi-check-circle" aria-hidden="true" />
          <span>{t('emailConfirm.done', { email: state.email })}</span>
        </div>
      )}
      {state.kind === 'failed' && (
        <div className="notice notice-warn" role="alert">
          <i className="pi pi-exclamation-circle" aria-hidden="true" />
          <span>{state.reason ?? t('emailConfirm.failed')}</span>
        </div>
      )}
    </AuthCard>
  );
}
