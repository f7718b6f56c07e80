/**
 * A cloud-source delivery's refused rows as a table (row, stage, unique id, reason): the cloud source's records
 * page and the message console's show the same rows, each under its own header and back link.
 */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/services';
import { CursorTable } from '../../components/list/CursorTable';
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
      head={
        <>
          <th scope="col" className="numeric">
            {t('cloudRecords.row')}
          </th>
          <th scope="col">{t('cloudRecords.stage')}</th>
          <th scope="col">{t('cloudRecords.key')}</th>
          <th scope="col">{t('cloudRecords.reason')}</th>
        </>
      }
      row={(r: RefusedRow) => (
        <tr key={r.row}>
          <td className="numeric">{r.row}</td>
          <td>
            <Tag value={t(`cloudRecords.stageOption.${r.stage}`)} severity={r.stage === 'CHECK' ? 'warning' : 'danger'} rounded />
          </td>
          <td>{r.key ?? '--'}</td>
          <td>{r.reason}</td>
        </tr>
      )}
    />
  );
}
