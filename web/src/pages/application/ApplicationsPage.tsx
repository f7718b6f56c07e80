/**
 * The organization's apps: the registry's generic list and form, plus issuing an app's signing secret for the
 * app SDK API and its server key for user tokens. Each is in the answer of that one call and shown here once,
 * with its app key, to copy.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { useConfirm } from '../../components/useConfirm';
import EntityPage from '../generic/EntityPage';
import '../../i18n/areas/entity';
import { RowAction } from '../../components/list/RowAction';

type Issued = Result<'application.issueSecret'> & { name: string };

export default function ApplicationsPage() {
  const { t } = useTranslation();
  const [confirmElement, ask] = useConfirm();
  const [issued, setIssued] = useState<Issued | null>(null);
  const [copied, setCopied] = useState<'secret' | 'serverKey' | null>(null);

  async function issue(row: Record<string, unknown>, key: 'signing' | 'server') {
    const name = String(row.name ?? '');
    const server = key === 'server';
    const ok = await ask({
      header: t(server ? 'entity.application.issueServerTitle' : 'entity.application.issueTitle'),
      message: t(server ? 'entity.application.issueServerConfirm' : 'entity.application.issueConfirm', { name }),
      acceptLabel: t(server ? 'entity.application.issueServerAccept' : 'entity.application.issueAccept'),
      danger: server || Boolean(row.secretIssuedAt),
    });
    if (!ok) return;
    try {
      const answer = await call('application.issueSecret', { id: String(row.id), key });
      setCopied(null);
      setIssued({ ...answer, name });
      void invalidate('application.getListByPage');
    } catch {
      // the toast says why
    }
  }

  async function copy(which: 'secret' | 'serverKey') {
    const value = issued?.[which];
    if (!value) return;
    await navigator.clipboard.writeText(value).catch(() => undefined);
    setCopied(which);
  }

  return (
    <>
      <EntityPage
        entity="application"
        rowActions={(row) => (
          <>
            <RowAction icon="pi pi-key" label={t('entity.application.issueSecret', { name: String(row.name ?? '') })} onClick={() => void issue(row, 'signing')} />
            <RowAction icon="pi pi-server" label={t('entity.application.issueServerKey', { name: String(row.name ?? '') })} onClick={() => void issue(row, 'server')} />
          </>
        )}
      />
      {confirmElement}
      <Dialog
        header={issued ? t(issued.secret ? 'entity.application.issuedTitle' : 'entity.application.issuedServerTitle', { name: issued.name }) : ''}
        visible={issued !== null}
        onHide={() => setIssued(null)}
        style={{ width: 'min(40rem, 95vw)' }}
      >
        {issued && (
          <div className="form-grid" data-testid="issued-secret">
            <label htmlFor="issued-app-key">{t('entity.application.appKey')}</label>
            <InputText id="issued-app-key" value={issued.appKey} readOnly />
            {(['secret', 'serverKey'] as const).map((which) => {
              const value = issued[which];
              if (!value) return null;
              const id = which === 'secret' ? 'issued-secret' : 'issued-server-key';
              return (
                <Fragment key={which}>
                  <p className="muted">{t(which === 'secret' ? 'entity.application.issuedNote' : 'entity.application.serverKeyNote')}</p>
                  <label htmlFor={id}>{t(`entity.application.${which}`)}</label>
                  <div className="p-inputgroup">
                    <InputText id={id} value={value} readOnly />
                    <Button
                      type="button"
                      icon={copied === which ? 'pi pi-check' : 'pi pi-copy'}
                      label={copied === which ? t('entity.application.copied') : t('entity.application.copy')}
                      onClick={() => void copy(which)}
                    />
                  </div>
                </Fragment>
              );
            })}
          </div>
        )}
      </Dialog>
    </>
  );
}
