/** What could not be loaded, in the page's place for it: the reason, a retry button where one helps, and any way out. */
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function LoadError({ text, onRetry, children }: { text: ReactNode; onRetry?: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="state-error" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{text}</span>
      {onRetry && <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('common.retry')} onClick={onRetry} />}
      {children}
    </div>
  );
}
