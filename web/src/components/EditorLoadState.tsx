/** An editor page while its record loads, or when it could not: a spinner, or the reason with retry and a way back. */
import { Link } from 'react-router-dom';
import { Page } from './Page';
import { PageSpinner } from './PageSpinner';
import { LoadError } from './LoadError';

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
  return (
    <Page title={title}>
      {state === 'yes' ? (
        <PageSpinner />
      ) : (
        <LoadError text={error} onRetry={onRetry}>
          <Link to={back}>{backLabel}</Link>
        </LoadError>
      )}
    </Page>
  );
}
