/**
 * A template sheet's participant answers it: approve (after a confirmation) or reject with a reason. The
 * template's sheet and the approver's /home both offer it.
 */
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REJECT_REASON_MAX } from '../../../../shared/plan/stateMachine';
import type { SheetView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { FieldError } from '../../components/TextField';
import { useConfirm } from '../../components/useConfirm';
import { showSuccess } from '../../ui/toastBus';
import '../../i18n/areas/approval';
import styles from './SheetPanel.module.css';

/** Whether `userId` still owes the open sheet an answer. */
export const awaitsAnswerOf = (sheet: SheetView | undefined, userId: string | undefined) =>
  !!sheet &&
  !sheet.expired &&
  (sheet.status === 'NEW' || sheet.status === 'PROCESS') &&
  sheet.participants.some((p) => p.userId === userId && (p.status === 'NEW' || p.status === 'PROCESS'));

export function SheetAnswer({ sheet, onAnswered }: { sheet: SheetView; onAnswered: () => unknown }) {
  const { t } = useTranslation();
  const [confirmElement, ask] = useConfirm();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const ref = { subject: 'TEMPLATE' as const, id: sheet.subjectId };
  const reasonId = `reject-reason-${sheet.subjectId}`;

  async function answer(run: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await run();
      showSuccess(done);
      setRejecting(false);
      // the library's approval column and the pickers read the sheet's state
      void invalidate('approvalSheet.waiting', 'templateMessage.getListByPage', 'templateMessage.getAll');
      await onAnswered();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  }

  async function pass() {
    if (!(await ask({ header: t('approval.answer.passTitle'), message: t('approval.answer.passConfirm', { name: sheet.name }), acceptLabel: t('approval.answer.pass') }))) return;
    await answer(() => call('approvalSheet.pass', ref), t('approval.answer.passed', { name: sheet.name }));
  }

  async function reject() {
    if (!reason.trim()) {
      setReasonError(t('approval.answer.reasonRequired'));
      return;
    }
    setReasonError(undefined);
    await answer(() => call('approvalSheet.reject', { ...ref, reason: reason.trim() }), t('approval.answer.rejected', { name: sheet.name }));
  }

  return (
    <div className={styles.answer} data-testid="sheet-answer">
      <div className={styles.answerButtons}>
        <Button
          type="button"
          size="small"
          icon="pi pi-check"
          label={t('approval.answer.pass')}
          aria-label={t('approval.answer.passName', { name: sheet.name })}
          disabled={busy}
          onClick={() => void pass()}
        />
        <Button
          type="button"
          size="small"
          outlined
          severity="danger"
          icon="pi pi-times"
          label={t('approval.answer.reject')}
          aria-label={t('approval.answer.rejectName', { name: sheet.name })}
          aria-expanded={rejecting}
          disabled={busy}
          onClick={() => setRejecting(!rejecting)}
        />
      </div>
      {rejecting && (
        <div className="field">
          <label htmlFor={reasonId}>{t('approval.answer.reason')}</label>
          <InputTextarea
            id={reasonId}
            value={reason}
            rows={2}
            maxLength={REJECT_REASON_MAX}
            invalid={Boolean(reasonError)}
            aria-describedby={reasonError ? `${reasonId}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <FieldError id={`${reasonId}-error`} text={reasonError} />
          <Button type="button" size="small" severity="danger" label={t('approval.answer.confirmReject')} disabled={busy} onClick={() => void reject()} />
        </div>
      )}
      {confirmElement}
    </div>
  );
}
