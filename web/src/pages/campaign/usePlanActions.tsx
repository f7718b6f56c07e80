/**
 * What may be done to a message now: exactly the `actions` the server lists for the caller, each behind its
 * confirmation (spec 001 section 4). Reject asks for a type and a reason; destructive questions start on Cancel.
 * Duplicate (any state, for those who may create messages) makes a new draft and says so.
 * The list, the detail page and the home page share this.
 */
import { Button } from 'primereact/button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Trigger } from '../../../../shared/plan/plan';
import type { PlanAction, RejectType } from '../../../../shared/plan/stateMachine';
import type { PlanListItem, PlanView } from '../../../../shared/services/plan';
import { call } from '../../api/client';
import { invalidate } from '../../api/hooks';
import { useConfirm } from '../../components/useConfirm';
import { showSuccess } from '../../ui/toastBus';
import { BaseInfoDialog } from './BaseInfoDialog';
import { DateDialog } from './DateDialog';
import { builderPath, detailPath, wizardPath } from './paths';
import { RejectDialog } from './RejectDialog';
import styles from './usePlanActions.module.css';

type Kind = 'confirm' | 'reject' | 'edit' | 'review' | 'date' | 'baseInfo';

/**
 * The actions a screen offers, in this order; the rest (system actions) have no screen. `detailOnly`:
 * offered on the message's own page, where the whole message is at hand, not in list rows.
 */
const ACTION_UI: Partial<Record<PlanAction, { icon: string; kind: Kind; danger?: true; detailOnly?: true }>> = {
  pass: { icon: 'pi pi-check', kind: 'confirm' },
  reject: { icon: 'pi pi-times', kind: 'reject', danger: true },
  saveDraft: { icon: 'pi pi-pencil', kind: 'edit' },
  sendToReview: { icon: 'pi pi-send', kind: 'review' },
  active: { icon: 'pi pi-play', kind: 'confirm' },
  inactive: { icon: 'pi pi-pause', kind: 'confirm', danger: true },
  modifyDateRange: { icon: 'pi pi-calendar', kind: 'date' },
  editBaseInfo: { icon: 'pi pi-tags', kind: 'baseInfo', detailOnly: true },
  stop: { icon: 'pi pi-stop-circle', kind: 'confirm', danger: true },
  resend: { icon: 'pi pi-replay', kind: 'confirm', detailOnly: true },
  cancel: { icon: 'pi pi-undo', kind: 'confirm', danger: true },
  archive: { icon: 'pi pi-box', kind: 'confirm' },
  unarchive: { icon: 'pi pi-replay', kind: 'confirm' },
  delete: { icon: 'pi pi-trash', kind: 'confirm', danger: true },
};
const ORDER = Object.keys(ACTION_UI) as PlanAction[];

/** The actions of a plan a screen shows, in display order. */
export function shownActions(plan: Pick<PlanListItem, 'actions'>, only?: readonly PlanAction[], inList = false): PlanAction[] {
  return ORDER.filter((a) => plan.actions.includes(a) && (!only || only.includes(a)) && !(inList && ACTION_UI[a]?.detailOnly));
}

/** The state changes that are one call with the id and the version read. */
const SIMPLE = {
  pass: 'planAction.pass',
  cancel: 'planAction.cancel',
  active: 'planAction.active',
  inactive: 'planAction.inactive',
  stop: 'planAction.stop',
  resend: 'planAction.resend',
  archive: 'planAction.archive',
  unarchive: 'planAction.unarchive',
  delete: 'plan.delete',
} as const;
type SimpleAction = keyof typeof SIMPLE;

type Target = Pick<PlanListItem, 'id' | 'name' | 'version' | 'actions' | 'trigger' | 'type'> & Partial<Pick<PlanListItem, 'reviewWarnings'>>;

const refreshPlans = () => invalidate('plan.getCateByPage', 'plan.getDashPlanByPage', 'plan.detail', 'planStatistics.detail', 'operationRecord.getListByPage');

/**
 * The button that asked often goes with the state it changed (an approved message offers no Approve): then the
 * focus would fall to <body>, some 40 Tabs from where the user was. It goes to the page's heading instead.
 */
