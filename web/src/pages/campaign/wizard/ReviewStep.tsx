/**
 * The last step, Review: what will be sent, on which channel, to whom and when; the content as recipients get it
 * (the rendered email at 600 and 393 px, another channel through its own preview; an SMS with its parts, encoding
 * and cost, a letter with its company); a test to chosen members or kept test addresses (plan.testEmail, or
 * plan.testSend on the other channels) exactly as recipients get it; and the approval sheet: participants and a
 * deadline.
 */
import { Button } from 'primereact/button';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { summaryLine } from '../../../../../shared/content';
import { BUILDER_CHANNEL, CHANNEL_CAPABILITIES } from '../../../../../shared/delivery';
import type { TestSendChannel } from '../../../../../shared/services/plan';
import { smsAsEstimated } from '../../../../../shared/content';
import { formatCount } from '../../../../../shared/format';
import { countSms } from '../../../../../shared/sms/segments';
import { useSegmentOptions, useSegmentReach, useTestRecipients } from '../../../api/hooks';
import { Select } from '../../../components/Select';
import { TextField } from '../../../components/TextField';
import { PreviewPane } from '../../template/builder/PreviewPane';
import { channelLanguages } from '../../template/channel/channelDraft';
import { languagesOf } from '../../template/draft';
import type { WizardStepName } from '../paths';
import { triggerText } from '../TriggerSummary';
import { triggerOf } from '../schedule';
import { contentOf, MAX_TEST_ADDRESSES, smsCost, stepValid, type WizardErrors, type WizardForm } from '../wizard';
import { ChannelPreview } from '../../template/channel/channels';
import { SAMPLE_RECIPIENT } from '../../template/preview';
import { useChannels, useCompanies } from './ChannelContent';
import { SegmentReach, SegmentSize } from './SegmentStep';
import { TestSend } from './TestSend';
import { ApprovalCard } from './ApprovalCard';
import type { Approval } from './approvalSheet';
import { contentWarnings } from '../../../../../shared/content/reviewWarnings';
import { ReviewWarnings } from '../ReviewWarnings';
import partStyles from '../planParts.module.css';
import wizardStyles from './wizard.module.css';
import { SummaryRow } from '../SummaryRow';
import { SelectField } from '../../../components/Field';

export type { Approval };

export interface TestMail {
  addresses: string;
  /** one of the content's languages, or ALL; unset: the default language */
  language?: string;
  error?: string;
  busy: boolean;
}

