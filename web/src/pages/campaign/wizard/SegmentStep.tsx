/** Step 2, Segmentation: the saved segment the message goes to, with its live size and how many the channel reaches. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatCount } from '../../../../../shared/format';
import type { Channel } from '../../../../../shared/delivery';
import { reachText } from '../../../../../shared/services/plan';
import { useSegmentCount, useSegmentOptions, useSegmentReach } from '../../../api/hooks';
import { currentLang } from '../../../i18n';
import { SelectField } from '../../../components/Field';
import type { StepProps } from './ContentStep';
import wizardStyles from './wizard.module.css';
import { LoadError } from '../../../components/LoadError';

/** The live size of a segment: how many accounts it matches now. */
export function SegmentSize({ segmentId }: { segmentId: string | null }) {
  const { t } = useTranslation();
  const size = useSegmentCount(segmentId);
  if (!segmentId) return null;
  if (size.error) {
    return <LoadError text={t('campaign.segment.countError')} onRetry={() => void size.mutate()} />;
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
        <LoadError text={t('campaign.segment.loadError')} onRetry={() => void segments.mutate()} />
      ) : segments.data && segments.data.length === 0 ? (
        <div className="notice notice-info" role="status">
          <span>{t('campaign.segment.none')}</span> <Link to="/library/segment/create-segment">{t('campaign.segment.create')}</Link>
        </div>
      ) : (
        <SelectField
          id="plan-segment"
          className={wizardStyles.segmentField}
          label={t('campaign.segment.label')}
          error={error}
          value={form.segmentId}
          options={(segments.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          placeholder={segments.isLoading ? t('campaign.loading') : t('campaign.segment.choose')}
          filter
          pt={{ filterInput: { 'aria-label': t('campaign.segment.search') } }}
          onChange={(e) => onChange({ ...form, segmentId: (e.value as string) ?? null }, 'segment')}
        />
      )}
      <SegmentSize segmentId={form.segmentId} />
      <SegmentReach segmentId={form.segmentId} channel={form.channel} />
    </section>
  );
}
