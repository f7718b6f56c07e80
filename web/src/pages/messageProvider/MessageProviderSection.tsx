/**
 * The organization's own e-mail and SMS providers, a section of the channel settings screen (/push-channel): the
 * registry's generic list and form (fields shown by provider; secrets write-only), and a test send through one
 * provider that shows the provider's own answer.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderTestAnswer } from '../../../../shared/services';
import { call } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import EntityPage from '../generic/EntityPage';
import '../../i18n/areas/entity';

type Row = Record<string, unknown>;

function TestDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ProviderTestAnswer | null>(null);
  const name = String(row.title ?? '');
  const sms = row.channelType === 'SMS';
  async function send() {
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer(await call('messageProvider.test', { id: String(row.id), to: to.trim() }));
    } catch {
      // the toast says why (a bad address, too many tests)
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormDialog
      id="provider-test"
      header={t('entity.messageProvider.testTitle', { name })}
      visible
      onHide={onClose}
      onSubmit={send}
      busy={busy}
      submitLabel={t('entity.messageProvider.testSend')}
    >
      <TextField
        id="provider-test-to"
        label={t(sms ? 'entity.messageProvider.testToPhone' : 'entity.messageProvider.testToEmail')}
        value={to}
        onChange={setTo}
        type={sms ? 'tel' : 'email'}
        required
      />
      {answer && (
        <p className="span-2" role="status">
          <i className={answer.status === 'SENT' ? 'pi pi-check-circle' : 'pi pi-exclamation-triangle'} aria-hidden="true" /> {answer.message}
        </p>
      )}
    </FormDialog>
  );
}

export function MessageProviderSection() {
  const { t } = useTranslation();
  const [testing, setTesting] = useState<Row | null>(null);
  return (
    <>
      <EntityPage
        entity="messageProvider"
        section
        rowActions={(row) => (
          <Button type="button" icon="pi pi-send" text rounded aria-label={t('entity.messageProvider.test', { name: String(row.title ?? '') })} onClick={() => setTesting(row)} />
        )}
      />
      {testing && <TestDialog row={testing} onClose={() => setTesting(null)} />}
    </>
  );
}
