/**
 * "Issue webhook token" for a saved plan whose recipient-action trigger has its webhook on: a new token stops the
 * one before, so it asks first; the answer (endpoint, token, a curl example) is shown once in a dialog and
 * forgotten when the dialog closes. Hidden without the permissions `trigger.issueWebhookToken` checks.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useSession } from '../../api/hooks';
import { useConfirm } from '../../components/useConfirm';
import styles from './TriggerFields.module.css';
import { hasWebhook, hookCurl, mayIssueHookToken } from './webhookTrigger';

type Issued = Result<'trigger.issueWebhookToken'>;
type Copyable = 'endpoint' | 'token' | 'example';

export function WebhookToken({
  planId,
  savedTrigger,
  draftWebhook = false,
}: {
  /** the saved plan, if any */
  planId: string | undefined;
  /** the trigger as saved: the token is for the saved webhook */
  savedTrigger: { kind: string; webhook?: boolean } | undefined;
  /** the webhook is on in fields not saved yet */
  draftWebhook?: boolean;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const [confirmElement, ask] = useConfirm();
  const [issued, setIssued] = useState<Issued | null>(null);
  const [copied, setCopied] = useState<Copyable | null>(null);
  const [busy, setBusy] = useState(false);

  if (!mayIssueHookToken(session?.userdetails.rolePermissions ?? [])) return null;
  if (!planId || !savedTrigger || !hasWebhook(savedTrigger)) {
    return draftWebhook ? <p className={`field-hint ${styles.hookIssue}`}>{t('triggerHook.saveFirst')}</p> : null;
  }

  async function issue() {
    // Herald keeps only the token's hash, so it cannot say whether one exists: always ask
    const ok = await ask({ header: t('triggerHook.confirmTitle'), message: t('triggerHook.confirmText'), acceptLabel: t('triggerHook.confirmAccept'), danger: true });
    if (!ok || !planId) return;
    setBusy(true);
    try {
      setCopied(null);
      setIssued(await call('trigger.issueWebhookToken', { id: planId }));
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  }

  const values: Record<Copyable, string> | null = issued && { endpoint: issued.url, token: issued.token, example: hookCurl(issued.url, issued.token) };
  async function copy(which: Copyable) {
    if (!values) return;
    await navigator.clipboard.writeText(values[which]).catch(() => undefined);
    setCopied(which);
  }
  const copyButton = (which: Copyable) => (
    <Button
      type="button"
      icon={copied === which ? 'pi pi-check' : 'pi pi-copy'}
      label={copied === which ? t('triggerHook.copied') : t('triggerHook.copy')}
      aria-label={copied === which ? t('triggerHook.copied') : t('triggerHook.copyWhat', { what: t(`triggerHook.${which}`) })}
      onClick={() => void copy(which)}
    />
  );

  return (
    <>
      <div className={styles.hookIssue}>
        <Button type="button" outlined icon="pi pi-key" label={t('triggerHook.issue')} loading={busy} disabled={busy} onClick={() => void issue()} />
      </div>
      {confirmElement}
      <Dialog header={t('triggerHook.issuedTitle')} visible={values !== null} onHide={() => setIssued(null)} style={{ width: 'min(44rem, 95vw)' }}>
        {values && (
          <div className={styles.hookGrid} data-testid="webhook-token">
            <label htmlFor="webhook-endpoint">{t('triggerHook.endpoint')}</label>
            <div className="p-inputgroup">
              <InputText id="webhook-endpoint" value={values.endpoint} readOnly />
              {copyButton('endpoint')}
            </div>
            <p className="muted">{t('triggerHook.onceNote')}</p>
            <label htmlFor="webhook-token">{t('triggerHook.token')}</label>
            <div className="p-inputgroup">
              <InputText id="webhook-token" value={values.token} readOnly />
              {copyButton('token')}
            </div>
            <label htmlFor="webhook-example">{t('triggerHook.example')}</label>
            <InputTextarea id="webhook-example" className={styles.hookExample} value={values.example} rows={7} readOnly aria-describedby="webhook-example-note" />
            <small id="webhook-example-note" className="field-hint">
              {t('triggerHook.exampleNote')}
            </small>
            <div>{copyButton('example')}</div>
          </div>
        )}
      </Dialog>
    </>
  );
}
