/** One account: its fields, its devices and their notification permissions (spec 001 3.18), read only, with delete. */
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import useSWR from 'swr';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format';
import type { AccountView, Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { useCloseOnNavigation } from '../../ui/dialogBus';

const CONSENTS = ['emailConsent', 'smsConsent', 'pushConsent', 'lineConsent'] as const;

/** The postal address as it would be written on an envelope, a line each. */
function addressLines(address: AccountView['address']): string[] {
  if (!address) return [];
  const place = [address.postcode, address.city, address.region].filter(Boolean).join(' ');
  return [address.recipientName, ...address.lines, place, address.country].filter((line): line is string => Boolean(line));
}
const PERMISSION_SEVERITY = { ALWAYS: 'success', WHEN_IN_USE: 'info', ONLY_ONCE: 'warning', NOT_ALLOW: 'danger' } as const;

/** The account's devices, or their notification permissions (spec 001 3.18). */
function AccountDevices({ id, view }: { id: string; view: 'devices' | 'permissions' }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSWR(['account.devices', { id }], () => call('account.devices', { id }, { quiet: true }));
  if (isLoading) return <p className="muted">{t('account.loadingDevices')}</p>;
  if (error) return <p className="p-error" role="alert">{t('list.errorShort')}</p>;
  if (!data?.length) return <p className="muted" data-testid="no-devices">{t('account.noDevices')}</p>;
  return (
    <div className="table-scroll">
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

/** Each notification-permission change the account's devices reported, newest first (the permission record). */
function PermissionRecord({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSWR(['account.permissionRecords', { id }], () => call('account.permissionRecords', { id }, { quiet: true }));
  if (isLoading) return null;
  if (error) return <p className="p-error" role="alert">{t('list.errorShort')}</p>;
  return (
    <section aria-labelledby="permission-record-title">
      <h3 id="permission-record-title">{t('account.permissionRecord')}</h3>
      {!data?.length ? (
        <p className="muted">{t('account.noPermissionChanges')}</p>
      ) : (
        <div className="table-scroll">
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

type AccountEventRow = Result<'account.events'>['list'][number];

/** What the account's apps reported, newest first, a page at a time. */
function AccountEvents({ id }: { id: string }) {
  const { t } = useTranslation();
  const { rows, first, hasMore, loadingMore, more } = useCursorPages(
    ['account.events', { id }],
    (cursor: string | undefined) => call('account.events', { id, size: 50, cursor }, { quiet: cursor === undefined }),
    { items: (page): AccountEventRow[] => page.list, next: (page) => page.cursor },
  );
  if (first.isLoading) return <p className="muted">{t('account.loadingDevices')}</p>;
  if (first.error) return <p className="p-error" role="alert">{t('list.errorShort')}</p>;
  if (rows.length === 0) return <p className="muted" data-testid="no-events">{t('account.noEvents')}</p>;
  const detail = (e: AccountEventRow) => [e.name, e.planId, e.buttonId, e.geofenceId, e.beaconId, e.url].filter(Boolean).join(' · ') || '--';
  return (
    <div className="table-scroll">
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

export function AccountDialog({ account, onHide, onDelete }: { account: AccountView | null; onHide: () => void; onDelete: (a: AccountView) => void }) {
  const { t } = useTranslation();
  useCloseOnNavigation(account !== null, onHide);
  const attributes = Object.entries(account?.attributes ?? {});
  const text = (v: string | undefined) => v || '--';
  return (
    <Dialog
      id="account-dialog"
      header={account ? t('account.detailTitle', { id: account.id }) : ''}
      visible={account !== null}
      onHide={onHide}
      className="form-dialog form-dialog-wide"
      breakpoints={{ '1023px': '90vw', '640px': '100vw' }}
      modal
      draggable={false}
      footer={
        <div className="dialog-footer">
          <Button type="button" icon="pi pi-trash" label={t('common.delete')} severity="danger" outlined onClick={() => account && onDelete(account)} />
          <Button type="button" label={t('account.close')} onClick={onHide} />
        </div>
      }
    >
      {account && (
        <TabView className="account-tabs">
          <TabPanel header={t('account.tab.overview')}>
        <dl className="account-detail">
          <dt>{t('account.id')}</dt>
          <dd>{account.id}</dd>
          <dt>{t('account.emails')}</dt>
          <dd>{account.emails.join(', ') || '--'}</dd>
          <dt>{t('account.phones')}</dt>
          <dd data-testid="account-phones">{account.phones?.join(', ') || '--'}</dd>
          <dt>{t('account.lineUserId')}</dt>
          <dd data-testid="account-line">{text(account.lineUserId)}</dd>
          <dt>{t('account.address')}</dt>
          <dd data-testid="account-address">
            {addressLines(account.address).length === 0
              ? '--'
              : addressLines(account.address).map((line, i) => (
                  <span key={i} className="address-line">
                    {line}
                    <br />
                  </span>
                ))}
          </dd>
          <dt>{t('account.firstName')}</dt>
          <dd>{text(account.firstName)}</dd>
          <dt>{t('account.lastName')}</dt>
          <dd>{text(account.lastName)}</dd>
          <dt>{t('account.country')}</dt>
          <dd>{text(account.country)}</dd>
          <dt>{t('account.locale')}</dt>
          <dd>{text(account.locale)}</dd>
          <dt>{t('account.timeZone')}</dt>
          <dd>{text(account.timeZone)}</dd>
          <dt>{t('account.tags')}</dt>
          <dd>{account.tags.length ? account.tags.map((tag) => <Tag key={tag} value={tag} className="mr-1" />) : '--'}</dd>
          <dt>{t('account.consents')}</dt>
          <dd>
            {CONSENTS.map((c) => (
              <Tag key={c} className="mr-1" severity={account[c] ? 'success' : 'secondary'} value={`${t(`account.${c}`)}: ${account[c] ? t('common.yes') : t('common.no')}`} />
            ))}
          </dd>
          <dt>{t('account.attributes')}</dt>
          <dd>
            {attributes.length === 0 ? (
              t('account.noAttributes')
            ) : (
              <ul className="plain-list">
                {attributes.map(([name, value]) => (
                  <li key={name}>
                    <strong>{name}</strong>: {String(value)}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>{t('account.dateCreated')}</dt>
          <dd>{formatDateTime(account.dateCreated)}</dd>
          <dt>{t('account.dateUpdated')}</dt>
          <dd>{formatDateTime(account.dateUpdated)}</dd>
          <dt>{t('account.version')}</dt>
          <dd>{account.version}</dd>
        </dl>
          </TabPanel>
          <TabPanel header={t('account.tab.devices')}>
            <AccountDevices id={account.id} view="devices" />
          </TabPanel>
          <TabPanel header={t('account.tab.permissions')}>
            <AccountDevices id={account.id} view="permissions" />
            <PermissionRecord id={account.id} />
          </TabPanel>
          <TabPanel header={t('account.tab.events')}>
            <AccountEvents id={account.id} />
          </TabPanel>
        </TabView>
      )}
    </Dialog>
  );
}
