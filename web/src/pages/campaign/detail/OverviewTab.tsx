/** The message's fields, its approval sheet and, when it was rejected, the type and reason the approver gave. */
import { Tag } from 'primereact/tag';
import { useTranslation } from 'react-i18next';
import { useDateTime, useDisplayTimeZone } from '../../../app/locale';
import { BUILDER_CHANNEL } from '../../../../../shared/delivery';
import type { PlanView } from '../../../../../shared/services/plan';
import { useSegmentOptions } from '../../../api/hooks';
import { namesOf, usePlanClassifications } from '../classifications';
import { triggerText } from '../TriggerSummary';
import { useUserNames } from '../userNames';
import { JourneySummary } from './JourneySummary';
import partStyles from '../planParts.module.css';
import { SummaryRow } from '../SummaryRow';
import { ColumnHeads } from '../../../components/list/ColumnHeads';

export function RejectionNotice({ plan }: { plan: Pick<PlanView, 'rejection' | 'people'> }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { nameOf } = useUserNames(plan.people);
  if (!plan.rejection) return null;
  const r = plan.rejection;
  return (
    <div className={`notice notice-warn ${partStyles.rejectionNotice}`} role="status" data-testid="rejection-notice">
      <strong>{t('campaign.rejection.title', { type: t(`campaign.rejectType.${r.type}`) })}</strong>
      <span className="rejection-reason">{r.reason}</span>
      <span className="muted small">{t('campaign.rejection.by', { name: nameOf(r.by), time: dateTime(r.at) })}</span>
    </div>
  );
}

export function OverviewTab({ plan }: { plan: PlanView }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const zone = useDisplayTimeZone();
  const segments = useSegmentOptions();
  const { nameOf } = useUserNames(plan.people);
  const { tags, categories, groups } = usePlanClassifications();
  const segmentName = segments.data?.find((s) => s.id === plan.segmentId)?.name ?? plan.segmentId ?? '--';
  const subject = plan.content.kind === BUILDER_CHANNEL ? plan.content.template.contents[plan.content.template.defaultLanguage]?.subject : undefined;
  const languages = plan.content.kind === BUILDER_CHANNEL ? Object.keys(plan.content.template.contents).join(', ') : '--';

  return (
    <div className="overview">
      <RejectionNotice plan={plan} />
      <div className="grid-2">
        <section aria-labelledby="fields-title">
          <h3 id="fields-title" className="section-title">
            {t('campaign.detail.fields')}
          </h3>
          <dl className={partStyles.summaryList}>
            <SummaryRow label={t('campaign.field.name')}>{plan.name}</SummaryRow>
            <SummaryRow label={t('campaign.field.title')}>{plan.title}</SummaryRow>
            <SummaryRow label={t('campaign.field.intro')}>{plan.intro || '--'}</SummaryRow>
            <SummaryRow label={t('plan.channel')}>{t(`campaign.channel.${plan.channel}`)}</SummaryRow>
            <SummaryRow label={t('template.subject')}>{subject || '--'}</SummaryRow>
            <SummaryRow label={t('campaign.wizard.languages')}>{languages}</SummaryRow>
            <SummaryRow label={t('campaign.segment.label')}>{segmentName}</SummaryRow>
            <SummaryRow label={t('campaign.field.trigger')}>{triggerText(plan.trigger, t)}</SummaryRow>
            <SummaryRow label={t('campaign.baseInfo.tags')}>{namesOf(tags, plan.tagIds)}</SummaryRow>
            <SummaryRow label={t('campaign.baseInfo.category')}>{namesOf(categories, plan.categoryId ? [plan.categoryId] : [])}</SummaryRow>
            <SummaryRow label={t('campaign.baseInfo.group')}>{namesOf(groups, plan.groupId ? [plan.groupId] : [])}</SummaryRow>
            <SummaryRow label={t('campaign.baseInfo.reportMails')}>{plan.reportMails?.length ? plan.reportMails.join(', ') : '--'}</SummaryRow>
            <SummaryRow label={t('campaign.field.createdBy')}>{nameOf(plan.createdBy)}</SummaryRow>
            <SummaryRow label={t('common.dateCreated', { zone })}>{dateTime(plan.dateCreated)}</SummaryRow>
            <SummaryRow label={t('common.dateUpdated', { zone })}>{dateTime(plan.dateUpdated)}</SummaryRow>
          </dl>
        </section>
        <section aria-labelledby="sheet-title">
          <h3 id="sheet-title" className="section-title">
            {t('campaign.detail.approvalSheet')}
          </h3>
          {plan.approval ? (
            <>
              <dl className={partStyles.summaryList}>
                <SummaryRow label={t('campaign.approval.deadline')}>{dateTime(plan.approval.deadline)}</SummaryRow>
                <SummaryRow label={t('campaign.detail.revision')}>{plan.approval.revision}</SummaryRow>
              </dl>
              <table className={`plain-table ${partStyles.plainTable}`} data-testid="approval-sheet">
                <caption className="sr-only">{t('campaign.detail.approvalSheet')}</caption>
                <ColumnHeads labels={[t('campaign.approval.participant'), t('common.status')]} />
                <tbody>
                  {plan.approval.participants.map((p) => {
                    const passed = plan.approval!.passedBy.includes(p);
                    const rejected = plan.rejection?.by === p;
                    const status = passed ? 'PASS' : rejected ? 'REJECT' : plan.status === 'PENDING_APPROVAL' ? 'PROCESS' : 'NEW';
                    return (
                      <tr key={p}>
                        <td>{nameOf(p)}</td>
                        <td>
                          <Tag value={t(`campaign.review.${status}`)} severity={passed ? 'success' : rejected ? 'danger' : 'secondary'} rounded />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </>
          ) : (
            <p className="muted">{t('campaign.detail.noSheet')}</p>
          )}
        </section>
      </div>
      {plan.journey && <JourneySummary journey={plan.journey} trigger={plan.trigger} segmentId={plan.segmentId} />}
    </div>
  );
}
