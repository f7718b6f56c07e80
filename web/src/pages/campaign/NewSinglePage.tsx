/**
 * The Create New Notification wizard (/campaigns/new-single; `?id=` edits a saved draft, `&step=review` opens
 * its review): Message Content, Segmentation, Trigger, Company (letters), Review, on any channel. A draft can be
 * saved at any step; a test goes to chosen addresses; "Send to review" saves and asks the chosen participants to
 * approve by a deadline.
 */
import { Button } from 'primereact/button';
import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PlanView } from '../../../../shared/services/plan';
import { call } from '../../api/client';
import { invalidate, useSession } from '../../api/hooks';
import { EditorLoadState } from '../../components/EditorLoadState';
import { SkipLink } from '../../components/SkipLink';
import { useUnloadWarning } from '../../components/useLeaveGuard';
import { showError, showSuccess } from '../../ui/toastBus';
import { builderPath, CAMPAIGNS_PATH, detailPath, wizardPath, type WizardStepName } from './paths';
import { PlanStatusTag } from './PlanStatusTag';
import { defaultTimeZone } from './schedule';
import { TriggerFields } from './TriggerFields';
import { WebhookToken } from './WebhookToken';
import { hasWebhook } from './webhookTrigger';
import { ContentStep } from './wizard/ContentStep';
import { type Approval, ReviewStep, type TestMail } from './wizard/ReviewStep';
import { approvalDeadline, approvalProblems, newApproval } from './wizard/approvalSheet';
import { CompanyStep } from './wizard/CompanyStep';
import { SegmentStep } from './wizard/SegmentStep';
import {
  draftSavable,
  firstInvalidStep,
  formFromPlan,
  MAX_TEST_ADDRESSES,
  newForm,
  parseAddresses,
  savePayload,
  stepsFor,
  stepValid,
  validateForm,
  WIZARD_STEPS,
  type WizardForm,
} from './wizard';
import '../../i18n/areas/campaign';
import { useOrgLocale } from '../../app/locale';
import partStyles from './planParts.module.css';
import styles from './NewSinglePage.module.css';
import wizardStyles from './wizard/wizard.module.css';
import { BackLink, Page } from '../../components/Page';

