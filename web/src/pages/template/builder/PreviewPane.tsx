/**
 * The live preview: the renderer's HTML in a sandboxed frame (no scripts, no same-origin access, no popups), at
 * 600px or 393px, personalised for a sample recipient or showing every fallback.
 */
import { Checkbox } from 'primereact/checkbox';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../draft';
import { PREVIEW_WIDTHS, type PreviewWidth, previewEmail, SAMPLE_RECIPIENT } from '../preview';
import styles from './PreviewPane.module.css';

/** `inline` on the wizard's review, where the preview is one section among others rather than kept in view. */
export function PreviewPane({ draft, language, inline = false }: { draft: Draft; language: string; inline?: boolean }) {
  const { t } = useTranslation();
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [personalised, setPersonalised] = useState(true);
  // typing stays quick: the frame follows a moment later
  const shown = useDeferredValue(draft);
  const email = useMemo(() => previewEmail(shown, language, personalised ? SAMPLE_RECIPIENT : null), [shown, language, personalised]);
  const px = PREVIEW_WIDTHS[width];

  return (
    <section className={`card ${styles.previewPane}${inline ? ` ${styles.inline}` : ''}`} aria-labelledby="preview-title">
      <div className={styles.previewToolbar}>
        <h2 id="preview-title" className="card-title">
          {t('template.preview')}
        </h2>
        <div className={styles.widthToggle} role="group" aria-label={t('template.previewWidth')}>
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((w) => (
            <button
              key={w}
              type="button"
              className={`${styles.widthOption} width-option${w === width ? ` ${styles.active}` : ''}`}
              aria-pressed={w === width}
              data-width={PREVIEW_WIDTHS[w]}
              onClick={() => setWidth(w)}
            >
              <i className={w === 'desktop' ? 'pi pi-desktop' : 'pi pi-mobile'} aria-hidden="true" />
              <span>{t(`template.${w}`)}</span>
            </button>
          ))}
        </div>
      </div>
      <div className={`checkbox-row ${styles.previewSample}`}>
        <Checkbox inputId="preview-sample" checked={personalised} onChange={(e) => setPersonalised(Boolean(e.checked))} />
        <label htmlFor="preview-sample">{t('template.sampleRecipient')}</label>
      </div>
      <p className={styles.previewSubject} data-testid="preview-subject">
        {t('template.subjectLine', { subject: email.subject || t('template.noSubject') })}
      </p>
      <div className={styles.previewStage}>
        <iframe
          title={t('template.previewFrame', { width: px })}
          sandbox=""
          srcDoc={email.html}
          width={px}
          style={{ width: `${px}px` }}
          className={styles.previewFrame}
          data-testid="template-preview"
        />
      </div>
    </section>
  );
}
