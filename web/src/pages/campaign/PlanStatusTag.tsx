/** A message's state as a coloured tag (spec 001 section 4's names, translated). */
import { Tag, type TagProps } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { PlanState } from '../../../../shared/plan/stateMachine';

const SEVERITY: Record<PlanState, TagProps['severity']> = {
  DRAFT: 'secondary',
  PENDING_APPROVAL: 'warning',
  APPROVED: 'info',
  REJECTED: 'danger',
  EXPIRED: 'secondary',
  ACTIVE: 'success',
  INACTIVE: 'secondary',
  IN_PROGRESS: 'info',
  DEPLOYED: 'success',
  ARCHIVE: 'secondary',
};

/** `nothingSent`: a finished run that reached nobody is not shown as delivered (issue 21), as the campaign list says. */
export function PlanStatusTag({ status, nothingSent }: { status: PlanState; nothingSent?: boolean }) {
  const { t } = useTranslation();
  if (nothingSent) return <Tag value={t('campaign.detail.nothingSent')} severity="warning" rounded data-status="NOTHING_SENT" />;
  return <Tag value={t(`campaign.state.${status}`)} severity={SEVERITY[status]} rounded data-status={status} />;
}
