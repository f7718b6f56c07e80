/**
 * Letter content (direct mail): the sender company, the recipient's address block, subject, body and closing; the
 * preview is the same layout the PDF is drawn from, and the PDF itself can be downloaded.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutLetter, LETTER_LIMITS, type LetterContent, type LetterSender } from '../../../../../shared/content';
import type { Recipient } from '../../../../../shared/render';
import { call } from '../../../api/client';
import { TextField } from '../../../components/TextField';
import type { ChannelDraft } from './channelDraft';
import { toChannelPayload } from './channelDraft';
import { AreaField, type EditorProps, text } from './fields';
import { downloadBlob } from '../../../api/fileTransfer';
import styles from './channel.module.css';

export function LetterEditor({ content, set, error, idPrefix }: EditorProps) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="form-grid">
      <AreaField
        id={id('recipient')}
        className="span-2"
        rows={3}
        label={t('channelContent.letter.recipient')}
        value={text(content.recipientBlock)}
        maxLength={LETTER_LIMITS.address}
        error={error('recipientBlock')}
        hint={t('channelContent.letter.recipientHint')}
        onChange={(v) => set({ recipientBlock: v }, 'recipientBlock')}
      />
      <TextField
        id={id('subject')}
        fieldClassName="span-2"
        label={t('channelContent.letter.subject')}
        value={text(content.subject)}
        maxLength={LETTER_LIMITS.subject}
        error={error('subject')}
        hint={t('channelContent.personalHint', { token: '{{firstName|there}}' })}
        onChange={(v) => set({ subject: v }, 'subject')}
      />
      <AreaField
        id={id('body')}
        className="span-2"
        rows={10}
        label={t('channelContent.letter.body')}
        value={text(content.body)}
        maxLength={LETTER_LIMITS.body}
        error={error('body')}
        hint={t('channelContent.letter.bodyHint')}
        onChange={(v) => set({ body: v }, 'body')}
      />
      <AreaField
        id={id('closing')}
        className="span-2"
        rows={2}
        label={t('channelContent.letter.closing')}
        value={text(content.closing)}
        maxLength={LETTER_LIMITS.closing}
        error={error('closing')}
        onChange={(v) => set({ closing: v }, 'closing')}
      />
    </div>
  );
}

function downloadPdf(fileName: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  downloadBlob(new Blob([bytes], { type: 'application/pdf' }), fileName);
}

export function LetterPreview({
  draft,
  language,
  sender,
  recipient,
  valid,
}: {
  draft: ChannelDraft;
  language: string;
  sender: LetterSender | null;
  recipient: Recipient;
  valid: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const c = draft.contents[language] ?? {};
  const content: LetterContent = { recipientBlock: text(c.recipientBlock), subject: text(c.subject), body: text(c.body), closing: text(c.closing) };
  const layout = layoutLetter(content, sender, language, recipient);
  async function pdf() {
    setBusy(true);
    try {
      const { template } = toChannelPayload(draft);
      const file = await call('templateMessage.previewLetter', { template, language, recipient: recipient as Record<string, unknown> });
      downloadPdf(file.fileName, file.base64);
    } catch {
      // the client's toast says why
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={styles.letterPreviewWrap}>
      <Button
        type="button"
        icon="pi pi-file-pdf"
        outlined
        size="small"
        label={t('channelContent.letter.pdf')}
        loading={busy}
        disabled={!valid}
        title={valid ? undefined : t('channelContent.letter.pdfInvalid')}
        onClick={() => void pdf()}
      />
      <figure
        className={styles.letterPage}
        aria-label={t('channelContent.previewOf', { channel: t('channelContent.channels.DIRECT_MAIL') })}
        lang={language}
        data-testid="letter-preview"
        data-ui-language={i18n.language}
      >
        <div className={styles.letterSender} data-testid="letter-sender">
          {layout.sender.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </div>
        <div className={styles.letterRecipient}>
          {layout.recipient.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </div>
        <p className={styles.letterDate}>{layout.date}</p>
        <p className={styles.letterSubject}>{layout.subject}</p>
        {layout.paragraphs.map((p, i) => (
          <p key={i} className={styles.letterParagraph}>
            {p}
          </p>
        ))}
        <div className={styles.letterClosing} data-testid="letter-closing">
          {layout.closing.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
        </div>
      </figure>
    </div>
  );
}
