/** The message's approval sheet (the detail's Approval tab): the generic sheet panel, open while the message is pending. */
import { useTranslation } from 'react-i18next';
import type { PlanView } from '../../../../../shared/services';
import { SheetPanel } from '../../approval/SheetPanel';
import { useUserNames } from '../userNames';
import '../../../i18n/areas/approval';

export function ApprovalTab({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  const { nameOf } = useUserNames(plan.people);
  return <SheetPanel subject="PLAN" id={plan.id} underReview={plan.status === 'PENDING_APPROVAL'} nameOf={nameOf} noneText={t('approval.none')} />;
}
