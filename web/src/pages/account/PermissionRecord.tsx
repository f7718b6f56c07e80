/** The account's permission record: its devices' notification-permission changes. */

import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { RecordsTable } from '../../components/list/RecordsTable';

/** Each notification-permission change the account's devices reported, newest first (the permission record). */
export function PermissionRecord({ id }: { id: string }) {
  const { t } = useTranslation();
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
        <RecordsTable
          testId="account-permission-record"
          columns={[
            { field: 'at', label: 'account.event.at', format: 'dateTime' },
            { field: 'deviceId', label: 'account.device.id' },
            { field: 'from', label: 'account.permissionFrom' },
            { field: 'to', label: 'account.permissionTo' },
          ]}
          cells={{ from: (r) => (r.from ? t(`account.permission.${r.from}`) : '--'), to: (r) => t(`account.permission.${r.to}`) }}
          rows={data}
          rowKey={(r) => r.recordKey}
        />
      )}
    </section>
  );
}