function focusHeadingIfLost(): void {
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const heading = document.getElementById('main-content')?.querySelector('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  });
}

/**
 * `openCopy`: a duplicate opens at once (the detail page); otherwise the lists show it.
 */
export function usePlanActions(onDone?: (action: PlanAction, plan: Target) => unknown, opts: { openCopy?: boolean } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmElement, ask] = useConfirm();
  const [rejecting, setRejecting] = useState<Target | null>(null);
  const [dating, setDating] = useState<Target | null>(null);
  const [editing, setEditing] = useState<PlanView | null>(null);

  const finished = async (action: PlanAction, plan: Target) => {
    await refreshPlans();
    // after any navigation onDone makes: the guard clears toasts on the way
    await onDone?.(action, plan);
    showSuccess(t(`campaign.done.${action}`, { name: plan.name }));
    focusHeadingIfLost();
  };

  async function run(plan: Target, action: PlanAction) {
    const ui = ACTION_UI[action];
    if (!ui) return;
    switch (ui.kind) {
      // a campaign of the builder is edited and sent to review as a journey, in the builder
      case 'edit':
        return navigate(plan.type === 'BUILDER' ? builderPath(plan.id) : wizardPath(plan.id));
      case 'review':
        return navigate(plan.type === 'BUILDER' ? builderPath(plan.id, true) : wizardPath(plan.id, 'review'));
      case 'reject':
        return setRejecting(plan);
      case 'date':
        return setDating(plan);
      case 'baseInfo':
        // offered only where the whole message is at hand (detailOnly)
        return 'intro' in plan ? setEditing(plan as PlanView) : undefined;
      case 'confirm': {
        const ok = await ask({
          header: t(`campaign.confirm.${action}.title`),
          message:
            // approving from a list, where the warnings are not on screen: say there are some
            action === 'pass' && plan.reviewWarnings
              ? `${t('campaign.confirm.pass.message', { name: plan.name })} ${t('campaign.warnings.beforePass', { count: plan.reviewWarnings })}`
              : t(`campaign.confirm.${action}.message`, { name: plan.name }),
          acceptLabel: t(`campaign.action.${action}`),
          danger: ui.danger,
        });
        if (!ok) return;
        const service = SIMPLE[action as SimpleAction];
        try {
          await (call as (s: string, p: unknown) => Promise<unknown>)(service, { id: plan.id, version: plan.version });
        } catch {
          // the client's toast says why (a stale row: 720007); the lists show the state as it is now
          await refreshPlans();
          return;
        }
        return finished(action, plan);
      }
    }
  }

  async function duplicate(plan: Target) {
    let copy: PlanView;
    try {
      copy = await call(plan.type === 'BUILDER' ? 'plan.duplicateBuilder' : 'plan.duplicateSingle', { id: plan.id });
    } catch {
      // the client's toast says why (the message is gone: 720003)
      await refreshPlans();
      return;
    }
    await refreshPlans();
    if (opts.openCopy) await navigate(detailPath(copy.id));
    const unscheduled = plan.trigger.kind === 'SCHEDULE' && copy.trigger.kind !== 'SCHEDULE';
    showSuccess(t(unscheduled ? 'campaign.duplicate.doneUnscheduled' : 'campaign.duplicate.done', { name: copy.name }));
  }

  async function reject(input: { type: RejectType; reason: string }) {
    const plan = rejecting!;
    await call('planAction.reject', { id: plan.id, version: plan.version, ...input });
    await finished('reject', plan);
  }

  async function changeDate(trigger: Trigger) {
    const plan = dating!;
    await call('planAction.modifyDateRange', { id: plan.id, version: plan.version, trigger });
    await finished('modifyDateRange', plan);
  }

  const elements: ReactNode = (
    <>
      {confirmElement}
      <RejectDialog planName={rejecting?.name ?? ''} visible={rejecting !== null} onHide={() => setRejecting(null)} onReject={reject} />
      <BaseInfoDialog plan={editing} onHide={() => setEditing(null)} onSaved={(saved) => finished('editBaseInfo', saved)} />
      <DateDialog planName={dating?.name ?? ''} current={dating?.trigger ?? { kind: 'IMMEDIATELY' }} visible={dating !== null} onHide={() => setDating(null)} onSave={changeDate} />
    </>
  );
  return { elements, run, duplicate };
}

/** A message's action buttons: icons with names in a list row, labelled buttons in a page header. */
export function PlanActionButtons({
  plan,
  run,
  compact,
  only,
  onDuplicate,
}: {
  plan: Target;
  run: (plan: Target, action: PlanAction) => unknown;
  compact?: boolean;
  only?: readonly PlanAction[];
  /** given to those who may create messages */
  onDuplicate?: (plan: Target) => unknown;
}) {
  const { t } = useTranslation();
  const actions = shownActions(plan, only, compact);
  if (actions.length === 0 && !onDuplicate) return compact ? <span className="muted">--</span> : null;
  const copyLabel = t('campaign.duplicate.label');
  return (
    // plan-actions stays as a plain name: the home rows and the lists' phone layout place the buttons by it
    <div className={compact ? 'row-actions' : `${styles.planActions} plan-actions`}>
      {actions.map((action) => {
        const ui = ACTION_UI[action]!;
        const label = t(`campaign.action.${action}`);
        return (
          <Button
            key={action}
            type="button"
            icon={ui.icon}
            size="small"
            data-action={action}
            severity={ui.danger ? 'danger' : undefined}
            {...(compact
              ? { text: true, rounded: true, 'aria-label': t('campaign.actionOn', { action: label, name: plan.name }), tooltip: label, tooltipOptions: { position: 'top' } }
              : { label, outlined: action !== 'pass' && action !== 'sendToReview' })}
            onClick={() => void run(plan, action)}
          />
        );
      })}
      {onDuplicate && (
        <Button
          type="button"
          icon="pi pi-copy"
          size="small"
          data-action="duplicate"
          {...(compact
            ? { text: true, rounded: true, 'aria-label': t('campaign.actionOn', { action: copyLabel, name: plan.name }), tooltip: copyLabel, tooltipOptions: { position: 'top' } }
            : { label: copyLabel, outlined: true })}
          onClick={() => void onDuplicate(plan)}
        />
      )}
    </div>
  );
}
