/**
 * A direct-mail run's downloads (directMail.downloadPdf): the merged letters, the print manifest and one
 * recipient's letter. Shown on the message detail's sent records and in the message console alike.
 */
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Payload } from '../../../../../shared/services';
import { LETTERS_PER_FILE } from '../../../../../shared/services/directMail';
import { call } from '../../../api/client';
import { downloadUrl } from '../../../api/fileTransfer';
import { permissionsHeld } from '../../../api/session';
import '../../../i18n/areas/campaign';
import styles from './LetterFiles.module.css';

/** whether the member holds directMail.downloadPdf's permission */
export const mayDownloadLetterFiles = () => permissionsHeld().includes('NAV_CREATE_NOTIFICATION');

/**
 * A direct-mail run's files for the print vendor: the merged letters (in files of LETTERS_PER_FILE, one button each
 * once the first says how many) and the manifest.
 */
export function LetterFiles({ planId, runId }: { planId: string; runId: string | undefined }) {
  const { t } = useTranslation();
  const [parts, setParts] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  // a run chosen anew may have another number of files
  // biome-ignore lint/correctness/useExhaustiveDependencies(runId): reset for each run
  useEffect(() => setParts(1), [runId]);
  const fetchFile = async (key: string, payload: Payload<'directMail.downloadPdf'>) => {
    setBusy(key);
    try {
      const file = await call('directMail.downloadPdf', { ...payload, ...(runId ? { runId } : {}) });
      if (file.parts) setParts(file.parts);
      downloadUrl(file.url, file.fileName);
    } catch {
      // the client has shown why (still sending, no letters)
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.letterFiles} data-testid="letter-files">
      <span className="muted small">{parts > 1 ? t('campaign.sent.letterParts', { n: parts, per: LETTERS_PER_FILE }) : t('campaign.sent.lettersIntro')}</span>
      {Array.from({ length: parts }, (_, i) => (
        <Button
          key={`part-${i + 1}`}
          type="button"
          size="small"
          outlined
          icon="pi pi-file-pdf"
          label={parts > 1 ? t('campaign.sent.lettersPart', { part: i + 1, n: parts }) : t('campaign.sent.letters')}
          loading={busy === `part-${i + 1}`}
          onClick={() => void fetchFile(`part-${i + 1}`, { planId, file: 'LETTERS', ...(i > 0 ? { part: i + 1 } : {}) })}
        />
      ))}
      <Button
        type="button"
        size="small"
        outlined
        icon="pi pi-table"
        label={t('campaign.sent.manifest')}
        loading={busy === 'manifest'}
        onClick={() => void fetchFile('manifest', { planId, file: 'MANIFEST' })}
      />
    </div>
  );
}

/** One recipient's letter of the run (the latest when `runId` is left out). */
export function LetterDownload({ planId, runId, accountId }: { planId: string; runId: string | undefined; accountId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      size="small"
      text
      icon="pi pi-download"
      aria-label={t('campaign.sent.letterOf', { account: accountId })}
      onClick={() =>
        void call('directMail.downloadPdf', { planId, file: 'LETTER', accountId, ...(runId ? { runId } : {}) })
          .then((file) => downloadUrl(file.url, file.fileName))
          .catch(() => undefined)
      }
    />
  );
}
