/** The cells a send shows in the console (run records and address search alike): address, status tag, provider id, reason in words. */
import { Tag } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SentState } from '../../../../shared/delivery';
import type { ConsoleSendRow } from '../../../../shared/services';
import { useDateTime } from '../../app/locale';
import { usePhoneText } from '../../app/phone';
import { columnsOf } from '../../components/list/RecordsTable';
import { addressKindOf } from '../template/channel/addressKinds';
import { campaignRecordsPath } from './paths';
import '../../i18n/areas/campaign';

export const SENT_SEVERITY: Record<SentState, 'info' | 'success' | 'danger' | 'secondary' | 'warning'> = {
  CLAIMED: 'info',
  SENT: 'success',
  FAILED: 'danger',
  SKIPPED: 'secondary',
  UNCERTAIN: 'warning',
};

/** The columns of a sends table, in the order given; headers are `messageConsole.sends.<field>`. */
export const sendColumns = (fields: readonly (keyof ReturnType<typeof useSendCells>)[]) => columnsOf('messageConsole.sends', fields);
export const sendKey = (s: ConsoleSendRow) => `${s.planId}/${s.runId}/${s.accountId}/${s.claimedAt}/${s.address}`;

/** A renderer per column of a sends table. */
export function useSendCells() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const phone = usePhoneText();
  return {
    // the address as sent; a phone number also in the national form of the organization's country
    address: (s: ConsoleSendRow) => <span className="break-all">{addressKindOf(s.channel) === 'phone' ? phone(s.address) : s.address}</span>,
    channel: (s: ConsoleSendRow) => t(`campaign.channel.${s.channel}`),
    status: (s: ConsoleSendRow) => <Tag value={t(`campaign.sentState.${s.status}`)} severity={SENT_SEVERITY[s.status]} rounded />,
    providerId: (s: ConsoleSendRow) => <span className="break-all">{s.providerId ?? '--'}</span>,
    reason: (s: ConsoleSendRow) => <Reason send={s} />,
    claimedAt: (s: ConsoleSendRow) => dateTime(s.claimedAt),
    doneAt: (s: ConsoleSendRow) => dateTime(s.doneAt),
    account: (s: ConsoleSendRow) => <span className="muted small">{s.accountId}</span>,
    plan: (s: ConsoleSendRow) => <Link to={campaignRecordsPath(s.planId, s.runId, s.channel)}>{s.planName || s.planId}</Link>,
  } satisfies Record<string, (s: ConsoleSendRow) => ReactNode>;
}

/** The reason in the reader's words, with the provider's own detail under it. */
function Reason({ send }: { send: ConsoleSendRow }) {
  const { t } = useTranslation();
  if (!send.reason && !send.detail) return <>--</>;
  return (
    <>
      {send.reason && t(`campaign.reason.${send.reason}`, { defaultValue: send.reasonText ?? send.reason })}
      {send.detail && <div className="muted small">{send.detail}</div>}
    </>
  );
}
