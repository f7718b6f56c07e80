/** The account's IoT tab (spec 000: account vehicle and track data): its vehicles, IoT devices and their track points. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { AccountView, Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { useDateTime } from '../../app/locale';
import tableStyles from '../../components/list/CursorTable.module.css';

type TrackRow = Result<'account.tracks'>['list'][number];

/** A point's readings as the device sent them (`lat`, `lng`, `speed`…), in their order. */
const readings = (p: TrackRow['properties']) =>
  Object.entries(p ?? {})
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ') || '--';

export function AccountIot({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const formatDateTime = useDateTime();
  const vehicles = account.vehicles ?? [];
  const things = account.iotDevices ?? [];
  const { rows, first, hasMore, loadingMore, more } = useCursorPages(
    ['account.tracks', { id: account.id }],
    (cursor: string | undefined) => call('account.tracks', { id: account.id, size: 50, cursor }, { quiet: cursor === undefined }),
    { items: (page): TrackRow[] => page.list, next: (page) => page.cursor },
  );
  return (
    <div className="stack">
      <section aria-labelledby="iot-vehicles">
        <h3 id="iot-vehicles" className="section-title">
          {t('account.iot.vehicles')}
        </h3>
        {vehicles.length === 0 ? (
          <p className="muted">{t('account.iot.noVehicles')}</p>
        ) : (
          <div className={tableStyles.tableScroll}>
            <table className="simple-table" data-testid="account-vehicles">
              <thead>
                <tr>
                  <th scope="col">{t('account.iot.vin')}</th>
                  <th scope="col">{t('account.iot.make')}</th>
                  <th scope="col">{t('account.iot.model')}</th>
                  <th scope="col">{t('account.iot.year')}</th>
                </tr>
              </thead>
              <tbody>
                {vehicles.map((v) => (
                  <tr key={v.vin}>
                    <td>{v.vin}</td>
                    <td>{v.make ?? '--'}</td>
                    <td>{v.model ?? '--'}</td>
                    <td>{v.year ?? '--'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="iot-devices">
        <h3 id="iot-devices" className="section-title">
          {t('account.iot.devices')}
        </h3>
        {things.length === 0 ? (
          <p className="muted">{t('account.iot.noDevices')}</p>
        ) : (
          <div className={tableStyles.tableScroll}>
            <table className="simple-table" data-testid="account-iot-devices">
              <thead>
                <tr>
                  <th scope="col">{t('account.iot.thingId')}</th>
                  <th scope="col">{t('account.iot.name')}</th>
                  <th scope="col">{t('account.iot.type')}</th>
                  <th scope="col">{t('account.iot.vin')}</th>
                </tr>
              </thead>
              <tbody>
                {things.map((d) => (
                  <tr key={d.thingId}>
                    <td>{d.thingId}</td>
                    <td>{d.name ?? '--'}</td>
                    <td>{d.type ?? '--'}</td>
                    <td>{d.vin ?? '--'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="iot-tracks">
        <h3 id="iot-tracks" className="section-title">
          {t('account.iot.tracks')}
        </h3>
        {first.isLoading ? (
          <p className="muted">{t('account.loadingDevices')}</p>
        ) : first.error ? (
          <p className="p-error" role="alert">
            {t('list.errorShort')}
          </p>
        ) : rows.length === 0 && !hasMore ? (
          <p className="muted">{t('account.iot.noTracks')}</p>
        ) : (
          <div className={tableStyles.tableScroll}>
            <table className="simple-table" data-testid="account-tracks">
              <thead>
                <tr>
                  <th scope="col">{t('account.event.at')}</th>
                  <th scope="col">{t('account.iot.thingId')}</th>
                  <th scope="col">{t('account.iot.readings')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((p) => (
                  <tr key={p.eventKey}>
                    <td>{formatDateTime(p.at)}</td>
                    <td>{p.thingId}</td>
                    <td>{readings(p.properties)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {hasMore && <Button type="button" label={t('account.loadMore')} text loading={loadingMore} onClick={() => void more()} />}
          </div>
        )}
      </section>
    </div>
  );
}
