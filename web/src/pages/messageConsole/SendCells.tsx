/** The cells a send shows in the console (run records and address search alike): address, status tag, provider id, reason in words. */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import type { SentState } from '../../../../shared/delivery';
import type { ConsoleSendRow } from '../../../../shared/services';
import { usePhoneText } from '../../app/phone';
import { addressKindOf } from '../template/channel/addressKinds';
import '../../i18n/areas/campaign';

export const SENT_SEVERITY: Record<SentState, 'info' | 'success' | 'danger' | 'secondary' | 'warning'> = {
  CLAIMED: 'info',
  SENT: 'success',
  FAILED: 'danger',
  SKIPPED: 'secondary',
  UNCERTAIN: 'warning',
};

export function StatusTag({ status }: { status: SentState }) {
  const { t } = useTranslation();
  return <Tag value={t(`campaign.sentState.${status}`)} severity={SENT_SEVERITY[status]} rounded />;
}

/** The address as sent; a phone number also in the national form of the organization's country. */
export function AddressCell({ send }: { send: ConsoleSendRow }) {
  const phone = usePhoneText();
  return <td className="break-all">{addressKindOf(send.channel) === 'phone' ? phone(send.address) : send.address}</td>;
}

/** The reason in the reader's words, with the provider's own detail under it. */
export function ReasonCell({ send }: { send: ConsoleSendRow }) {
  const { t } = useTranslation();
  if (!send.reason && !send.detail) return <>--</>;
  return (
    <>
      {send.reason && t(`campaign.reason.${send.reason}`, { defaultValue: send.reasonText ?? send.reason })}
      {send.detail && <div className="muted small">{send.detail}</div>}
    </>
  );
}
