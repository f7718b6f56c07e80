/** The account's IoT tab (spec 000: account vehicle and track data): its vehicles, IoT devices and their track points. */
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, Result } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { columnsOf, RecordsTable } from '../../components/list/RecordsTable';

type TrackRow = Result<'account.tracks'>['list'][number];

/** A point's readings as the device sent them (`lat`, `lng`, `speed`…), in their order. */
const readings = (p: TrackRow['properties']) =>
  Object.entries(p ?? {})
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(' · ') || '--';

export function AccountIot({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const vehicles = account.vehicles ?? [];
  const things = account.iotDevices ?? [];
  const { rows, first, hasMore, loadingMore, more } = useCursorPages(
    ['account.tracks', { id: account.id }],
    (cursor: string | undefined) => call('account.tracks', { id: account.id, size: 50, cursor }, { quiet: cursor === undefined }),
    { items: (page): TrackRow[] => page.list, next: (page) => page.cursor },
  );
  return (
    <div className="stack">
      <Part id="iot-vehicles" title={t('account.iot.vehicles')}>
        {vehicles.length === 0 ? (
          <p className="muted">{t('account.iot.noVehicles')}</p>
        ) : (
          <RecordsTable testId="account-vehicles" columns={columnsOf('account.iot', ['vin', 'make', 'model', 'year'])} rows={vehicles} rowKey={(v) => v.vin} />
        )}
      </Part>
      <Part id="iot-devices" title={t('account.iot.devices')}>
        {things.length === 0 ? (
          <p className="muted">{t('account.iot.noDevices')}</p>
        ) : (
          <RecordsTable testId="account-iot-devices" columns={columnsOf('account.iot', ['thingId', 'name', 'type', 'vin'])} rows={things} rowKey={(d) => d.thingId} />
        )}
      </Part>
      <Part id="iot-tracks" title={t('account.iot.tracks')}>
        {first.isLoading ? (
          <p className="muted">{t('account.loadingDevices')}</p>
        ) : first.error ? (
          <p className="p-error" role="alert">
            {t('list.errorShort')}
          </p>
        ) : rows.length === 0 && !hasMore ? (
          <p className="muted">{t('account.iot.noTracks')}</p>
        ) : (
          <RecordsTable
            testId="account-tracks"
            columns={[{ field: 'at', label: 'account.event.at', format: 'dateTime' }, ...columnsOf('account.iot', ['thingId', 'readings'])]}
            cells={{ readings: (p) => readings(p.properties) }}
            rows={rows}
            rowKey={(p) => p.eventKey}
          >
            {hasMore && <Button type="button" label={t('account.loadMore')} text loading={loadingMore} onClick={() => void more()} />}
          </RecordsTable>
        )}
      </Part>
    </div>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}
