/** Step 2, Segmentation: the saved segment the message goes to, with its live size and how many the channel reaches. */
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../../../shared/format';
import type { Channel } from '../../../../../shared/delivery';
import { reachText } from '../../../../../shared/services/plan';
import { useSegmentCount, useSegmentOptions, useSegmentReach } from '../../../api/hooks';
import { currentLang } from '../../../i18n';
import { Select } from '../../../components/Select';
import { FieldError } from '../../../components/TextField';
import type { StepProps } from './ContentStep';
import wizardStyles from './wizard.module.css';

/** The live size of a segment: how many accounts it matches now. */
export function SegmentSize({ segmentId }: { segmentId: string | null }) {
  const { t } = useTranslation();
  const size = useSegmentCount(segmentId);
  if (!segmentId) return null;
  if (size.error) {
    return (
      <div className="state-error" role="alert">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <span>{t('campaign.segment.countError')}</span>
        <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('common.retry')} onClick={() => void size.mutate()} />
      </div>
    );
  }
  return (
    <p className={wizardStyles.segmentSize} role="status" aria-live="polite" data-testid="segment-size">
      <i className="pi pi-users" aria-hidden="true" />
      {size.data === undefined ? (
        <span>{t('campaign.segment.counting')}</span>
      ) : (
        <span>{t(size.data.complete ? 'campaign.segment.size' : 'campaign.segment.sizeAtLeast', { size: formatCount(size.data.count) })}</span>
      )}
    </p>
  );
}

/** How many of the segment can receive on the channel and why the others cannot (issue 21: nothing silent). */
export function SegmentReach({ segmentId, channel }: { segmentId: string | null; channel: Channel }) {
  const size = useSegmentReach(segmentId, channel);
  const reach = size.data?.reach;
  if (!segmentId || !size.data || !reach) return null;
  const none = size.data.count > 0 && reach.reachable === 0;
  return (
    <p className={none ? 'notice notice-warn' : wizardStyles.segmentSize} role="status" data-testid="segment-reach">
      <i className={none ? 'pi pi-exclamation-triangle' : 'pi pi-send'} aria-hidden="true" />
      <span>{reachText(currentLang(), reach, size.data.count)}</span>
    </p>
  );
}

export function SegmentStep({ form, errors, shown, onChange }: StepProps) {
  const { t } = useTranslation();
  const segments = useSegmentOptions();
  const error = errors.segment && shown('segment') ? t('campaign.segment.required') : undefined;

  return (
    <section className={`card ${wizardStyles.wizardSection}`} aria-labelledby="segment-title">
      <h3 id="segment-title" className="card-title">
        {t('campaign.segment.title')}
      </h3>
      <p className="muted">{t('campaign.segment.intro')}</p>
      {segments.error ? (
        <div className="state-error" role="alert">
          <i className="pi pi-exclamation-triangle" aria-hidden="true" />
          <span>{t('campaign.segment.loadError')}</span>
          <Button type="button" size="small" outlined icon="pi pi-refresh" label={t('common.retry')} onClick={() => void segments.mutate()} />
        </div>
      ) : segments.data && segments.data.length === 0 ? (
        <div className="notice notice-info" role="status">
          <span>{t('campaign.segment.none')}</span> <Link to="/library/segment/create-segment">{t('campaign.segment.create')}</Link>
        </div>
      ) : (
        <div className={`field ${wizardStyles.segmentField}`}>
          <label htmlFor="plan-segment">{t('campaign.segment.label')}</label>
          <Select
            inputId="plan-segment"
            label={t('campaign.segment.label')}
            labelled
            value={form.segmentId}
            options={(segments.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            placeholder={segments.isLoading ? t('campaign.loading') : t('campaign.segment.choose')}
            filter
            pt={{ filterInput: { 'aria-label': t('campaign.segment.search') } }}
            invalid={Boolean(error)}
            onChange={(e) => onChange({ ...form, segmentId: (e.value as string) ?? null }, 'segment')}
          />
          <FieldError id="plan-segment-error" text={error} />
        </div>
      )}
      <SegmentSize segmentId={form.segmentId} />
      <SegmentReach segmentId={form.segmentId} channel={form.channel} />
    </section>
  );
}
