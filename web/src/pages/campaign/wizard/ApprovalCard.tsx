/**
 * The approval sheet of a message being sent to review: the participants (members who may approve) and the
 * deadline. The wizard's Review step, the campaign builder and a template's approval sheet share it.
 */
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { useApprovers } from '../../../api/hooks';
import { FieldError } from '../../../components/TextField';
import { ApprovalTips } from '../../approval/ApprovalTips';
import { offsetLabel } from '../schedule';
import { type Approval, approvalDeadline } from './approvalSheet';
import partStyles from '../planParts.module.css';
import wizardStyles from './wizard.module.css';

export function ApprovalCard({
  approval,
  approvalErrors,
  onApproval,
  intro,
}: {
  /** what the approval is for, when not a message */
  intro?: string;
  approval: Approval;
  approvalErrors: { participants?: string; deadline?: string };
  onApproval: (next: Approval) => void;
}) {
  const { t } = useTranslation();
  const approvers = useApprovers();
  const candidates = approvers.data ?? [];
  const zone = `${approval.timeZone} (${offsetLabel(approval.timeZone, approvalDeadline(approval) ?? Date.now())})`;
  return (
    <section className="card" aria-labelledby="approval-title">
      <h3 id="approval-title" className="card-title">
        {t('campaign.approval.title')}
      </h3>
      <p className="muted small">{intro ?? t('campaign.approval.intro')}</p>
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
        <label htmlFor="review-deadline">{t('campaign.approval.deadlineIn', { zone: approval.timeZone })}</label>
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
            {t('campaign.approval.deadlineHint', { zone })}
          </small>
        )}
      </div>
    </section>
  );
}
