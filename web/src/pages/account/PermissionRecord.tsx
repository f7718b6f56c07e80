/** The account's permission record: its devices' notification-permission changes. */

import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useDateTime } from '../../app/locale';
import tableStyles from '../../components/list/CursorTable.module.css';

/** Each notification-permission change the account's devices reported, newest first (the permission record). */
export function PermissionRecord({ id }: { id: string }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const { data, error, isLoading } = useSWR(['account.permissionRecords', { id }], () => call('account.permissionRecords', { id }, { quiet: true }));
  if (isLoading) return null;
  if (error)
    return (
      <p className="p-error" role="alert">
        {t('list.errorShort')}
      </p>
    );
  return (
    <section aria-labelledby="permission-record-title">
      <h3 id="permission-record-title">{t('account.permissionRecord')}</h3>
      {!data?.length ? (
        <p className="muted">{t('account.noPermissionChanges')}</p>
      ) : (
        <div className={tableStyles.tableScroll}>
          <table className="simple-table" data-testid="account-permission-record">
            <thead>
              <tr>
                <th scope="col">{t('account.event.at')}</th>
                <th scope="col">{t('account.device.id')}</th>
                <th scope="col">{t('account.permissionFrom')}</th>
                <th scope="col">{t('account.permissionTo')}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((r) => (
                <tr key={r.recordKey}>
                  <td>{formatDateTime(r.at)}</td>
                  <td>{r.deviceId}</td>
                  <td>{r.from ? t(`account.permission.${r.from}`) : '--'}</td>
                  <td>{t(`account.permission.${r.to}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
