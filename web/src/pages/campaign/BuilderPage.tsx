/**
 * The campaign builder (/builder, PLAN_BUILDER; `?id=` opens a saved campaign, `&review=1` goes to its review): the
 * journey's steps as cards on a canvas, in the order they were added. Everything is done with the keyboard: add a
 * step of a type, connect it by choosing where each of its exits leads, edit its fields, delete it (asked first).
 * Saved as a draft through plan.saveDynamic, which checks the links, circles and shares and names the step at
 * fault; sent to review from here as a single message is from its wizard (a rejected campaign is edited here and
 * sent again as the next revision).
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { reviewWarnings } from '../../../../shared/content/reviewWarnings';
import { CHANNELS, type Channel } from '../../../../shared/delivery';
import { type Journey, REPEAT_MODES, STEP_TYPES, type StepType } from '../../../../shared/plan/journey';
import type { Result } from '../../../../shared/services';
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
import { type DraftStep, draftOf, type JourneyDraft, journeyOf, newStep, removeStep } from './journeyDraft';
import { detailPath } from './paths';
import { PlanStatusTag } from './PlanStatusTag';
import { ReviewWarnings } from './ReviewWarnings';
import { checkTrigger, defaultTimeZone, suggestedSchedule, type TriggerDraft, triggerDraftOf, triggerOf } from './schedule';
import { TriggerFields } from './TriggerFields';
import { ApprovalCard } from './wizard/ApprovalCard';
import { type Approval, approvalDeadline, approvalProblems, newApproval } from './wizard/approvalSheet';
import '../../i18n/areas/approval';
import '../../i18n/areas/campaign';
import '../../i18n/areas/journey';

type PickedTemplate = Result<'templateMessage.getAll'>[number];

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
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
  const [adding, setAdding] = useState<StepType>('MESSAGE');
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

  const update = (id: string, change: Partial<DraftStep>) => setDraft((d) => ({ ...d, steps: d.steps.map((s) => (s.id === id ? { ...s, ...change } : s)) }));

  function add() {
    const step = newStep(adding, draft.steps, browserZone());
    setDraft((d) => ({ ...d, steps: [...d.steps, step], entry: d.entry || step.id }));
    // the new card's first field takes the focus, so the keyboard carries on where the step appeared
    setTimeout(() => document.getElementById(`step-${step.id}-name`)?.focus(), 0);
  }

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

      <section className="card" aria-labelledby="journey-canvas">
        <h2 id="journey-canvas">{t('journey.canvas')}</h2>
        {draft.steps.length === 0 && <p>{t('journey.empty')}</p>}
        <ol className="journey-steps" aria-label={t('journey.canvas')}>
          {draft.steps.map((step) => (
            <li key={step.id}>
              <section className="journey-step" aria-labelledby={`step-${step.id}-title`} data-type={step.type}>
                <h3 id={`step-${step.id}-title`}>
                  {labelOf(step, t)}
                  {draft.entry === step.id && <span className="journey-entry-mark"> · {t('journey.entry')}</span>}
                </h3>
                <div className="field">
                  <label htmlFor={`step-${step.id}-name`}>{t('journey.stepName')}</label>
                  <InputText id={`step-${step.id}-name`} value={step.name} maxLength={100} onChange={(e) => update(step.id, { name: e.target.value })} />
                </div>
                <StepFields
                  step={step}
                  stepOptions={stepOptions.filter((o) => o.value !== step.id)}
                  messageOptions={messageOptions}
                  templates={templates}
                  approvedOnly={approvedOnly}
                  update={(c) => update(step.id, c)}
                />
                <Button type="button" label={t('journey.deleteStep')} icon="pi pi-trash" severity="danger" outlined onClick={() => remove(step)} />
              </section>
            </li>
          ))}
        </ol>
        <div className="journey-add">
          <label htmlFor="journey-add-type">{t('journey.stepType')}</label>
          <Select
            inputId="journey-add-type"
            labelled
            label={t('journey.stepType')}
            value={adding}
            options={STEP_TYPES.map((s) => ({ label: t(`journey.types.${s}`), value: s }))}
            onChange={(e) => setAdding(e.value)}
          />
          <Button type="button" label={t('journey.addStep')} icon="pi pi-plus" onClick={add} />
        </div>
      </section>
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

type T = ReturnType<typeof useTranslation>['t'];
const labelOf = (s: DraftStep, t: T) => `${s.name.trim() || t(`journey.types.${s.type}`)} (${s.id})`;

function StepFields({
  step,
  stepOptions,
  messageOptions,
  templates,
  approvedOnly,
  update,
}: {
  step: DraftStep;
  stepOptions: { label: string; value: string }[];
  messageOptions: { label: string; value: string }[];
  templates: PickedTemplate[];
  approvedOnly: boolean;
  update: (change: Partial<DraftStep>) => void;
}) {
  const { t } = useTranslation();
  const id = (field: string) => `step-${step.id}-${field}`;
  const link = (field: 'next' | 'yes' | 'no', label: string) => (
    <div className="field">
      <label htmlFor={id(field)}>{label}</label>
      <Select inputId={id(field)} labelled label={label} value={step[field]} options={stepOptions} onChange={(e) => update({ [field]: e.value })} />
    </div>
  );
  const minutes = (field: 'minutes' | 'windowMinutes', label: string) => (
    <div className="field">
      <label htmlFor={id(field)}>{label}</label>
      <InputNumber inputId={id(field)} value={step[field]} min={1} max={7 * 24 * 60} onValueChange={(e) => update({ [field]: e.value ?? 1 })} />
    </div>
  );
  switch (step.type) {
    case 'MESSAGE':
      return (
        <>
          <div className="field">
            <label htmlFor={id('channel')}>{t('journey.channel')}</label>
            <Select
              inputId={id('channel')}
              labelled
              label={t('journey.channel')}
              value={step.channel}
              options={CHANNELS.map((c) => ({ label: t(`campaign.channel.${c}`), value: c }))}
              onChange={(e) => update({ channel: e.value as Channel, templateId: '', content: undefined })}
            />
          </div>
          <div className="field">
            <label htmlFor={id('template')}>{t('journey.template')}</label>
            <Select
              inputId={id('template')}
              labelled
              label={t('journey.template')}
              value={step.templateId}
              placeholder={step.content ? t('journey.keptContent') : undefined}
              options={templates
                .filter((x) => x.channel === step.channel)
                .map((x) => {
                  const unapproved = approvedOnly && x.approval !== 'PASS';
                  return { label: unapproved ? t('approval.template.pickerUnapproved', { name: x.name }) : x.name, value: x.id, disabled: unapproved };
                })}
              optionDisabled="disabled"
              onChange={(e) => update({ templateId: e.value })}
            />
          </div>
          {link('next', t('journey.next'))}
        </>
      );
    case 'WAIT':
      return (
        <>
          <div className="field">
            <label htmlFor={id('waitKind')}>{t('journey.waitKind')}</label>
            <Select
              inputId={id('waitKind')}
              labelled
              label={t('journey.waitKind')}
              value={step.waitKind}
              options={(['DELAY', 'UNTIL'] as const).map((k) => ({ label: t(`journey.waitKinds.${k}`), value: k }))}
              onChange={(e) => update({ waitKind: e.value })}
            />
          </div>
          {step.waitKind === 'DELAY' ? (
            minutes('minutes', t('journey.minutes'))
          ) : (
            <>
              <div className="field">
                <label htmlFor={id('at')}>{t('journey.at')}</label>
                <InputText id={id('at')} type="datetime-local" value={step.at} onChange={(e) => update({ at: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={id('timeZone')}>{t('journey.timeZone')}</label>
                <InputText id={id('timeZone')} value={step.timeZone} onChange={(e) => update({ timeZone: e.target.value })} />
              </div>
            </>
          )}
          {link('next', t('journey.next'))}
        </>
      );
    case 'BRANCH':
      return (
        <>
          <div className="field">
            <label htmlFor={id('condition')}>{t('journey.condition')}</label>
            <Select
              inputId={id('condition')}
              labelled
              label={t('journey.condition')}
              value={step.condition}
              options={(['OPENED', 'CLICKED', 'CONVERTED'] as const).map((c) => ({ label: t(`journey.conditions.${c}`), value: c }))}
              onChange={(e) => update({ condition: e.value })}
            />
          </div>
          {step.condition === 'CONVERTED' ? (
            <div className="field">
              <label htmlFor={id('eventCode')}>{t('journey.eventCode')}</label>
              <InputText id={id('eventCode')} value={step.eventCode} maxLength={100} onChange={(e) => update({ eventCode: e.target.value })} />
            </div>
          ) : (
            <div className="field">
              <label htmlFor={id('message')}>{t('journey.message')}</label>
              <Select
                inputId={id('message')}
                labelled
                label={t('journey.message')}
                value={step.messageStepId}
                options={messageOptions}
                onChange={(e) => update({ messageStepId: e.value })}
              />
            </div>
          )}
          <div className="field-checkbox">
            <Checkbox inputId={id('not')} checked={step.not} onChange={(e) => update({ not: !!e.checked })} />
            <label htmlFor={id('not')}>{t('journey.not')}</label>
          </div>
          {minutes('windowMinutes', t('journey.window'))}
          {link('yes', t('journey.yes'))}
          {link('no', t('journey.no'))}
        </>
      );
    case 'SPLIT':
      return (
        <>
          <fieldset className="journey-variants">
            <legend>{t('journey.variants')}</legend>
            {step.variants.map((v, i) => {
              const n = { n: i + 1 };
              const setVariant = (change: Partial<typeof v>) => update({ variants: step.variants.map((w, j) => (j === i ? { ...w, ...change } : w)) });
              return (
                <div key={i} className="journey-variant">
                  <label htmlFor={id(`share-${i}`)}>{t('journey.share', n)}</label>
                  <InputNumber inputId={id(`share-${i}`)} value={v.share} min={1} max={100} suffix="%" onValueChange={(e) => setVariant({ share: e.value ?? 1 })} />
                  <label htmlFor={id(`variant-${i}`)}>{t('journey.variantNext', n)}</label>
                  <Select
                    inputId={id(`variant-${i}`)}
                    labelled
                    label={t('journey.variantNext', n)}
                    value={v.next}
                    options={stepOptions}
                    onChange={(e) => setVariant({ next: e.value })}
                  />
                  {step.variants.length > 2 && (
                    <Button
                      type="button"
                      icon="pi pi-times"
                      text
                      aria-label={t('journey.removeVariant', n)}
                      onClick={() => update({ variants: step.variants.filter((_, j) => j !== i) })}
                    />
                  )}
                </div>
              );
            })}
            {step.variants.length < 5 && (
              <Button type="button" label={t('journey.addVariant')} icon="pi pi-plus" text onClick={() => update({ variants: [...step.variants, { share: 0, next: '' }] })} />
            )}
          </fieldset>
          <div className="field-checkbox">
            <Checkbox inputId={id('winner')} checked={step.winner} onChange={(e) => update({ winner: !!e.checked })} />
            <label htmlFor={id('winner')}>{t('journey.winner')}</label>
          </div>
          {step.winner && (
            <>
              <div className="field">
                <label htmlFor={id('metric')}>{t('journey.metric')}</label>
                <Select
                  inputId={id('metric')}
                  labelled
                  label={t('journey.metric')}
                  value={step.metric}
                  options={(['OPEN', 'CLICK'] as const).map((m) => ({ label: t(`journey.metrics.${m}`), value: m }))}
                  onChange={(e) => update({ metric: e.value })}
                />
              </div>
              {minutes('windowMinutes', t('journey.window'))}
              <div className="field">
                <label htmlFor={id('holdout')}>{t('journey.holdout')}</label>
                <InputNumber inputId={id('holdout')} value={step.holdout} min={1} max={98} suffix="%" onValueChange={(e) => update({ holdout: e.value ?? 1 })} />
              </div>
            </>
          )}
        </>
      );
    case 'EXIT':
      return <p className="field-hint">{t('journey.exitHint')}</p>;
  }
}
