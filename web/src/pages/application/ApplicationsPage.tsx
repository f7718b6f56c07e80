/**
 * The organization's apps: the registry's generic list and form, plus issuing an app's signing secret for the
 * app SDK API. The secret is in the answer of that one call and shown here once, with its app key, to copy.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { useConfirm } from '../../components/useConfirm';
import EntityPage from '../generic/EntityPage';
import '../../i18n/areas/entity';

type Issued = Result<'application.issueSecret'> & { name: string };

export default function ApplicationsPage() {
  const { t } = useTranslation();
  const [confirmElement, ask] = useConfirm();
  const [issued, setIssued] = useState<Issued | null>(null);
  const [copied, setCopied] = useState(false);

  async function issue(row: Record<string, unknown>) {
    const name = String(row.name ?? '');
    const ok = await ask({
      header: t('entity.application.issueTitle'),
      message: t('entity.application.issueConfirm', { name }),
      acceptLabel: t('entity.application.issueAccept'),
      danger: Boolean(row.secretIssuedAt),
    });
    if (!ok) return;
    try {
      const answer = await call('application.issueSecret', { id: String(row.id) });
      setCopied(false);
      setIssued({ ...answer, name });
      void invalidate('application.getListByPage');
    } catch {
      // the toast says why
    }
  }

  async function copy() {
    if (!issued) return;
    await navigator.clipboard.writeText(issued.secret).catch(() => undefined);
    setCopied(true);
  }

  return (
    <>
      <EntityPage
        entity="application"
        rowActions={(row) => (
          <Button
            type="button"
            icon="pi pi-key"
            text
            rounded
            aria-label={t('entity.application.issueSecret', { name: String(row.name ?? '') })}
            onClick={() => void issue(row)}
          />
        )}
      />
      {confirmElement}
      <Dialog
        header={issued ? t('entity.application.issuedTitle', { name: issued.name }) : ''}
        visible={issued !== null}
        onHide={() => setIssued(null)}
        style={{ width: 'min(40rem, 95vw)' }}
      >
        {issued && (
          <div className="form-grid" data-testid="issued-secret">
            <p className="muted">{t('entity.application.issuedNote')}</p>
            <label htmlFor="issued-app-key">{t('entity.application.appKey')}</label>
            <InputText id="issued-app-key" value={issued.appKey} readOnly />
            <label htmlFor="issued-secret">{t('entity.application.secret')}</label>
            <div className="p-inputgroup">
              <InputText id="issued-secret" value={issued.secret} readOnly />
              <Button type="button" icon={copied ? 'pi pi-check' : 'pi pi-copy'} label={copied ? t('entity.application.copied') : t('entity.application.copy')} onClick={() => void copy()} />
            </div>
          </div>
        )}
      </Dialog>
    </>
  );
}
