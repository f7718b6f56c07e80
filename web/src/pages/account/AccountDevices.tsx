/** The account's devices, or their notification permissions, in the account dialog. */

import { Tag } from 'primereact/tag';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { columnsOf, RecordsTable } from '../../components/list/RecordsTable';

const PERMISSION_SEVERITY = { ALWAYS: 'success', WHEN_IN_USE: 'info', ONLY_ONCE: 'warning', NOT_ALLOW: 'danger' } as const;

/** The account's devices, or their notification permissions (spec 001 3.18). */
export function AccountDevices({ id, view }: { id: string; view: 'devices' | 'permissions' }) {
  const { t } = useTranslation();
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
  const shown = view === 'devices' ? ['os', 'appVersion', 'token'] : ['permission'];
  return (
    <RecordsTable
      testId={`account-${view}`}
      columns={[...columnsOf('account.device', ['id', 'platform', ...shown]), { field: 'dateUpdated', label: 'account.dateUpdated', format: 'dateTime' }]}
      cells={{
        id: (d) => d.deviceId,
        token: (d) => <span title={d.pushToken}>{d.pushToken ? `${d.pushToken.slice(0, 12)}…` : '--'}</span>,
        permission: (d) => <Tag value={t(`account.permission.${d.permission}`)} severity={PERMISSION_SEVERITY[d.permission]} rounded />,
      }}
      rows={data}
      rowKey={(d) => d.deviceId}
    />
  );
}
