/** A test push through one channel to a device token. */
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushChannelView, Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';

export function TestDialog({ channel, onClose }: { channel: PushChannelView; onClose: () => void }) {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [results, setResults] = useState<Result<'pushChannelSetting.testSend'>['results'] | null>(null);
  const [busy, setBusy] = useState(false);

  async function send() {
    if (!accountId.trim()) return setError(t('pushChannel.testAccountRequired'));
    setError(undefined);
    setBusy(true);
    try {
      setResults(
        (
          await call('pushChannelSetting.testSend', {
            id: channel.id,
            accountId: accountId.trim(),
            ...(title.trim() ? { title: title.trim() } : {}),
            ...(body.trim() ? { body: body.trim() } : {}),
          })
        ).results,
      );
    } catch {
      // the client's toast says why
    }
    setBusy(false);
  }

  return (
    <FormDialog
      id="push-test-dialog"
      header={t('pushChannel.testTitle', { name: channel.title })}
      visible
      onHide={onClose}
      onSubmit={send}
      busy={busy}
      submitLabel={t('pushChannel.testSend')}
    >
      <p className="muted">{t('pushChannel.testText')}</p>
      <div className="form-grid">
        <TextField id="push-test-account" label={t('pushChannel.testAccount')} value={accountId} maxLength={128} error={error} onChange={setAccountId} />
        <TextField id="push-test-title" label={t('pushChannel.testNotificationTitle')} value={title} maxLength={100} onChange={setTitle} />
        <TextField id="push-test-body" label={t('pushChannel.testNotificationBody')} value={body} maxLength={500} onChange={setBody} />
      </div>
      {results && (
        <DataTable value={results} dataKey="deviceId" size="small" data-testid="push-test-results">
          <Column field="deviceId" header={t('pushChannel.testDevice')} />
          <Column
            header={t('pushChannel.testOutcome')}
            body={(r: (typeof results)[number]) => (
              <span>
                <Tag severity={r.status === 'SENT' ? 'success' : r.status === 'THROTTLED' ? 'warning' : 'danger'} value={t(`pushChannel.testResult.${r.status}`)} />{' '}
                {r.detail ?? ''}
              </span>
            )}
          />
        </DataTable>
      )}
    </FormDialog>
  );
}