/** The clock the 5-minute rule is checked against, moving on while the page is open. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const isStep = (s: string | null): s is WizardStepName => [...WIZARD_STEPS, 'company'].includes(s as WizardStepName);
const EDITABLE = new Set(['DRAFT', 'REJECTED', 'EXPIRED']);

type Saved = Pick<PlanView, 'id' | 'version' | 'status' | 'rejection' | 'actions' | 'name'>;

export default function NewSinglePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  const id = params.get('id');
  const orgLocale = useOrgLocale();
  const zone = defaultTimeZone(session?.userdetails.timeZone, orgLocale.timeZone);
  const now = useNow(15_000);

  const [form, setForm] = useState<WizardForm>(() => newForm(zone, Date.now(), orgLocale.language));
  const [clean, setClean] = useState<WizardForm>(form);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [loading, setLoading] = useState<'no' | 'yes' | 'failed'>(id ? 'yes' : 'no');
  const [step, setStep] = useState<WizardStepName>(() => (isStep(params.get('step')) ? (params.get('step') as WizardStepName) : 'content'));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [busy, setBusy] = useState<'save' | 'review' | null>(null);
  const [approval, setApproval] = useState<Approval>(() => newApproval(zone));
  const [approvalTried, setApprovalTried] = useState(false);
  const [test, setTest] = useState<TestMail>({ addresses: session?.userdetails.email ?? '', busy: false });

  const errors = useMemo(() => validateForm(form, now), [form, now]);
  const dirty = form !== clean;
  const editable = !saved || (EDITABLE.has(saved.status) && saved.actions.includes('saveDraft'));
  const steps = stepsFor(form.channel);

  const start = useCallback(
    (view: PlanView) => {
      const next = formFromPlan(view, zone, Date.now());
      setForm(next);
      setClean(next);
      setSaved(view);
      setTouched(new Set());
      setShowAll(false);
      if (view.approval) setApproval((a) => ({ ...a, participants: view.approval!.participants }));
    },
    [zone],
  );

  const load = useCallback(
    async (planId: string) => {
      setLoading('yes');
      try {
        const view = await call('plan.detail', { id: planId });
        // a campaign of the builder is a journey: it is edited there, never as a single message
        if (view.type === 'BUILDER') return void navigate(builderPath(view.id), { replace: true });
        start(view);
        setLoading('no');
      } catch {
        setLoading('failed');
      }
    },
    [start, navigate],
  );

  // reads the latest `saved`, zone and language without running again when they change
  const followAddress = useEffectEvent((address: string | null, loadPlan: typeof load) => {
    if (address && address !== saved?.id) void loadPlan(address);
    else if (!address && saved) {
      const fresh = newForm(zone, Date.now(), orgLocale.language);
      setForm(fresh);
      setClean(fresh);
      setSaved(null);
      setStep('content');
    }
  });
  // only a different message in the address loads; `saved` changes with every save
  useEffect(() => followAddress(id, load), [id, load]);

  // a link to another step of the same message (the list's "Send to review") moves there
  const askedStep = params.get('step');
  useEffect(() => {
    if (isStep(askedStep)) setStep(askedStep);
  }, [askedStep]);

  useUnloadWarning(dirty);

  const change = (next: WizardForm, touch?: string) => {
    setForm(next);
    if (touch && !touched.has(touch)) setTouched(new Set(touched).add(touch));
  };
  const shown = (path: string) => showAll || touched.has(path);

  function goTo(next: WizardStepName) {
    setStep(next);
    requestAnimationFrame(() => document.getElementById('step-title')?.focus());
  }

  function next() {
    const at = steps.includes(step) ? step : 'review';
    if (!stepValid(errors, at)) {
      setShowAll(true);
      showError(t('campaign.wizard.fixStep'));
      return;
    }
    goTo(steps[steps.indexOf(at) + 1]);
  }

  /** Saves when there is anything to save; answers the saved message, or null when refused. */
  async function persist(quietIfClean: boolean): Promise<Saved | null> {
    if (saved && !dirty && saved.status === 'DRAFT' && quietIfClean) return saved;
    if (!draftSavable(errors)) {
      setShowAll(true);
      const first = firstInvalidStep(errors);
      if (first && first !== 'segmentation') goTo(first);
      showError(t('campaign.wizard.invalid'));
      return null;
    }
    try {
      const view = await call('plan.saveSingle', savePayload(form, saved ?? undefined));
      setClean(form);
      setSaved(view);
      void invalidate('plan.getCateByPage', 'plan.detail', 'plan.getDashPlanByPage');
      if (!id) await navigate(wizardPath(view.id, step), { replace: true });
      return view;
    } catch {
      return null;
    }
  }

  async function saveDraft() {
    setBusy('save');
    const view = await persist(false);
    setBusy(null);
    if (view) showSuccess(t('campaign.wizard.saved', { name: view.name }));
  }

  async function sendTest() {
    const { emails, invalid } = parseAddresses(test.addresses);
    const error = invalid.length
      ? t('campaign.test.incorrect')
      : emails.length === 0
        ? t('campaign.test.none')
        : emails.length > MAX_TEST_ADDRESSES
          ? t('campaign.test.tooMany', { max: MAX_TEST_ADDRESSES })
          : undefined;
    if (error) return setTest({ ...test, error });
    setTest({ ...test, busy: true, error: undefined });
    const view = await persist(true);
    if (!view) return setTest((s) => ({ ...s, busy: false }));
    try {
      // a language the content no longer has falls back to the default
      const language = test.language === 'ALL' || (test.language && Object.hasOwn(form.email.contents, test.language)) ? test.language : undefined;
      await call('plan.testEmail', { id: view.id, emails, language });
      showSuccess(t('campaign.test.sent', { addresses: emails.join(', ') }));
    } catch {
      // the client's toast says why
    }
    setTest((s) => ({ ...s, busy: false }));
  }

  const deadline = approvalDeadline(approval);
  const approvalErrors = approvalTried ? approvalProblems(approval, t) : {};

  async function sendToReview() {
    setApprovalTried(true);
    const first = firstInvalidStep(errors);
    if (first) {
      setShowAll(true);
      goTo(first);
      showError(t('campaign.wizard.invalid'));
      return;
    }
    if (approval.participants.length === 0 || deadline === null || deadline <= Date.now()) {
      showError(t('campaign.wizard.invalid'));
      return;
    }
    setBusy('review');
    try {
      const view = await persist(true);
      if (!view) return;
      const pending = await call('planAction.sendToReview', { id: view.id, version: view.version, participants: approval.participants, deadline });
      setClean(form);
      setSaved(pending);
      await invalidate('plan.getCateByPage', 'plan.detail', 'plan.getDashPlanByPage', 'operationRecord.getListByPage');
      // the guard clears toasts on navigation: say it on the page it lands on
      await navigate(detailPath(pending.id), { replace: true });
      showSuccess(t('campaign.wizard.sentToReview', { name: pending.name }));
    } catch {
      // the client's toast says why
    } finally {
      setBusy(null);
    }
  }

  const title = saved ? t('campaign.wizard.editTitle', { name: saved.name }) : t('campaign.wizard.title');

  if (loading !== 'no') {
    return (
      <EditorLoadState
        title={t('campaign.wizard.title')}
        state={loading}
        error={t('campaign.wizard.loadError')}
        onRetry={() => id && void load(id)}
        back={CAMPAIGNS_PATH}
        backLabel={t('campaign.back')}
      />
    );
  }

  if (!editable && saved) {
    return (
      <Page title={title} back={<BackLink to={CAMPAIGNS_PATH} label={t('campaign.back')} />}>
        <div className="notice notice-info" role="status">
          <PlanStatusTag status={saved.status} /> <span>{t('campaign.wizard.notEditable')}</span> <Link to={detailPath(saved.id)}>{t('campaign.openDetail')}</Link>
        </div>
      </Page>
    );
  }

  // a step the channel has not (Company, after a switch away from letters) shows the review
  const index = steps.includes(step) ? steps.indexOf(step) : steps.length - 1;
  const current = steps[index];

  return (
    <Page
      title={title}
      className="campaign-wizard"
      intro={t('campaign.wizard.intro')}
      back={<BackLink to={CAMPAIGNS_PATH} label={t('campaign.back')} />}
      actions={
        <div className={styles.builderActions}>
          {saved && <PlanStatusTag status={saved.status} />}
          {dirty && <span className={styles.unsavedNote}>{t('campaign.wizard.unsaved')}</span>}
          <Button
            type="button"
            outlined
            icon="pi pi-save"
            label={t('campaign.wizard.saveDraft')}
            loading={busy === 'save'}
            disabled={busy !== null}
            onClick={() => void saveDraft()}
          />
        </div>
      }
    >
      {saved?.rejection && (
        <div className={`notice notice-warn ${partStyles.rejectionNotice}`} role="status" data-testid="rejection-notice">
          <strong>{t('campaign.rejection.title', { type: t(`campaign.rejectType.${saved.rejection.type}`) })}</strong>
          <span>{saved.rejection.reason}</span>
        </div>
      )}

      <SkipLink label={t('campaign.wizard.skipToForm')} target="step-title" />
      <nav aria-label={t('campaign.wizard.steps')}>
        <ol className={styles.wizardSteps}>
          {steps.map((s, i) => {
            const done = i < index && stepValid(errors, s);
            const problem = showAll && i <= index && s !== 'review' && !stepValid(errors, s);
            return (
              <li key={s} className={[styles.wizardStep, s === current && styles.current, done && styles.done, problem && styles.invalid].filter(Boolean).join(' ')}>
                <button type="button" aria-current={s === current ? 'step' : undefined} onClick={() => goTo(s)}>
                  <span className={styles.stepNumber} aria-hidden="true">
                    {done ? <i className="pi pi-check" /> : problem ? <i className="pi pi-exclamation-circle" /> : i + 1}
                  </span>
                  <span>{t(`campaign.step.${s}`)}</span>
                  {problem && <span className="sr-only">{t('campaign.wizard.stepIncomplete')}</span>}
                </button>
              </li>
            );
          })}
        </ol>
      </nav>

      <section className="wizard-body" aria-labelledby="step-title">
        <h2 id="step-title" className={styles.stepTitle} tabIndex={-1}>
          {t('campaign.wizard.stepOf', { n: index + 1, total: steps.length, step: t(`campaign.step.${current}`) })}
        </h2>
        {current === 'content' && <ContentStep form={form} errors={errors} shown={shown} onChange={change} />}
        {current === 'segmentation' && <SegmentStep form={form} errors={errors} shown={shown} onChange={change} />}
        {current === 'company' && <CompanyStep form={form} errors={errors} shown={shown} onChange={change} />}
        {current === 'trigger' && (
          <section className={`card ${wizardStyles.wizardSection}`} aria-labelledby="trigger-title">
            <h3 id="trigger-title" className="card-title">
              {t('campaign.trigger.title')}
            </h3>
            <TriggerFields
              idPrefix="plan-trigger"
              trigger={form.trigger}
              schedule={form.schedule}
              now={now}
              showError={showAll}
              onChange={(trigger, schedule) => change({ ...form, trigger, schedule }, 'trigger')}
            />
            <WebhookToken planId={saved?.id} savedTrigger={saved ? clean.trigger : undefined} draftWebhook={hasWebhook(form.trigger)} />
          </section>
        )}
        {current === 'review' && (
          <ReviewStep
            form={form}
            errors={errors}
            approval={approval}
            approvalErrors={approvalErrors}
            onApproval={setApproval}
            test={test}
            onTest={setTest}
            onSendTest={() => void sendTest()}
            saveForTest={async () => (await persist(true))?.id ?? null}
            goTo={goTo}
          />
        )}
      </section>

      <footer className={styles.wizardFooter}>
        <Button type="button" outlined icon="pi pi-arrow-left" label={t('campaign.wizard.back')} disabled={index === 0} onClick={() => goTo(steps[index - 1])} />
        {current === 'review' ? (
          <Button
            type="button"
            icon="pi pi-send"
            label={t('campaign.action.sendToReview')}
            loading={busy === 'review'}
            disabled={busy !== null}
            onClick={() => void sendToReview()}
          />
        ) : (
          <Button type="button" icon="pi pi-arrow-right" iconPos="right" label={t('campaign.wizard.next')} onClick={next} />
        )}
      </footer>
    </Page>
  );
}
