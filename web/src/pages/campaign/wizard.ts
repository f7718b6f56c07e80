/**
 * The Create New Notification wizard's working copy of a single message on any channel and its checks per step:
 * Message Content (name, title, intro and the content: an email checked with the template builder's own rules,
 * another channel's with its template editor's), Segmentation (a segment is needed before review), Trigger (the
 * 5-minute rule), Company (letters: the sending company, spec 001 section 5), Review.
 */
import { BUILDER_CHANNEL, CHANNEL_CAPABILITIES, type Channel, DEFAULT_CHANNEL } from '../../../../shared/delivery';
import { THEME_DEFAULT } from '../../../../shared/render';
import { isValidEmail } from '../../../../shared/validation';
import type { PayloadIn } from '../../../../shared/services';
import type { PlanView } from '../../../../shared/services/plan';
import { isTimeZone, parseLocalDateTime, zonedTimeToUtc } from '../../../../shared/plan/zonedTime';
import type { MessageType } from '../../../../shared/plan/plan';
import {
  type ChannelDraft,
  type ChannelErrors,
  CONTENT_CHANNELS,
  type ContentChannel,
  isContentChannel,
  newChannelDraft,
  toChannelPayload,
  validateChannelDraft,
} from '../template/channel/channelDraft';
import { type BlockDraft, type Draft, newBlockId, newDraft } from '../template/draft';
import { type DraftErrors, NO_ERRORS, validateDraft } from '../template/validation';
import type { WizardStepName } from './paths';
import { checkTrigger, suggestedSchedule, type TriggerDraft, triggerDraftOf, triggerOf, wallClock } from './schedule';

/** The steps of an email, push, SMS or LINE message; a letter adds the Company step before Review. */
export const WIZARD_STEPS: readonly WizardStepName[] = ['content', 'segmentation', 'trigger', 'review'];
const LETTER_STEPS: readonly WizardStepName[] = ['content', 'segmentation', 'trigger', 'company', 'review'];
export const stepsFor = (channel: Channel): readonly WizardStepName[] => (CHANNEL_CAPABILITIES[channel].printed ? LETTER_STEPS : WIZARD_STEPS);

export const FIELD_MAX = { name: 100, title: 200, intro: 500 } as const;
export type MessageField = keyof typeof FIELD_MAX;

export interface WizardForm {
  name: string;
  title: string;
  intro: string;
  /** tags, category and group (null: none) */
  tagIds: string[];
  categoryId: string | null;
  groupId: string | null;
  channel: Channel;
  /** Ad-Hoc or Lifecycle; undefined: the caller's default (planConfig.initSingle) */
  messageType?: MessageType;
  /** the email: the builder's draft (its template name and category are not used here) */
  email: Draft;
  /** another channel's content: its template editor's draft (only its languages and a letter's company are used) */
  message: ChannelDraft;
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
    tagIds: [],
    categoryId: null,
    groupId: null,
    channel: DEFAULT_CHANNEL,
    email: newDraft(language),
    message: newChannelDraft(CONTENT_CHANNELS[0], language),
    segmentId: null,
    trigger: { kind: 'IMMEDIATELY' },
    schedule: suggestedSchedule(now, timeZone) as WizardForm['schedule'],
  };
}

/** The channel chosen: a content channel's draft starts empty in the email's default language, unless it is already that channel's. */
export function withChannel(form: WizardForm, channel: Channel): WizardForm {
  if (channel === form.channel) return form;
  const message = isContentChannel(channel) && form.message.channel !== channel ? newChannelDraft(channel, form.email.defaultLanguage) : form.message;
  return { ...form, channel, message };
}

