/** Rejecting a message: a type and a reason are both required (spec 001 section 5), and the author sees them. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECT_REASON_MAX, REJECT_TYPES, type RejectType } from '../../../../shared/plan/stateMachine';
import { FormDialog } from '../../components/FormDialog';
import { SelectField, TextAreaField } from '../../components/Field';

export function RejectDialog({
  planName,
  visible,
  onHide,
  onReject,
}: {
  planName: string;
  visible: boolean;
  onHide: () => void;
  /** resolves when rejected; throws (after the client's toast) when refused */
  onReject: (input: { type: RejectType; reason: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<RejectType | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setType(null);
    setReason('');
    setTried(false);
  }, [visible]);

  const typeError = tried && !type ? t('campaign.reject.typeRequired') : undefined;
  const reasonError = tried && !reason.trim() ? t('campaign.reject.reasonRequired') : undefined;

  async function submit() {
    setTried(true);
    if (!type || !reason.trim()) return;
    setBusy(true);
    try {
      await onReject({ type, reason: reason.trim() });
      onHide();
    } catch {
      // the client's toast says why
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormDialog
      id="reject-dialog"
      header={t('campaign.reject.title', { name: planName })}
      visible={visible}
      onHide={onHide}
      onSubmit={submit}
      busy={busy}
      submitLabel={t('campaign.action.reject')}
    >
      <SelectField
        id="reject-type"
        label={t('campaign.reject.type')}
        className="span-2"
        value={type}
        options={REJECT_TYPES.map((r) => ({ value: r, label: t(`campaign.rejectType.${r}`) }))}
        placeholder={t('campaign.reject.typePlaceholder')}
        onChange={(e) => setType(e.value as RejectType)}
        error={typeError}
      />
      <TextAreaField
        id="reject-reason"
        className="span-2"
        label={t('campaign.reject.reason')}
        value={reason}
        rows={4}
        autoResize={false}
        maxLength={REJECT_REASON_MAX}
        error={reasonError}
        onChange={setReason}
      />
    </FormDialog>
  );
}
