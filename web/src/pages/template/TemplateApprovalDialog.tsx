/**
 * A template's approval sheet (spec 001 section 3.5): the sheet with its participants and history, the caller's
 * own answer when they are asked, and sending the template to review or a new revision (PLAN_CREATE). With the
 * template approval switch on, a campaign may use the template only once its sheet passed it as it is now.
 */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SheetView } from '../../../../shared/services';
import { call } from '../../api/client';
import { invalidate, useApprovers, useSession } from '../../api/hooks';
import { useOrgLocale } from '../../app/locale';
import { showSuccess } from '../../ui/toastBus';
import { awaitsAnswerOf, SheetAnswer } from '../approval/SheetAnswer';
import { SheetPanel } from '../approval/SheetPanel';
import { defaultTimeZone } from '../campaign/schedule';
import { ApprovalCard } from '../campaign/wizard/ApprovalCard';
import { type Approval, approvalDeadline, approvalProblems, newApproval } from '../campaign/wizard/approvalSheet';
import dialogStyles from '../../components/FormDialog.module.css';
import '../../i18n/areas/approval';
import '../../i18n/areas/campaign';

export interface ApprovalTarget {
  id: string;
  name: string;
}

function ShareForm({ target, sheet, onShared }: { target: ApprovalTarget; sheet: SheetView | undefined; onShared: () => unknown }) {
  const { t } = useTranslation();
  const session = useSession();
  const orgLocale = useOrgLocale();
  const [approval, setApproval] = useState<Approval>(() => newApproval(defaultTimeZone(session?.userdetails.timeZone, orgLocale.timeZone)));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const problems = approvalProblems(approval, t);

  async function share() {
    setTried(true);
    const deadline = approvalDeadline(approval);
    if (problems.participants || problems.deadline || deadline === null) return;
    setBusy(true);
    try {
      await call('approvalSheet.share', { subject: 'TEMPLATE', id: target.id, participants: approval.participants, deadline });
      showSuccess(t('approval.template.shared', { name: target.name }));
      setTried(false);
      void invalidate('templateMessage.getListByPage', 'templateMessage.getAll', 'approvalSheet.waiting');
      await onShared();
    } catch {
      // the client has shown the refusal
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ApprovalCard approval={approval} approvalErrors={tried ? problems : {}} onApproval={setApproval} intro={t('approval.template.intro')} />
      <div>
        <Button type="button" icon="pi pi-send" label={sheet ? t('approval.template.shareRevision') : t('approval.template.share')} loading={busy} onClick={() => void share()} />
      </div>
    </>
  );
}

export function TemplateApprovalDialog({ target, onHide }: { target: ApprovalTarget | null; onHide: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const me = session?.userdetails.id;
  const mayShare = session?.userdetails.rolePermissions.includes('PLAN_CREATE') ?? false;
  const mayPass = session?.userdetails.rolePermissions.includes('PLAN_PASS') ?? false;
  const approvers = useApprovers(target !== null);
  const nameOf = (userId: string) => approvers.data?.find((u) => u.id === userId)?.name ?? t('approval.unknown');
  return (
    <Dialog
      id="template-approval"
      header={target ? t('approval.template.title', { name: target.name }) : ''}
      visible={target !== null}
      onHide={onHide}
      className={dialogStyles.formDialog}
      breakpoints={{ '640px': '100vw' }}
      modal
      draggable={false}
      footer={
        <div className={dialogStyles.dialogFooter}>
          <Button type="button" label={t('common.close')} outlined onClick={onHide} />
        </div>
      }
    >
      {target && (
        <SheetPanel subject="TEMPLATE" id={target.id} underReview nameOf={nameOf} noneText={t('approval.template.none')}>
          {(sheet, reload) => (
            <>
              {mayPass && sheet && awaitsAnswerOf(sheet, me) && <SheetAnswer sheet={sheet} onAnswered={reload} />}
              {mayShare && <ShareForm target={target} sheet={sheet} onShared={reload} />}
            </>
          )}
        </SheetPanel>
      )}
    </Dialog>
  );
}
