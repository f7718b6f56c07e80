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

export function PlanStatusTag({ status }: { status: PlanState }) {
  const { t } = useTranslation();
  return <Tag value={t(`campaign.state.${status}`)} severity={SEVERITY[status]} rounded data-status={status} />;
}
