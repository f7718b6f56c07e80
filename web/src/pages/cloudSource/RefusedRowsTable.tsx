/**
 * A cloud-source delivery's refused rows as a table (row, stage, unique id, reason): the cloud source's records
 * page and the message console's show the same rows, each under its own header and back link.
 */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/services';
import { CursorTable } from '../../components/list/CursorTable';
import { columnsOf } from '../../components/list/RecordsTable';
import '../../i18n/areas/cloudSource';

type RefusedRow = Result<'cloudSourceRecord.getListByPage'>['list'][number];
type Pages = Parameters<typeof CursorTable<RefusedRow>>[0]['pages'];

export function RefusedRowsTable({ pages, testId, texts }: { pages: Pages; testId: string; texts: { loading: string; empty: string; more: string } }) {
  const { t } = useTranslation();
  return (
    <CursorTable
      pages={pages}
      testId={testId}
      texts={texts}
      columns={columnsOf('cloudRecords', ['row', 'stage', 'key', 'reason'], { count: ['row'] })}
      cells={{ row: (r) => r.row, stage: (r) => <Tag value={t(`cloudRecords.stageOption.${r.stage}`)} severity={r.stage === 'CHECK' ? 'warning' : 'danger'} rounded /> }}
      rowKey={(r) => String(r.row)}
    />
  );
}
