/**
 * The campaign builder (/builder, PLAN_BUILDER; `?id=` opens a saved campaign, `&review=1` goes to its review): the
 * journey's steps as cards on a canvas, in the order they were added. Everything is done with the keyboard: add a
 * step of a type, connect it by choosing where each of its exits leads, edit its fields, delete it (asked first).
 * Saved as a draft through plan.saveDynamic, which checks the links, circles and shares and names the step at
 * fault; sent to review from here as a single message is from its wizard (a rejected campaign is edited here and
 * sent again as the next revision).
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { reviewWarnings } from '../../../../shared/content/reviewWarnings';
import { type Journey, REPEAT_MODES } from '../../../../shared/plan/journey';
import type { PlanView } from '../../../../shared/services/plan';
import { call } from '../../api/client';
import { invalidate, useCall, usePlan, useSegmentOptions, useSession } from '../../api/hooks';
import { keys } from '../../api/keys';
import type { MessageType } from '../../../../shared/plan/plan';
import { MessageTypeField } from './MessageTypeField';
import { useOrgLocale } from '../../app/locale';
import { Select } from '../../components/Select';
import { useConfirm } from '../../components/useConfirm';
import { showError, showSuccess } from '../../ui/toastBus';
import { RejectionNotice } from './detail/OverviewTab';
import { stepLabelOf } from './detail/JourneySummary';
import { type DraftStep, draftOf, type JourneyDraft, journeyOf, removeStep } from './journeyDraft';
import { detailPath } from './paths';
import { PlanStatusTag } from './PlanStatusTag';
import { ReviewWarnings } from './ReviewWarnings';
import { checkTrigger, defaultTimeZone, suggestedSchedule, type TriggerDraft, triggerDraftOf, triggerOf } from './schedule';
import { TriggerFields } from './TriggerFields';
import { JourneyCanvas } from './builder/JourneyCanvas';
import { labelOf, type PickedTemplate } from './builder/StepFields';
import { ApprovalCard } from './wizard/ApprovalCard';
import { type Approval, approvalDeadline, approvalProblems, newApproval } from './wizard/approvalSheet';
import '../../i18n/areas/approval';
import '../../i18n/areas/campaign';
import '../../i18n/areas/journey';

/** The states a campaign is edited in (saving moves a rejected or expired one back to draft). */
const EDITABLE = new Set(['DRAFT', 'REJECTED', 'EXPIRED']);
type Schedule = Extract<TriggerDraft, { kind: 'SCHEDULE' }>;