/** Whether the message's content has anything written (choosing a template or another channel asks first then). */
export function hasContent(form: WizardForm): boolean {
  if (form.channel === BUILDER_CHANNEL) return Object.values(form.email.contents).some((c) => c.subject.trim() || c.blocks.length > 0);
  const empty = newChannelDraft(form.message.channel, form.message.defaultLanguage).contents[form.message.defaultLanguage];
  return Object.values(form.message.contents).some((c) => JSON.stringify(c) !== JSON.stringify(empty));
}

/** A saved message back in the wizard. */
export function formFromPlan(view: PlanView, timeZone: string, now: number): WizardForm {
  const base = newForm(timeZone, now);
  const trigger = triggerDraftOf(view.trigger);
  let email = base.email;
  let message = base.message;
  const content = view.content;
  if (content.kind === BUILDER_CHANNEL) {
    const { template } = content;
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
  } else if (content.kind !== 'TEMPLATE') {
    const template = content.template as { defaultLanguage: string; contents: Record<string, Record<string, unknown>>; companyId?: string };
    message = {
      ...newChannelDraft(content.kind, template.defaultLanguage),
      companyId: template.companyId ?? null,
      contents: structuredClone(template.contents),
    };
  }
  return {
    ...base,
    name: view.name,
    title: view.title,
    intro: view.intro,
    tagIds: view.tagIds,
    categoryId: view.categoryId ?? null,
    groupId: view.groupId ?? null,
    channel: view.channel,
    messageType: view.messageType,
    email,
    message,
    segmentId: view.segmentId ?? null,
    trigger,
    schedule: trigger.kind === 'SCHEDULE' ? trigger : base.schedule,
  };
}

/** A library email template's content as the message's own email (a copy: later edits to the template leave it). */
export function withTemplate(form: WizardForm, template: Draft): WizardForm {
  return { ...form, channel: BUILDER_CHANNEL, email: { ...template, name: '', categoryId: null } };
}

/** A library template of another channel as the message's own content (its company too, for a letter). */
export function withChannelTemplate(form: WizardForm, template: ChannelDraft): WizardForm {
  return { ...form, channel: template.channel, message: { ...structuredClone(template), name: '', categoryId: null, folderId: null, active: true } };
}

/** The message's content as the plan stores it. */
export function contentOf(form: WizardForm): PayloadIn<'plan.saveSingle'>['content'] {
  if (form.channel === BUILDER_CHANNEL) {
    const { theme, defaultLanguage, contents } = form.email;
    return { kind: BUILDER_CHANNEL, template: { theme, defaultLanguage, contents } };
  }
  const { template } = toChannelPayload({ ...form.message, channel: form.channel as ContentChannel });
  return { kind: form.channel, template } as PayloadIn<'plan.saveSingle'>['content'];
}

export function savePayload(form: WizardForm, saved?: { id: string; version: number }): PayloadIn<'plan.saveSingle'> {
  return {
    ...(saved ? { id: saved.id, version: saved.version } : {}),
    name: form.name.trim(),
    title: form.title.trim(),
    intro: form.intro.trim(),
    tagIds: form.tagIds,
    categoryId: form.categoryId,
    groupId: form.groupId,
    channel: form.channel,
    content: contentOf(form),
    ...(form.segmentId ? { segmentId: form.segmentId } : {}),
    ...(form.messageType ? { messageType: form.messageType } : {}),
    trigger: triggerOf(form.trigger),
  };
}

export interface WizardErrors {
  /** 'required' or 'tooLong' per message field */
  fields: Partial<Record<MessageField, 'required' | 'tooLong'>>;
  /** the builder's messages for the email */
  email: DraftErrors;
  /** the channel editor's messages for another channel's content, by `<language>.<path>` */
  message: ChannelErrors;
  segment?: 'required';
  /** a letter needs its sending company (the Company step) */
  company?: 'required';
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
  // the editors check a template, whose name is ours to give; only the chosen channel's content counts
  const email = form.channel === BUILDER_CHANNEL ? validateDraft({ ...form.email, name: 'message', categoryId: null }) : NO_ERRORS;
  const message = form.channel === BUILDER_CHANNEL ? NO_CHANNEL_ERRORS : validateChannelDraft({ ...form.message, channel: form.channel as ContentChannel, name: 'message' });
  const trigger = checkTrigger(form.trigger, now);
  return {
    fields,
    email: email.count ? email : NO_ERRORS,
    message,
    ...(form.segmentId ? {} : { segment: 'required' as const }),
    ...(CHANNEL_CAPABILITIES[form.channel].printed && !form.message.companyId ? { company: 'required' as const } : {}),
    ...(trigger.ok ? {} : { trigger: trigger.code }),
  };
}

