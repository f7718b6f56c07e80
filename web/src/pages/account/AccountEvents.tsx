/** The account's app events, in the account dialog. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { useDateTime } from '../../app/locale';
import tableStyles from '../../components/list/CursorTable.module.css';

type AccountEventRow = Result<'account.events'>['list'][number];

/** What the account's apps reported, newest first, a page at a time. */
export function AccountEvents({ id }: { id: string }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
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
    <div className={tableStyles.tableScroll}>
      <table className="simple-table" data-testid="account-events">
        <thead>
          <tr>
            <th scope="col">{t('account.event.at')}</th>
            <th scope="col">{t('account.event.type')}</th>
            <th scope="col">{t('account.event.detail')}</th>
            <th scope="col">{t('account.device.id')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.eventKey}>
              <td>{formatDateTime(e.at)}</td>
              <td>{t(`account.eventType.${e.type}`, { defaultValue: e.type })}</td>
              <td>{detail(e)}</td>
              <td>{e.deviceId ?? '--'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasMore && <Button type="button" label={t('account.loadMore')} text loading={loadingMore} onClick={() => void more()} />}
    </div>
  );
}