export default function BuilderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planId = params.get('id');
  const { data: saved } = usePlan(planId);
  const { data: segments } = useSegmentOptions();
  const session = useSession();
  const orgLocale = useOrgLocale();
  const zone = defaultTimeZone(session?.userdetails.timeZone, orgLocale.timeZone);
  const [templates, setTemplates] = useState<PickedTemplate[]>([]);
  // with the template approval switch on, a journey may use only templates their sheet approved as they are
  const approvedOnly = useCall(keys.list('approvalSheet.settings', {}), { dedupingInterval: 60_000 }).data?.templateApprovalSheet ?? false;
  const [name, setName] = useState('');
  const [segmentId, setSegmentId] = useState<string | undefined>();
  const [messageType, setMessageType] = useState<MessageType | undefined>();
  // the types the member's role may use, and the default a new campaign starts with
  const init = useCall(['planConfig.initBuilder', {}], { dedupingInterval: 60_000 });
  const [draft, setDraft] = useState<JourneyDraft>({ steps: [], entry: '', repeat: 'ONCE' });
  const [trigger, setTrigger] = useState<TriggerDraft>({ kind: 'IMMEDIATELY' });
  const [schedule, setSchedule] = useState<Schedule>(() => suggestedSchedule(Date.now(), zone) as Schedule);
  const [approval, setApproval] = useState<Approval>(() => newApproval(zone));
  const [approvalTried, setApprovalTried] = useState(false);
  const [busy, setBusy] = useState<'save' | 'review' | null>(null);
  const [confirmation, ask] = useConfirm();

  useEffect(() => {
    call('templateMessage.getAll', { activeOnly: true }, { quiet: true }).then(setTemplates, () => setTemplates([]));
  }, []);
  useEffect(() => {
    if (!saved?.journey) return;
    setName(saved.name);
    setSegmentId(saved.segmentId);
    setMessageType(saved.messageType);
    setDraft(draftOf(saved.journey));
    const kept = triggerDraftOf(saved.trigger);
    setTrigger(kept);
    if (kept.kind === 'SCHEDULE') setSchedule(kept);
    if (saved.approval) setApproval((a) => ({ ...a, participants: saved.approval!.participants }));
  }, [saved]);
  // "Send to review" from a list or the detail lands on the review
  const toReview = params.get('review') === '1' && !!saved;
  useEffect(() => {
    if (toReview) document.getElementById('journey-review-send')?.scrollIntoView();
  }, [toReview]);

  const stepOptions = useMemo(() => draft.steps.map((s) => ({ label: labelOf(s, t), value: s.id })), [draft.steps, t]);
  const messageOptions = useMemo(() => stepOptions.filter((o) => draft.steps.find((s) => s.id === o.value)?.type === 'MESSAGE'), [stepOptions, draft.steps]);
  // content already in the campaign (a template chosen now is read when saved, and checked then)
  const warnings = useMemo(() => reviewWarnings({ journey: journeyOf(draft) as unknown as Journey }), [draft]);
  const label = useMemo(() => (id: string) => stepOptions.find((o) => o.value === id)?.label ?? id, [stepOptions]);

  async function remove(step: DraftStep) {
    const ok = await ask({ header: t('journey.deleteTitle'), message: t('journey.deleteQuestion', { step: labelOf(step, t) }), acceptLabel: t('common.delete'), danger: true });
    if (ok) setDraft((d) => removeStep(d, step.id));
  }

  /** Saves the campaign whole; answers it as saved, or null when refused (the client has said why). */
  async function persist(): Promise<PlanView | null> {
    try {
      const view = await call('plan.saveDynamic', {
        ...(saved ? { id: saved.id, version: saved.version } : {}),
        name,
        segmentId,
        ...(messageType ? { messageType } : {}),
        journey: journeyOf(draft) as never,
        trigger: triggerOf(trigger),
      });
      void invalidate('plan.getCateByPage', 'plan.detail', 'plan.getDashPlanByPage');
      return view;
    } catch {
      return null;
    }
  }

  async function save() {
    setBusy('save');
    const view = await persist();
    setBusy(null);
    if (!view) return;
    await navigate(detailPath(view.id));
    showSuccess(t('journey.saved'));
  }

  const deadline = approvalDeadline(approval);
  const approvalErrors = approvalTried ? approvalProblems(approval, t) : {};

  /** Saves, shows what review found (it warns, it does not stop), then asks the participants to approve. */
  async function sendToReview() {
    setApprovalTried(true);
    if (!segmentId) {
      showError(t('campaign.segment.required'));
      document.getElementById('journey-segment')?.focus();
      return;
    }
    if (approval.participants.length === 0 || deadline === null || deadline <= Date.now()) {
      showError(t('campaign.wizard.invalid'));
      return;
    }
    setBusy('review');
    try {
      const view = await persist();
      if (!view?.journey) return;
      // the saved journey holds the chosen templates' content: its warnings are the ones the approver will see
      const found = reviewWarnings({ journey: view.journey });
      if (found.length > 0) {
        const ok = await ask({
          header: t('campaign.warnings.confirmTitle'),
          message: <ReviewWarnings warnings={found} stepLabel={stepLabelOf(view.journey, t)} headingLevel={2} />,
          acceptLabel: t('campaign.action.sendToReview'),
        });
        if (!ok) {
          // saved all the same: the page goes on from the saved campaign
          await navigate(`/builder?id=${encodeURIComponent(view.id)}`, { replace: true });
          return;
        }
      }
      const pending = await call('planAction.sendToReview', { id: view.id, version: view.version, participants: approval.participants, deadline });
      await invalidate('plan.getCateByPage', 'plan.detail', 'plan.getDashPlanByPage', 'operationRecord.getListByPage');
      await navigate(detailPath(pending.id), { replace: true });
      showSuccess(t('campaign.wizard.sentToReview', { name: pending.name }));
    } catch {
      // the client's toast says why
    } finally {
      setBusy(null);
    }
  }

  if (saved && !EDITABLE.has(saved.status)) {
    return (
      <div className="page journey-builder">
        <header className="page-header">
          <h1>{t('page.builder')}</h1>
        </header>
        <div className="notice notice-info" role="status">
          <PlanStatusTag status={saved.status} /> <span>{t('journey.review.notEditable')}</span> <Link to={detailPath(saved.id)}>{t('campaign.openDetail')}</Link>
        </div>
      </div>
    );
  }

  const triggerOk = checkTrigger(trigger, Date.now()).ok;
  const ready = !!name.trim() && draft.steps.length > 0 && triggerOk;

  return (
    <div className="page journey-builder">
      {confirmation}
      <header className="page-header">
        <h1>{t('page.builder')}</h1>
        {saved && <PlanStatusTag status={saved.status} />}
      </header>
      {saved && <RejectionNotice plan={saved} />}
      <section className="card" aria-labelledby="journey-settings">
        <h2 id="journey-settings">{t('journey.settings')}</h2>
        <div className="field">
          <label htmlFor="journey-name">{t('journey.name')}</label>
          <InputText id="journey-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="journey-segment">{t('journey.segment')}</label>
          <Select
            inputId="journey-segment"
            labelled
            label={t('journey.segment')}
            value={segmentId}
            options={(segments ?? []).map((s) => ({ label: s.name, value: s.id }))}
            onChange={(e) => setSegmentId(e.value)}
          />
        </div>
        <MessageTypeField value={messageType} choices={init.data} onChange={setMessageType} />
        <div className="field">
          <label htmlFor="journey-repeat">{t('journey.repeat')}</label>
          <Select
            inputId="journey-repeat"
            labelled
            label={t('journey.repeat')}
            value={draft.repeat}
            options={REPEAT_MODES.map((r) => ({ label: t(`journey.repeatModes.${r}`), value: r }))}
            onChange={(e) => setDraft((d) => ({ ...d, repeat: e.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor="journey-entry">{t('journey.entry')}</label>
          <Select
            inputId="journey-entry"
            labelled
            label={t('journey.entry')}
            value={draft.entry}
            options={stepOptions}
            onChange={(e) => setDraft((d) => ({ ...d, entry: e.value }))}
          />
        </div>
      </section>

      <JourneyCanvas
        draft={draft}
        setDraft={setDraft}
        stepOptions={stepOptions}
        messageOptions={messageOptions}
        templates={templates}
        approvedOnly={approvedOnly}
        onRemove={(step) => void remove(step)}
      />
      <section className="card" aria-labelledby="journey-trigger-title">
        <h2 id="journey-trigger-title">{t('campaign.trigger.title')}</h2>
        <TriggerFields
          idPrefix="journey-trigger"
          trigger={trigger}
          schedule={schedule}
          now={Date.now()}
          showError={false}
          onChange={(next, kept) => {
            setTrigger(next);
            setSchedule(kept);
          }}
        />
      </section>
      <div className="page-actions">
        <Button type="button" label={t('journey.save')} icon="pi pi-save" outlined loading={busy === 'save'} disabled={!ready || busy !== null} onClick={save} />
      </div>
      <section className="card" id="journey-review-send" aria-labelledby="journey-review-send-title">
        <h2 id="journey-review-send-title">{t('journey.review.sendTitle')}</h2>
        <p className="muted">{t('journey.review.sendIntro')}</p>
        <ReviewWarnings warnings={warnings} stepLabel={label} />
        <ApprovalCard approval={approval} approvalErrors={approvalErrors} onApproval={setApproval} />
        <div className="page-actions">
          <Button
            type="button"
            label={t('campaign.action.sendToReview')}
            icon="pi pi-send"
            loading={busy === 'review'}
            disabled={!ready || busy !== null}
            onClick={() => void sendToReview()}
          />
        </div>
      </section>
    </div>
  );
}
