/**
 * One campaign run's sends (/library/message-console/campaigns/records?plan=<id>&run=<id>), a page at a time by
 * cursor: status, channel, address, the provider's message id and the failure reason in words; filtered by
 * status and exported as CSV behind a link that works for 15 minutes.
 */
import { useState } from 'react';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { CHANNEL_CAPABILITIES, type Channel, SENT_STATES, type SentState } from '../../../../shared/delivery';
import type { ConsoleSendRow } from '../../../../shared/services';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { useDateTime } from '../../app/locale';
import { CursorTable } from '../../components/list/CursorTable';
import { NoRecordPage } from '../../components/NoRecordPage';
import { CAMPAIGNS_PATH } from './paths';
import { AddressCell, ReasonCell, StatusTag } from './SendCells';
import '../../i18n/areas/campaign';
import '../../i18n/areas/messageConsole';
import { useLinkDownload } from '../../components/useLinkDownload';
import { ListToolbar } from '../../components/list/ListToolbar';
import { LetterDownload, LetterFiles, mayDownloadLetterFiles } from '../campaign/detail/LetterFiles';

const PAGE = 50;

export default function CampaignRecordsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const planId = params.get('plan') ?? '';
  const runId = params.get('run') ?? '';
  if (!planId || !runId) return <NoRun text={t('messageConsole.sends.noRun')} />;
  return <Records planId={planId} runId={runId} channel={params.get('channel')} key={`${planId}/${runId}`} />;
}

function NoRun({ text }: { text: string }) {
  const { t } = useTranslation();
  return <NoRecordPage title={t('page.messageConsoleCampaignRecords')} text={text} back={CAMPAIGNS_PATH} backLabel={t('messageConsole.sends.back')} />;
}

function Records({ planId, runId, channel }: { planId: string; runId: string; channel: string | null }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [status, setStatus] = useState<SentState | ''>('');
  const [exporting, download] = useLinkDownload();
  const pages = useCursorPages(
    ['message.detail', planId, runId, status],
    (cursor: string | undefined) => call('message.detail', { planId, runId, size: PAGE, cursor, ...(status ? { status } : {}) }, { quiet: cursor === undefined }),
    { items: (page) => page.list, next: (page) => page.cursor },
  );

  if (pages.first.error) return <NoRun text={t('messageConsole.sends.noRun')} />;
  // a printed channel's letters, for a member who may download them (the server checks the channel again)
  const printed = (c: string | null | undefined) => !!c && c in CHANNEL_CAPABILITIES && CHANNEL_CAPABILITIES[c as Channel].printed;
  const letters = (printed(channel) || printed(pages.rows[0]?.channel)) && mayDownloadLetterFiles();

  const exportCsv = () => download(() => call('message.export', { planId, runId, ...(status ? { status } : {}) }));

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>{t('page.messageConsoleCampaignRecords')}</h1>
          <p className="muted">
            <Link to={CAMPAIGNS_PATH}>{t('messageConsole.sends.back')}</Link>
          </p>
        </div>
        <Button
          type="button"
          icon="pi pi-download"
          label={t('messageConsole.sends.export')}
          loading={exporting}
          disabled={pages.rows.length === 0}
          onClick={() => void exportCsv()}
        />
      </header>
      <div className="card">
        <ListToolbar
          status={{
            id: 'console-send-status',
            label: t('messageConsole.sends.status'),
            value: status,
            allLabel: t('messageConsole.sends.allStatuses'),
            options: SENT_STATES.map((value) => ({ value, label: t(`campaign.sentState.${value}`) })),
            onChange: (value) => setStatus(value as SentState | ''),
          }}
          refreshLabel={t('messageConsole.refresh')}
          onRefresh={() => void pages.refresh()}
        />
        {letters && <LetterFiles planId={planId} runId={runId} />}
        <CursorTable
          pages={pages}
          testId="console-sends"
          texts={{ loading: t('messageConsole.loading'), empty: t('messageConsole.sends.empty'), more: t('messageConsole.more') }}
          head={
            <>
              <th scope="col">{t('messageConsole.sends.address')}</th>
              <th scope="col">{t('messageConsole.sends.channel')}</th>
              <th scope="col">{t('messageConsole.sends.status')}</th>
              <th scope="col">{t('messageConsole.sends.providerId')}</th>
              <th scope="col">{t('messageConsole.sends.reason')}</th>
              <th scope="col">{t('messageConsole.sends.claimedAt')}</th>
              <th scope="col">{t('messageConsole.sends.doneAt')}</th>
              <th scope="col">{t('messageConsole.sends.account')}</th>
              {letters && <th scope="col">{t('campaign.sent.letter')}</th>}
            </>
          }
          row={(s: ConsoleSendRow) => (
            <tr key={`${s.accountId}/${s.claimedAt}/${s.address}`} data-status={s.status}>
              <AddressCell send={s} />
              <td>{t(`campaign.channel.${s.channel}`)}</td>
              <td>
                <StatusTag status={s.status} />
              </td>
              <td className="break-all">{s.providerId ?? '--'}</td>
              <td>
                <ReasonCell send={s} />
              </td>
              <td>{dateTime(s.claimedAt)}</td>
              <td>{s.doneAt ? dateTime(s.doneAt) : '--'}</td>
              <td className="muted small">{s.accountId}</td>
              {letters && <td>{printed(s.channel) && s.status === 'SENT' ? <LetterDownload planId={planId} runId={runId} accountId={s.accountId} /> : '--'}</td>}
            </tr>
          )}
        />
      </div>
    </section>
  );
}
