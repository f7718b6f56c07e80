/** The account's devices, or their notification permissions, in the account dialog. */

import { Tag } from 'primereact/tag';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { useDateTime } from '../../app/locale';
import tableStyles from '../../components/list/CursorTable.module.css';

const PERMISSION_SEVERITY = { ALWAYS: 'success', WHEN_IN_USE: 'info', ONLY_ONCE: 'warning', NOT_ALLOW: 'danger' } as const;

/** The account's devices, or their notification permissions (spec 001 3.18). */
export function AccountDevices({ id, view }: { id: string; view: 'devices' | 'permissions' }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const { data, error, isLoading } = useSWR(['account.devices', { id }], () => call('account.devices', { id }, { quiet: true }));
  if (isLoading) return <p className="muted">{t('account.loadingDevices')}</p>;
  if (error)
    return (
      <p className="p-error" role="alert">
        {t('list.errorShort')}
      </p>
    );
  if (!data?.length)
    return (
      <p className="muted" data-testid="no-devices">
        {t('account.noDevices')}
      </p>
    );
  return (
    <div className={tableStyles.tableScroll}>
      <table className="simple-table" data-testid={`account-${view}`}>
        <thead>
          <tr>
            <th scope="col">{t('account.device.id')}</th>
            <th scope="col">{t('account.device.platform')}</th>
            {view === 'devices' ? (
              <>
                <th scope="col">{t('account.device.os')}</th>
                <th scope="col">{t('account.device.appVersion')}</th>
                <th scope="col">{t('account.device.token')}</th>
              </>
            ) : (
              <th scope="col">{t('account.device.permission')}</th>
            )}
            <th scope="col">{t('account.dateUpdated')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.deviceId}>
              <td>{d.deviceId}</td>
              <td>{d.platform}</td>
              {view === 'devices' ? (
                <>
                  <td>{d.os ?? '--'}</td>
                  <td>{d.appVersion ?? '--'}</td>
                  <td title={d.pushToken}>{d.pushToken ? `${d.pushToken.slice(0, 12)}…` : '--'}</td>
                </>
              ) : (
                <td>
                  <Tag value={t(`account.permission.${d.permission}`)} severity={PERMISSION_SEVERITY[d.permission]} rounded />
                </td>
              )}
              <td>{formatDateTime(d.dateUpdated)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
