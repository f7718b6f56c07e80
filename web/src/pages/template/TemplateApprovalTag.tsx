/** Where a template stands with its approval sheet, as a tag: the library's column and the wizard's picker. */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { TemplateApprovalState } from '../../../../shared/plan/approvalSheet';
import '../../i18n/areas/approval';

const SEVERITY: Record<TemplateApprovalState, 'info' | 'warning' | 'danger' | 'success' | 'secondary'> = {
  NONE: 'secondary',
  NEW: 'info',
  PROCESS: 'warning',
  EXPIRED: 'danger',
  REJECT: 'danger',
  PASS: 'success',
  OUTDATED: 'warning',
};

export function TemplateApprovalTag({ state }: { state: TemplateApprovalState }) {
  const { t } = useTranslation();
  return <Tag value={t(`approval.template.state.${state}`)} severity={SEVERITY[state]} rounded data-approval={state} />;
}
