/**
 * The approval sheet of a message being sent to review: the participants (members who may approve) and the
 * deadline. The wizard's Review step and the campaign builder share it.
 */
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../shared/format';
import { useApprovers } from '../../../api/hooks';
import { FieldError } from '../../../components/TextField';
import { ApprovalTips } from '../../approval/ApprovalTips';
import type { TFunction } from 'i18next';
import { DEFAULT_REVIEW_HOURS, fromLocalInput, localInputValue } from '../wizard';
import partStyles from '../planParts.module.css';
import wizardStyles from './wizard.module.css';

export interface Approval {
  participants: string[];
  /** datetime-local value, on the browser's clock */
  deadline: string;
}

/** A new approval sheet: no participants yet, due in DEFAULT_REVIEW_HOURS. */
export const newApproval = (): Approval => ({ participants: [], deadline: localInputValue(Date.now() + DEFAULT_REVIEW_HOURS * 3_600_000) });

/** What keeps the sheet from being sent: no participant, or a deadline not in the future. */
export function approvalProblems(approval: Approval, t: TFunction): { participants?: string; deadline?: string } {
  const deadline = fromLocalInput(approval.deadline);
  return {
    participants: approval.participants.length === 0 ? t('campaign.approval.participantsRequired') : undefined,
    deadline: deadline === null || deadline <= Date.now() ? t('campaign.approval.deadlineFuture') : undefined,
  };
}

export function ApprovalCard({
  approval,
  approvalErrors,
  onApproval,
}: {
  approval: Approval;
  approvalErrors: { participants?: string; deadline?: string };
  onApproval: (next: Approval) => void;
}) {
  const { t } = useTranslation();
  const approvers = useApprovers();
  const candidates = approvers.data ?? [];
  const deadline = fromLocalInput(approval.deadline);
  return (
    <section className="card" aria-labelledby="approval-title">
      <h3 id="approval-title" className="card-title">
        {t('campaign.approval.title')}
      </h3>
      <p className="muted small">{t('campaign.approval.intro')}</p>
      <ApprovalTips />
      <fieldset className={partStyles.choiceGroup} aria-describedby={approvalErrors.participants ? 'participants-error' : undefined}>
        <legend>{t('campaign.approval.participants')}</legend>
        {approvers.error ? (
          <p className="notice notice-warn">{t('campaign.approval.noUserList')}</p>
        ) : approvers.isLoading ? (
          <p className="muted">{t('campaign.loading')}</p>
        ) : candidates.length === 0 ? (
          <p className="muted">{t('campaign.approval.noCandidates')}</p>
        ) : (
          <div className={`${wizardStyles.participantList} participant-list`}>
            {candidates.map((u) => (
              <div key={u.id} className="checkbox-row">
                <Checkbox
                  inputId={`participant-${u.id}`}
                  checked={approval.participants.includes(u.id)}
                  onChange={(e) => onApproval({ ...approval, participants: e.checked ? [...approval.participants, u.id] : approval.participants.filter((p) => p !== u.id) })}
                />
                <label htmlFor={`participant-${u.id}`}>{u.name}</label>
              </div>
            ))}
          </div>
        )}
        <FieldError id="participants-error" text={approvalErrors.participants} />
      </fieldset>
      <div className="field">
        <label htmlFor="review-deadline">{t('campaign.approval.deadline')}</label>
        <InputText
          id="review-deadline"
          type="datetime-local"
          value={approval.deadline}
          invalid={Boolean(approvalErrors.deadline)}
          aria-describedby="review-deadline-hint"
          onChange={(e) => onApproval({ ...approval, deadline: e.target.value })}
        />
        {approvalErrors.deadline ? (
          <FieldError id="review-deadline-hint" text={approvalErrors.deadline} />
        ) : (
          <small id="review-deadline-hint" className="field-hint">
            {t('campaign.approval.deadlineHint', { utc: deadline === null ? '--' : formatDateTime(deadline) })}
          </small>
        )}
      </div>
    </section>
  );
}
