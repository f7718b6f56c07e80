/** An SFTP cloud source's host key: the confirmed one, and one a run met that waits to be trusted. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { CloudSourceView } from '../../../../shared/services';

/** The SFTP server's host key: the confirmed one, and one a run met that waits to be compared and trusted. */
export function HostKey({ source, sameServer, busy, onTrust }: { source: CloudSourceView | null; sameServer: boolean; busy: boolean; onTrust: (fingerprint: string) => void }) {
  const { t } = useTranslation();
  const confirmed = sameServer ? source?.hostKey : undefined;
  const pending = sameServer ? source?.pendingHostKey : undefined;
  return (
    <div className="field span-2" data-testid="cloud-host-key">
      {confirmed && (
        <>
          <span className="muted">{t('cloudSource.field.hostKey')}</span>
          <code id="cloud-hostKey">{confirmed}</code>
        </>
      )}
      {pending ? (
        <>
          <span className="muted">{t('cloudSource.field.pendingHostKey')}</span>
          <code id="cloud-pendingHostKey">{pending}</code>
          <small className="field-hint">{t('cloudSource.hint.hostKeyPending')}</small>
          <Button type="button" label={t('cloudSource.trustHostKey')} icon="pi pi-check" outlined disabled={busy} onClick={() => onTrust(pending)} />
        </>
      ) : (
        !confirmed && <small className="field-hint">{t('cloudSource.hint.hostKeyNone')}</small>
      )}
    </div>
  );
}
