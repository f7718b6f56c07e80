/**
 * The Create New Notification wizard's working copy of a single email message and its checks per step: Message
 * Content (name, title, intro and the email, checked with the template builder's own rules), Segmentation (a
 * segment is needed before review), Trigger (the 5-minute rule), Review.
 */
import { THEME_DEFAULT } from '../../../../shared/render';
import { isValidEmail } from '../../../../shared/validation';
import type { PayloadIn } from '../../../../shared/services';
import type { PlanView } from '../../../../shared/services/plan';
import { type BlockDraft, type Draft, newBlockId, newDraft } from '../template/draft';
import { type DraftErrors, NO_ERRORS, validateDraft } from '../template/validation';
import type { WizardStepName } from './paths';
import { checkTrigger, suggestedSchedule, type TriggerDraft, triggerDraftOf, triggerOf } from './schedule';

export const WIZARD_STEPS: readonly WizardStepName[] = ['content', 'segmentation', 'trigger', 'review'];

export const FIELD_MAX = { name: 100, title: 200, intro: 500 } as const;
export type MessageField = keyof typeof FIELD_MAX;

export interface WizardForm {
  name: string;
  title: string;
  intro: string;
  /** the email: the builder's draft (its template name and category are not used here) */
  email: Draft;
  segmentId: string | null;
  trigger: TriggerDraft;
  /** kept while "immediately" is chosen, so switching back finds the time as it was */
  schedule: Extract<TriggerDraft, { kind: 'SCHEDULE' }>;
}

export function newForm(timeZone: string, now: number, language = 'en'): WizardForm {
  return {
    name: '',
    title: '',
    intro: '',
    email: newDraft(language),
    segmentId: null,
    trigger: { kind: 'IMMEDIATELY' },
    schedule: suggestedSchedule(now, timeZone) as WizardForm['schedule'],
  };
}

/** A saved message back in the wizard. */
export function formFromPlan(view: PlanView, timeZone: string, now: number): WizardForm {
  const base = newForm(timeZone, now);
  const trigger = triggerDraftOf(view.trigger);
  let email = base.email;
  if (view.content.kind === 'EMAIL') {
    const { template } = view.content;
    email = {
      ...email,
      theme: { ...THEME_DEFAULT, ...template.theme },
      defaultLanguage: template.defaultLanguage,
      contents: Object.fromEntries(
        Object.entries(template.contents).map(([code, c]) => [
          code,
          { subject: c.subject, preheader: c.preheader, blocks: c.blocks.map((b) => ({ ...b, id: b.id || newBlockId() }) as unknown as BlockDraft) },
        ]),
      ),
    };
  }
  return {
    ...base,
    name: view.name,
    title: view.title,
    intro: view.intro,
    email,
    segmentId: view.segmentId ?? null,
    trigger,
    schedule: trigger.kind === 'SCHEDULE' ? trigger : base.schedule,
  };
}

/** A library template's content as the message's own email (a copy: later edits to the template leave it). */
export function withTemplate(form: WizardForm, template: Draft): WizardForm {
  return { ...form, email: { ...template, name: '', categoryId: null } };
}

export function savePayload(form: WizardForm, saved?: { id: string; version: number }): PayloadIn<'plan.saveSingle'> {
  const { theme, defaultLanguage, contents } = form.email;
  return {
    ...(saved ? { id: saved.id, version: saved.version } : {}),
    name: form.name.trim(),
    title: form.title.trim(),
    intro: form.intro.trim(),
    channel: 'EMAIL',
    content: { kind: 'EMAIL', template: { theme, defaultLanguage, contents } },
    ...(form.segmentId ? { segmentId: form.segmentId } : {}),
    trigger: triggerOf(form.trigger),
  };
}

export interface WizardErrors {
  /** 'required' or 'tooLong' per message field */
  fields: Partial<Record<MessageField, 'required' | 'tooLong'>>;
  /** the builder's messages for the email */
  email: DraftErrors;
  segment?: 'required';
  /** the catalogue code refusing the schedule (750002: too close, 401005: not a time) */
  trigger?: string;
}

export function validateForm(form: WizardForm, now: number): WizardErrors {
  const fields: WizardErrors['fields'] = {};
  for (const field of Object.keys(FIELD_MAX) as MessageField[]) {
    const value = form[field].trim();
    if (!value && field !== 'intro') fields[field] = 'required';
    else if (value.length > FIELD_MAX[field]) fields[field] = 'tooLong';
  }
  // the builder checks a template, whose name is ours to give
  const email = validateDraft({ ...form.email, name: 'message', categoryId: null });
  const trigger = checkTrigger(form.trigger, now);
  return {
    fields,
    email: email.count ? email : NO_ERRORS,
    ...(form.segmentId ? {} : { segment: 'required' as const }),
    ...(trigger.ok ? {} : { trigger: trigger.code }),
  };
}

/** Whether a step's part of the form is complete. */
export function stepValid(errors: WizardErrors, step: WizardStepName): boolean {
  switch (step) {
    case 'content':
      return Object.keys(errors.fields).length === 0 && errors.email.count === 0;
    case 'segmentation':
      return !errors.segment;
    case 'trigger':
      return !errors.trigger;
    case 'review':
      return WIZARD_STEPS.slice(0, 3).every((s) => stepValid(errors, s));
  }
}

/** What saving a draft needs: the content and a sound trigger; the segment may come later. */
export function draftSavable(errors: WizardErrors): boolean {
  return stepValid(errors, 'content') && stepValid(errors, 'trigger');
}

export function firstInvalidStep(errors: WizardErrors): WizardStepName | null {
  return WIZARD_STEPS.slice(0, 3).find((s) => !stepValid(errors, s)) ?? null;
}

/** The review deadline suggested: a day ahead. */
export const DEFAULT_REVIEW_HOURS = 24;

/** At most this many test addresses (plan.testEmail). */
export const MAX_TEST_ADDRESSES = 10;

/** Test addresses typed into one field, separated by commas, semicolons or spaces; repeats counted once. */
export function parseAddresses(text: string): { emails: string[]; invalid: string[] } {
  const parts = text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
  const seen = new Set<string>();
  const emails: string[] = [];
  const invalid: string[] = [];
  for (const p of parts) {
    if (!isValidEmail(p)) invalid.push(p);
    else if (!seen.has(p.toLowerCase())) {
      seen.add(p.toLowerCase());
      emails.push(p);
    }
  }
  return { emails, invalid };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local input's value for an instant, on this browser's clock. */
export function localInputValue(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** The instant a datetime-local value names on this browser's clock (null when empty or unreadable). */
export function fromLocalInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : ms;
}
