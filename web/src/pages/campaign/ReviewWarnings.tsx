/**
 * What review should look at before a message goes out (shared/content/reviewWarnings.ts): sample text left in,
 * buttons and links without a target, tokens without a fallback. Shown to the author where they send to review and
 * to the approver on the message; it warns and stops nothing.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewWarning } from '../../../../shared/content/reviewWarnings';
import '../../i18n/areas/campaign';
import '../../i18n/areas/template';
import partStyles from './planParts.module.css';

type T = ReturnType<typeof useTranslation>['t'];

/** Where a warning is: the step, the language, the block or the field. */
function whereOf(w: ReviewWarning, t: T, stepLabel?: (id: string) => string): string {
  const field = t(`campaign.warnings.field.${w.field.split('.')[0]}`, { defaultValue: w.field });
  const place = w.block ? t('campaign.warnings.block', { n: w.block.n, type: t(`template.block.${w.block.type}`, { defaultValue: w.block.type }) }) : field;
  return [w.stepId ? (stepLabel?.(w.stepId) ?? w.stepId) : '', w.language, place].filter(Boolean).join(' · ');
}

export function warningText(w: ReviewWarning, t: T, stepLabel?: (id: string) => string): string {
  const where = whereOf(w, t, stepLabel);
  // the example fallback is a value: braces in a text would be read as interpolation
  if (w.kind === 'NO_FALLBACK') return t('campaign.warnings.NO_FALLBACK', { where, token: w.text, example: `${w.text.slice(0, -2).trim()}|…}}` });
  return t(`campaign.warnings.${w.kind}`, { where, text: w.text || '--' });
}

export function ReviewWarnings({ warnings, stepLabel, headingLevel = 3 }: { warnings: readonly ReviewWarning[]; stepLabel?: (id: string) => string; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  // the page's list and the send question's may both be open
  const titleId = useId();
  if (warnings.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={`notice notice-warn ${partStyles.reviewWarnings}`} aria-labelledby={titleId} data-testid="review-warnings">
      <Heading id={titleId} className={partStyles.reviewWarningsTitle}>
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('campaign.warnings.title', { count: warnings.length })}
      </Heading>
      <p className="small">{t('campaign.warnings.intro')}</p>
      <ul>
        {warnings.map((w, i) => (
          <li key={`${w.stepId}-${w.language}-${w.block?.n}-${w.field}-${i}`} data-kind={w.kind}>
            {warningText(w, t, stepLabel)}
          </li>
        ))}
      </ul>
    </section>
  );
}