export function ReviewStep({
  form,
  errors,
  approval,
  approvalErrors,
  onApproval,
  test,
  onTest,
  onSendTest,
  saveForTest,
  goTo,
}: {
  form: WizardForm;
  errors: WizardErrors;
  approval: Approval;
  approvalErrors: { participants?: string; deadline?: string };
  onApproval: (next: Approval) => void;
  test: TestMail;
  onTest: (next: TestMail) => void;
  onSendTest: () => void;
  /** saves the message for a test on another channel: its id, or null when refused */
  saveForTest: () => Promise<string | null>;
  goTo: (step: WizardStepName) => void;
}) {
  const { t } = useTranslation();
  const segments = useSegmentOptions();
  const segmentName = segments.data?.find((s) => s.id === form.segmentId)?.name;
  const content = form.email.contents[form.email.defaultLanguage];
  const { data: recipients } = useTestRecipients();
  const recipientGroups = [
    { label: t('campaign.test.keptGroup'), items: (recipients?.testAddresses ?? []).map((a) => ({ label: a, value: a })) },
    { label: t('campaign.test.membersGroup'), items: (recipients?.members ?? []).map((m) => ({ label: `${m.name} <${m.email}>`, value: m.email })) },
  ].filter((g) => g.items.length > 0);
  const isEmail = form.channel === BUILDER_CHANNEL;
  const languages = isEmail ? languagesOf(form.email) : channelLanguages(form.message);
  const defaultLanguage = isEmail ? form.email.defaultLanguage : form.message.defaultLanguage;
  const channels = useChannels();
  // a letter names its sending company; a text sent in parts shows them and what its sending costs
  const { printed, parts } = CHANNEL_CAPABILITIES[form.channel];
  const companies = useCompanies(printed);
  const company = companies.list.find((c) => c.id === form.message.companyId) ?? null;
  const reach = useSegmentReach(parts ? form.segmentId : null, form.channel);
  const sms = parts
    ? countSms(
        smsAsEstimated(
          {
            text: String(form.message.contents[defaultLanguage]?.text ?? ''),
            stopFooter: form.message.contents[defaultLanguage]?.stopFooter !== false,
            trackLinks: form.message.contents[defaultLanguage]?.trackLinks === true,
          },
          defaultLanguage,
          window.location.origin,
        ),
      )
    : null;
  const cost = sms && reach.data?.reach ? smsCost(sms.segments, reach.data.reach.reachable, channels.data?.smsMaxPrice) : null;
  // what review should look at before it goes out; shown, never blocking
  const warnings = useMemo(() => contentWarnings(contentOf(form)), [form]);
  const testLanguage = test.language && (test.language === 'ALL' || languages.includes(test.language)) ? test.language : form.email.defaultLanguage;

  const edit = (step: WizardStepName, name: string) => (
    <Button type="button" text size="small" icon="pi pi-pencil" label={t('campaign.wizard.editStep', { step: name })} onClick={() => goTo(step)} />
  );
  const missing = (step: WizardStepName) =>
    !stepValid(errors, step) && (
      <p className="p-error small">
        <i className="pi pi-exclamation-circle" aria-hidden="true" /> {t('campaign.wizard.stepIncomplete')}
      </p>
    );

  return (
    <>
      <ReviewWarnings warnings={warnings} />
      <section className={`card ${wizardStyles.wizardSection}`} aria-labelledby="summary-title">
        <h3 id="summary-title" className="card-title">
          {t('campaign.wizard.summary')}
        </h3>
        <div className={wizardStyles.summaryGrid}>
          <div>
            <div className={wizardStyles.summaryHead}>
              <h4>{t('campaign.step.content')}</h4>
              {edit('content', t('campaign.step.content'))}
            </div>
            {missing('content')}
            <dl className={partStyles.summaryList}>
              <SummaryRow label={t('campaign.field.name')}>{form.name || '--'}</SummaryRow>
              <SummaryRow label={t('campaign.field.title')}>{form.title || '--'}</SummaryRow>
              <SummaryRow label={t('campaign.field.intro')}>{form.intro || '--'}</SummaryRow>
              <SummaryRow label={t('plan.channel')}>{t(`campaign.channel.${form.channel}`)}</SummaryRow>
              {isEmail ? (
                <SummaryRow label={t('template.subject')}>{content?.subject || '--'}</SummaryRow>
              ) : (
                <SummaryRow label={t('campaign.reviewContent.summaryLine')}>{summaryLine(form.channel, form.message.contents[defaultLanguage]) || '--'}</SummaryRow>
              )}
              <SummaryRow label={t('campaign.wizard.languages')}>{languages.join(', ')}</SummaryRow>
              {sms && (
                <SummaryRow label={t('campaign.reviewContent.smsParts')}>
                  <span data-testid="review-sms-parts">{t('campaign.reviewContent.smsPartsValue', { segments: sms.segments, encoding: sms.encoding, units: sms.units })}</span>
                </SummaryRow>
              )}
              {sms && (
                <SummaryRow label={t('campaign.reviewContent.cost')}>
                  <span data-testid="review-sms-cost">
                    {!cost
                      ? t('campaign.reviewContent.costNeedsSegment')
                      : cost.max
                        ? t('campaign.reviewContent.costMax', { parts: formatCount(cost.parts), max: cost.max })
                        : t('campaign.reviewContent.costParts', { parts: formatCount(cost.parts) })}
                  </span>
                </SummaryRow>
              )}
            </dl>
            {printed && (
              <>
                <div className={wizardStyles.summaryHead}>
                  <h4>{t('campaign.step.company')}</h4>
                  {edit('company', t('campaign.step.company'))}
                </div>
                {missing('company')}
                <dl className={partStyles.summaryList}>
                  <SummaryRow label={t('campaign.company.label')}>{company?.company ?? '--'}</SummaryRow>
                </dl>
              </>
            )}
          </div>
          <div>
            <div className={wizardStyles.summaryHead}>
              <h4>{t('campaign.step.segmentation')}</h4>
              {edit('segmentation', t('campaign.step.segmentation'))}
            </div>
            {missing('segmentation')}
            <dl className={partStyles.summaryList}>
              <SummaryRow label={t('campaign.segment.label')}>{segmentName ?? (form.segmentId ? form.segmentId : '--')}</SummaryRow>
            </dl>
            <SegmentSize segmentId={form.segmentId} />
            <SegmentReach segmentId={form.segmentId} channel={form.channel} />
            <div className={wizardStyles.summaryHead}>
              <h4>{t('campaign.step.trigger')}</h4>
              {edit('trigger', t('campaign.step.trigger'))}
            </div>
            {missing('trigger')}
            <dl className={partStyles.summaryList}>
              <SummaryRow label={t('campaign.field.trigger')}>{triggerText(triggerOf(form.trigger), t)}</SummaryRow>
            </dl>
          </div>
        </div>
      </section>

      <div data-testid="review-preview" lang={defaultLanguage}>
        {isEmail ? (
          <PreviewPane draft={form.email} language={form.email.defaultLanguage} inline />
        ) : (
          <ChannelPreview draft={form.message} language={defaultLanguage} sender={company} recipient={SAMPLE_RECIPIENT} valid />
        )}
      </div>

      <div className={`grid-2 ${wizardStyles.reviewCards}`}>
        {!isEmail ? (
          <TestSend channel={form.channel as TestSendChannel} languages={languages} defaultLanguage={defaultLanguage} save={saveForTest} />
        ) : (
          <section className="card" aria-labelledby="test-title">
            <h3 id="test-title" className="card-title">
              {t('campaign.test.title')}
            </h3>
            <p className="muted small">{t('campaign.test.intro', { max: MAX_TEST_ADDRESSES })}</p>
            <p className="muted small">{t('campaign.test.where', { perHour: recipients?.perMessagePerHour ?? 50 })}</p>
            <form
              className={wizardStyles.inlineForm}
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                onSendTest();
              }}
            >
              <TextField
                id="test-addresses"
                label={t('campaign.test.addresses')}
                value={test.addresses}
                error={test.error}
                placeholder="qa@example.com, lead@example.com"
                fieldClassName={wizardStyles.grow}
                onChange={(addresses) => onTest({ ...test, addresses, error: undefined })}
              />
              <Button type="submit" outlined icon="pi pi-envelope" label={t('campaign.test.send')} loading={test.busy} />
            </form>
            {languages.length > 1 && (
              <SelectField
                id="test-language"
                label={t('campaign.test.language')}
                value={testLanguage}
                options={[...languages.map((l) => ({ label: l, value: l })), { label: t('campaign.test.allLanguages', { n: languages.length }), value: 'ALL' }]}
                onChange={(e) => onTest({ ...test, language: e.value as string, error: undefined })}
              />
            )}
            {recipientGroups.length > 0 && (
              <Select
                inputId="test-address-pick"
                label={t('campaign.test.pick')}
                placeholder={t('campaign.test.pick')}
                value={null}
                options={recipientGroups}
                optionGroupLabel="label"
                optionGroupChildren="items"
                filter
                onChange={(e) => onTest({ ...test, addresses: [test.addresses.trim(), e.value as string].filter(Boolean).join(', '), error: undefined })}
              />
            )}
          </section>
        )}

        <ApprovalCard approval={approval} approvalErrors={approvalErrors} onApproval={onApproval} />
      </div>
    </>
  );
}
