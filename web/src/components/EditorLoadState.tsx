/** An editor page while its record loads, or when it could not: a spinner, or the reason with retry and a way back. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Page } from './Page';
import { PageSpinner } from './PageSpinner';

export function EditorLoadState({
  title,
  state,
  error,
  onRetry,
  back,
  backLabel,
}: {
  title: string;
  state: 'yes' | 'failed';
  error: string;
  onRetry: () => void;
  back: string;
  backLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      {state === 'yes' ? (
        <PageSpinner />
      ) : (
        <div className="state-error" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>{error}</span>
          <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('common.retry')} onClick={onRetry} />
          <Link to={back}>{backLabel}</Link>
        </div>
      )}
    </Page>
  );
}