const NO_CHANNEL_ERRORS: ChannelErrors = { messages: {}, languages: new Set(), count: 0 };

/** Whether a step's part of the form is complete. */
export function stepValid(errors: WizardErrors, step: WizardStepName): boolean {
  switch (step) {
    case 'content':
      return Object.keys(errors.fields).length === 0 && errors.email.count === 0 && errors.message.count === 0;
    case 'segmentation':
      return !errors.segment;
    case 'trigger':
      return !errors.trigger;
    case 'company':
      return !errors.company;
    case 'review':
      return BEFORE_REVIEW.every((s) => stepValid(errors, s));
  }
}

const BEFORE_REVIEW: readonly WizardStepName[] = ['content', 'segmentation', 'trigger', 'company'];

/** What saving a draft needs: the content and a sound trigger; the segment may come later. */
export function draftSavable(errors: WizardErrors): boolean {
  return stepValid(errors, 'content') && stepValid(errors, 'trigger');
}

export function firstInvalidStep(errors: WizardErrors): WizardStepName | null {
  return BEFORE_REVIEW.find((s) => !stepValid(errors, s)) ?? null;
}

/** The review deadline suggested: a day ahead. */
export const DEFAULT_REVIEW_HOURS = 24;

/** At most this many test addresses (plan.testEmail). */
export const MAX_TEST_ADDRESSES = 10;

/** Test addresses typed into one field, separated by commas, semicolons or spaces; repeats counted once. */
export function parseAddresses(text: string): { emails: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
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

/**
 * Phone numbers or LINE user ids typed into one field, separated by commas, semicolons or new lines (a number
 * may hold spaces, brackets and dashes, dropped here); checked against `pattern`, repeats counted once.
 */
export function parseTargets(text: string, pattern: { test(value: string): boolean }): { values: string[]; invalid: string[] } {
  const values: string[] = [];
  const invalid: string[] = [];
  for (const part of text
    .split(/[,;\n]+/)
    .map((s) => s.trim())
    .filter(Boolean)) {
    const value = part.replace(/[\s().-]/g, '');
    if (!pattern.test(value)) invalid.push(part);
    else if (!values.includes(value)) values.push(value);
  }
  return { values, invalid };
}

/** The SMS parts a text is sent as, and what a sending of it to `recipients` costs at most. */
export function smsCost(parts: number, recipients: number, maxPrice?: string): { parts: number; max?: string } {
  const total = parts * recipients;
  if (!maxPrice) return { parts: total };
  // whole hundred-thousandths (MaxPrice has at most 5 decimals), so no floating-point dust
  const units = Math.round(Number(maxPrice) * 100_000) * total;
  return { parts: total, max: (units / 100_000).toFixed(2) };
}

/** A datetime-local input's value for an instant on the clock of `timeZone` (the organization's, not the browser's). */
export function zonedInputValue(ms: number, timeZone: string): string {
  const { date, time } = wallClock(ms, timeZone);
  return `${date}T${time}`;
}
/** The instant a datetime-local value names on the clock of `timeZone` (null when empty or unreadable). */
export function fromZonedInput(value: string, timeZone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) || !parseLocalDateTime(value) || !isTimeZone(timeZone)) return null;
  return zonedTimeToUtc(value, timeZone);
}
