/** SMS content: the text with its live segment counter (as sent: with the STOP footer) and a phone bubble preview. */
import { Checkbox } from 'primereact/checkbox';
import { useTranslation } from 'react-i18next';
import { renderSms, smsAsEstimated } from '../../../../../shared/content';
import type { Recipient } from '../../../../../shared/render';
import { countSms } from '../../../../../shared/sms/segments';
import { smsCostOf, useSmsPricing } from '../../../app/smsPrice';
import { AreaField, type EditorProps, text } from './fields';
import styles from './channel.module.css';

const smsOf = (content: Record<string, unknown>) => ({ text: text(content.text), stopFooter: content.stopFooter !== false, trackLinks: content.trackLinks === true });

export function SmsEditor({ content, language, set, error, idPrefix }: EditorProps) {
  const { t, i18n } = useTranslation();
  const sms = smsOf(content);
  // counted as sent: with the footer, and with tracked links as long as the portal's
  const count = countSms(smsAsEstimated(sms, language, window.location.origin));
  // what one message costs at the organization's price per part for its country, where it set one
  const pricing = useSmsPricing();
  const cost = pricing && count.segments > 0 ? smsCostOf(count.segments, pricing, i18n.language) : undefined;
  return (
    <div className="form-grid">
      <AreaField
        id={`${idPrefix}-text`}
        className="span-2"
        label={t('channelContent.sms.text')}
        value={sms.text}
        rows={5}
        error={error('text')}
        hint={t('channelContent.personalHint', { token: '{{firstName|there}}' })}
        onChange={(v) => set({ text: v }, 'text')}
      />
      <div className="field checkbox-row span-2">
        <Checkbox inputId={`${idPrefix}-stop`} checked={sms.stopFooter} onChange={(e) => set({ stopFooter: Boolean(e.checked) }, 'stopFooter')} />
        <label htmlFor={`${idPrefix}-stop`}>{t('channelContent.sms.stopFooter')}</label>
      </div>
      <div className="field checkbox-row span-2">
        <Checkbox
          inputId={`${idPrefix}-track`}
          checked={sms.trackLinks}
          aria-describedby={`${idPrefix}-track-hint`}
          onChange={(e) => set({ trackLinks: Boolean(e.checked) }, 'trackLinks')}
        />
        <label htmlFor={`${idPrefix}-track`}>{t('channelContent.sms.trackLinks')}</label>
        <small id={`${idPrefix}-track-hint`} className="muted">
          {t('channelContent.sms.trackLinksHint')}
        </small>
      </div>
      <p className={`${styles.smsCounter} span-2`} data-testid="sms-counter" aria-live="polite">
        {t('channelContent.sms.counter', { encoding: count.encoding, units: count.units, segments: count.segments, remaining: count.remaining })}
        {cost && <span data-testid="sms-cost"> · {t('channelContent.sms.cost', { ...cost, count: count.segments })}</span>}
        {count.nonGsm.length > 0 && <span className="muted"> {t('channelContent.sms.nonGsm', { characters: count.nonGsm.slice(0, 10).join(' ') })}</span>}
      </p>
    </div>
  );
}

export function SmsPreview({ content, language, recipient }: { content: Record<string, unknown>; language: string; recipient: Recipient }) {
  const { t } = useTranslation();
  const body = renderSms(smsOf(content), language, recipient);
  return (
    <figure className={styles.phoneFrame} aria-label={t('channelContent.previewOf', { channel: 'SMS' })}>
      <div className={`${styles.phoneScreen} chat`}>
        <p className={styles.chatSender}>Herald</p>
        {body.trim() ? (
          <p className={`${styles.bubble} incoming`} data-testid="sms-preview">
            {body}
          </p>
        ) : (
          <p className="muted small">{t('channelContent.emptyPreview')}</p>
        )}
      </div>
    </figure>
  );
}
