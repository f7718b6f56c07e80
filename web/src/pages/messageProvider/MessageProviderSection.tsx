/**
 * The organization's own e-mail and SMS providers, a section of the channel settings screen (/push-channel): the
 * registry's generic list and form (fields shown by provider; secrets write-only), and a test send through one
 * provider that shows the provider's own answer (and, for Twilio, the webhook to give its number for replies).
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../../shared/paths';
import type { ProviderTestAnswer } from '../../../../shared/services';
import { call } from '../../api/client';
import { useSession } from '../../api/hooks';
import { selectedOrgId } from '../../api/sessionSync';
import { API_ROOT } from '../../api/constants';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import EntityPage from '../generic/EntityPage';
import { addressKindOf } from '../template/channel/addressKinds';
import '../../i18n/areas/entity';

type Row = Record<string, unknown>;

function TestDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ProviderTestAnswer | null>(null);
  const name = String(row.title ?? '');
  const phone = addressKindOf(row.channelType) === 'phone';
  const orgId = selectedOrgId(useSession());
  // Twilio posts replies (STOP) here once the organization sets it on its number or Messaging Service
  const inbound =
    row.provider === 'TWILIO' && orgId !== null ? `${API_ROOT || window.location.origin}${PATHS.twilio}/${orgId}/${encodeURIComponent(String(row.id))}/inbound` : undefined;
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
        label={t(phone ? 'entity.messageProvider.testToPhone' : 'entity.messageProvider.testToEmail')}
        value={to}
        onChange={setTo}
        type={phone ? 'tel' : 'email'}
        required
      />
      {inbound && (
        <p className="span-2" data-testid="twilio-inbound-url">
          {t('entity.messageProvider.twilioInbound')} <code>{inbound}</code>
        </p>
      )}
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
