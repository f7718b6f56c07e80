/** The account's app events, in the account dialog. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { columnsOf, RecordsTable } from '../../components/list/RecordsTable';

type AccountEventRow = Result<'account.events'>['list'][number];

/** What the account's apps reported, newest first, a page at a time. */
export function AccountEvents({ id }: { id: string }) {
  const { t } = useTranslation();
  const { rows, first, hasMore, loadingMore, more } = useCursorPages(
    ['account.events', { id }],
    (cursor: string | undefined) => call('account.events', { id, size: 50, cursor }, { quiet: cursor === undefined }),
    { items: (page): AccountEventRow[] => page.list, next: (page) => page.cursor },
  );
  if (first.isLoading) return <p className="muted">{t('account.loadingDevices')}</p>;
  if (first.error)
    return (
      <p className="p-error" role="alert">
        {t('list.errorShort')}
      </p>
    );
  if (rows.length === 0)
    return (
      <p className="muted" data-testid="no-events">
        {t('account.noEvents')}
      </p>
    );
  const detail = (e: AccountEventRow) =>
    [e.name, e.planId, e.buttonId, e.depth !== undefined ? `${e.depth}%` : undefined, e.thingId, e.geofenceId, e.beaconId, e.url].filter(Boolean).join(' · ') || '--';
  return (
    <RecordsTable
      testId="account-events"
      columns={[...columnsOf('account.event', ['at', 'type', 'detail'], { dateTime: ['at'] }), { field: 'deviceId', label: 'account.device.id' }]}
      cells={{ type: (e) => t(`account.eventType.${e.type}`, { defaultValue: e.type }), detail }}
      rows={rows}
      rowKey={(e) => e.eventKey}
    >
      {hasMore && <Button type="button" label={t('account.loadMore')} text loading={loadingMore} onClick={() => void more()} />}
    </RecordsTable>
  );
}
