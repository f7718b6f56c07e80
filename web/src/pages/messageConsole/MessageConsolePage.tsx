/**
 * The message console (/library/message-console, tabs at /campaigns and /cloud-sources): every campaign run with
 * its counts, newest first, filtered by channel and message name, and a search by address over all the
 * organization's sends; and every cloud-source delivery across sources. Lists read by cursor ("show more").
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { CHANNELS } from '../../../../shared/delivery';
import type { ConsoleRunRow } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { useDateTime } from '../../app/locale';
import { CursorTable } from '../../components/list/CursorTable';
import { columnsOf } from '../../components/list/RecordsTable';
import { CloudStatusTag, cloudStatusOptions, DELIVERY_COUNTS } from '../cloudSource/CloudStatusTag';
import { CAMPAIGNS_PATH, campaignRecordsPath, CLOUD_PATH, cloudRecordsPath } from './paths';
import { sendColumns, sendKey, useSendCells } from './SendCells';
import '../../i18n/areas/campaign';
import '../../i18n/areas/cloudSource';
import '../../i18n/areas/messageConsole';
import { ListToolbar } from '../../components/list/ListToolbar';
import toolbarStyles from '../../components/list/ListToolbar.module.css';
import { SelectField } from '../../components/Field';
import { Page } from '../../components/Page';

const PAGE = 20;
const RUN_SEVERITY = { RUNNING: 'info', DONE: 'success', STOPPED: 'secondary' } as const;
const RUN_COUNTS = ['matched', 'sent', 'failed', 'skipped', 'uncertain'];

export default function MessageConsolePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const cloud = pathname.startsWith(CLOUD_PATH);
  return (
    <Page title={t('page.messageConsole')} intro={t('messageConsole.intro')}>
      <TabView activeIndex={cloud ? 1 : 0} onTabChange={(e) => navigate(e.index === 1 ? CLOUD_PATH : CAMPAIGNS_PATH)}>
        <TabPanel header={t('messageConsole.tab.campaigns')}>{!cloud && <Campaigns />}</TabPanel>
        <TabPanel header={t('messageConsole.tab.cloudSources')}>{cloud && <CloudDeliveries />}</TabPanel>
      </TabView>
    </Page>
  );
}

function Campaigns() {
  const { t } = useTranslation();
  const [channel, setChannel] = useState('');
  const [nameInput, setNameInput] = useState('');
  const [planName, setPlanName] = useState('');
  const [addressInput, setAddressInput] = useState('');
  const [address, setAddress] = useState('');

  function searchName(e: FormEvent) {
    e.preventDefault();
    setPlanName(nameInput.trim());
  }
  function searchAddress(e: FormEvent) {
    e.preventDefault();
    setAddress(addressInput.trim());
  }

  return (
    <div className="card">
      <form className={`${toolbarStyles.listToolbar} list-toolbar`} onSubmit={searchAddress} role="search" aria-label={t('messageConsole.address')}>
        <div className="field">
          <label htmlFor="console-address">{t('messageConsole.address')}</label>
          <InputText
            id="console-address"
            value={addressInput}
            placeholder={t('messageConsole.addressPlaceholder')}
            maxLength={320}
            onChange={(e) => setAddressInput(e.target.value)}
            aria-describedby="console-address-hint"
          />
          <small id="console-address-hint" className="muted">
            {t('messageConsole.addressHint')}
          </small>
        </div>
        <Button type="submit" icon="pi pi-search" label={t('messageConsole.search')} disabled={addressInput.trim() === ''} />
        {address && (
          <Button
            type="button"
            icon="pi pi-times"
            text
            label={t('messageConsole.clearAddress')}
            onClick={() => {
              setAddress('');
              setAddressInput('');
            }}
          />
        )}
      </form>
      {address ? (
        <AddressSends address={address} key={address} />
      ) : (
        <>
          <form className={`${toolbarStyles.listToolbar} list-toolbar`} onSubmit={searchName}>
            <SelectField
              id="console-channel"
              label={t('messageConsole.channel')}
              value={channel}
              options={[{ value: '', label: t('messageConsole.allChannels') }, ...CHANNELS.map((c) => ({ value: c, label: t(`campaign.channel.${c}`) }))]}
              onChange={(e) => setChannel(String(e.value ?? ''))}
            />
            <div className="field">
              <label htmlFor="console-plan-name">{t('messageConsole.planName')}</label>
              <InputText
                id="console-plan-name"
                value={nameInput}
                placeholder={t('messageConsole.planNamePlaceholder')}
                maxLength={200}
                onChange={(e) => setNameInput(e.target.value)}
              />
            </div>
            <Button type="submit" icon="pi pi-filter" label={t('messageConsole.search')} />
          </form>
          <Runs channel={channel} planName={planName} key={`${channel}/${planName}`} />
        </>
      )}
    </div>
  );
}

function Runs({ channel, planName }: { channel: string; planName: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const pages = useCursorPages(
    ['message.getListByPage', channel, planName],
    (cursor: string | undefined) =>
      call(
        'message.getListByPage',
        { size: PAGE, cursor, ...(channel ? { channel: channel as ConsoleRunRow['channel'] } : {}), ...(planName ? { planName } : {}) },
        { quiet: cursor === undefined },
      ),
    { items: (page) => page.list, next: (page) => page.cursor },
    // follow runs still sending
    { refreshInterval: (data) => (data?.list.some((r) => r.status === 'RUNNING') ? 2000 : 0) },
  );
  return (
    <>
      <ListToolbar refreshLabel={t('messageConsole.refresh')} onRefresh={() => void pages.refresh()} />
      <CursorTable
        pages={pages}
        testId="console-runs"
        texts={{ loading: t('messageConsole.loading'), empty: t('messageConsole.runs.empty'), more: t('messageConsole.more') }}
        columns={columnsOf('messageConsole.runs', ['started', 'plan', 'channel', 'status', ...RUN_COUNTS], { count: RUN_COUNTS })}
        cells={{
          started: (r) => dateTime(r.startedAt),
          plan: (r) => (
            <Link to={campaignRecordsPath(r.planId, r.runId, r.channel)} aria-label={t('messageConsole.runs.open', { name: r.planName })}>
              {r.planName}
            </Link>
          ),
          channel: (r) => t(`campaign.channel.${r.channel}`),
          status: (r) => <Tag value={t(`messageConsole.runs.statusOption.${r.status}`)} severity={RUN_SEVERITY[r.status]} rounded />,
        }}
        rowKey={(r) => `${r.planId}/${r.runId}`}
        rowStatus={(r) => r.status}
      />
    </>
  );
}

/** The organization's sends to one address, across every campaign, newest first. */
function AddressSends({ address }: { address: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const cells = useSendCells();
  const pages = useCursorPages(
    ['message.detail', 'address', address],
    (cursor: string | undefined) => call('message.detail', { address, size: PAGE, cursor }, { quiet: cursor === undefined }),
    { items: (page) => page.list, next: (page) => page.cursor },
  );
  return (
    <>
      <h2 className="section-title">{t('messageConsole.addressResults', { address })}</h2>
      <CursorTable
        pages={pages}
        testId="console-address-sends"
        texts={{ loading: t('messageConsole.loading'), empty: t('messageConsole.addressEmpty'), more: t('messageConsole.more') }}
        columns={sendColumns(['doneAt', 'plan', 'channel', 'address', 'status', 'providerId', 'reason'])}
        // a send still in flight shows when it was claimed
        cells={{ ...cells, doneAt: (s) => dateTime(s.doneAt ?? s.claimedAt) }}
        rowKey={sendKey}
        rowStatus={(s) => s.status}
      />
    </>
  );
}

function CloudDeliveries() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [status, setStatus] = useState('');
  const pages = useCursorPages(
    ['consoleCloud.getListByPage', status],
    (cursor: string | undefined) => call('consoleCloud.getListByPage', { size: PAGE, cursor, ...(status ? { status } : {}) }, { quiet: cursor === undefined }),
    { items: (page) => page.list, next: (page) => page.cursor },
  );
  return (
    <div className="card">
      <ListToolbar
        status={{
          id: 'console-cloud-status',
          label: t('messageConsole.cloud.status'),
          value: status,
          allLabel: t('messageConsole.cloud.allStatuses'),
          options: cloudStatusOptions(t),
          onChange: setStatus,
        }}
        refreshLabel={t('messageConsole.refresh')}
        onRefresh={() => void pages.refresh()}
      />
      <CursorTable
        pages={pages}
        testId="console-cloud"
        texts={{ loading: t('messageConsole.loading'), empty: t('messageConsole.cloud.empty'), more: t('messageConsole.more') }}
        columns={columnsOf('messageConsole.cloud', ['started', 'source', 'fileName', 'status', ...DELIVERY_COUNTS], { count: DELIVERY_COUNTS })}
        cells={{
          started: (d) => dateTime(d.dateCreated),
          source: (d) => d.sourceTitle,
          fileName: (d) => (
            <>
              <Link to={cloudRecordsPath(d.sourceId, d.id)} aria-label={t('messageConsole.cloud.open', { file: d.fileName })}>
                {d.fileName}
              </Link>
              {d.error && <div className="p-error small">{d.error}</div>}
            </>
          ),
          status: (d) => <CloudStatusTag status={d.status} />,
        }}
        rowKey={(d) => `${d.sourceId}/${d.id}`}
        rowStatus={(d) => d.status}
      />
    </div>
  );
}
