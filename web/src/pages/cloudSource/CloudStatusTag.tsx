/** A cloud-source delivery's status as a tag and its counts, the same in the source's history and the message console. */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CLOUD_HISTORY_STATUSES, type CloudHistoryStatus } from '../../../../shared/entities/cloudSource';
import '../../i18n/areas/cloudSource';

const SEVERITY: Record<CloudHistoryStatus, 'info' | 'warning' | 'success' | 'secondary' | 'danger'> = {
  CHECKING: 'info',
  HELD: 'warning',
  IMPORTING: 'info',
  CONFIRMED: 'success',
  SKIPPED: 'secondary',
  DONE: 'success',
  FAILED: 'danger',
};

/** A delivery's counts, in the order the tables show them. */
export const DELIVERY_COUNTS = ['rows', 'valid', 'invalid', 'created', 'updated'] as const;

export function CloudStatusTag({ status }: { status: CloudHistoryStatus }) {
  const { t } = useTranslation();
  return <Tag value={t(`cloudHistory.statusOption.${status}`)} severity={SEVERITY[status]} rounded />;
}

/** The status filter's options, in the order the statuses are declared. */
export const cloudStatusOptions = (t: TFunction) => CLOUD_HISTORY_STATUSES.map((value) => ({ value, label: t(`cloudHistory.statusOption.${value}`) }));
