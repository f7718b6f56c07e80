/**
 * One campaign run's sends (/library/message-console/campaigns/records?plan=<id>&run=<id>), a page at a time by
 * cursor: status, channel, address, the provider's message id and the failure reason in words; filtered by
 * status and exported as CSV behind a link that works for 15 minutes.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CHANNEL_CAPABILITIES, type Channel, SENT_STATES, type SentState } from '../../../../shared/delivery';
import { call } from '../../api/client';
import { useCursorPages } from '../../api/useCursorPages';
import { CursorTable } from '../../components/list/CursorTable';
import { NoRecordPage } from '../../components/NoRecordPage';
import { CAMPAIGNS_PATH } from './paths';
import { sendColumns, sendKey, useSendCells } from './SendCells';
import '../../i18n/areas/campaign';
import '../../i18n/areas/messageConsole';
import { ExportButton, RecordsPage } from '../../components/list/RecordsPage';
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
  const cells = useSendCells();
  const [status, setStatus] = useState<SentState | ''>('');
  const statusFilter = status ? { status } : {};
  const pages = useCursorPages(
    ['message.detail', planId, runId, status],
    (cursor: string | undefined) => call('message.detail', { planId, runId, size: PAGE, cursor, ...statusFilter }, { quiet: cursor === undefined }),
    { items: (page) => page.list, next: (page) => page.cursor },
  );

  if (pages.first.error) return <NoRun text={t('messageConsole.sends.noRun')} />;
  // a printed channel's letters, for a member who may download them (the server checks the channel again)
  const printed = (c: string | null | undefined) => !!c && c in CHANNEL_CAPABILITIES && CHANNEL_CAPABILITIES[c as Channel].printed;
  const letters = (printed(channel) || printed(pages.rows[0]?.channel)) && mayDownloadLetterFiles();

  return (
    <RecordsPage
      title={t('page.messageConsoleCampaignRecords')}
      back={CAMPAIGNS_PATH}
      backLabel={t('messageConsole.sends.back')}
      action={
        <ExportButton label={t('messageConsole.sends.export')} disabled={pages.rows.length === 0} signLink={() => call('message.export', { planId, runId, ...statusFilter })} />
      }
    >
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
        columns={[
          ...sendColumns(['address', 'channel', 'status', 'providerId', 'reason', 'claimedAt', 'doneAt', 'account']),
          ...(letters ? [{ field: 'letter', label: 'campaign.sent.letter' }] : []),
        ]}
        cells={{
          ...cells,
          letter: (s) => (printed(s.channel) && s.status === 'SENT' ? <LetterDownload planId={planId} runId={runId} accountId={s.accountId} /> : '--'),
        }}
        rowKey={sendKey}
        rowStatus={(s) => s.status}
      />
    </RecordsPage>
  );
}
