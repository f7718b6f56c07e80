/**
 * The builder canvas's draft of a journey (shared/plan/journey.ts), kept as the form edits it: steps in the
 * order they were added, each with its links; `journeyOf` makes the payload of plan.saveDynamic. Pure: the page
 * renders it, the tests read it.
 */
import { type Channel, DEFAULT_CHANNEL } from '../../../../shared/delivery';
import type { Journey, REPEAT_MODES, StepType } from '../../../../shared/plan/journey';

export type RepeatMode = (typeof REPEAT_MODES)[number];

export interface DraftStep {
  id: string;
  type: StepType;
  name: string;
  /** MESSAGE */
  channel: Channel;
  templateId: string;
  /** the content a saved campaign holds (its template copied in): kept until another template is chosen */
  content?: unknown;
  /** MESSAGE, WAIT */
  next: string;
  /** WAIT */
  waitKind: 'DELAY' | 'UNTIL';
  minutes: number;
  at: string;
  timeZone: string;
  /** BRANCH */
  condition: 'OPENED' | 'CLICKED' | 'CONVERTED';
  messageStepId: string;
  eventCode: string;
  not: boolean;
  windowMinutes: number;
  yes: string;
  no: string;
  /** SPLIT */
  variants: { share: number; next: string }[];
  winner: boolean;
  metric: 'OPEN' | 'CLICK';
  holdout: number;
}

export interface JourneyDraft {
  steps: DraftStep[];
  entry: string;
  repeat: RepeatMode;
}

/** A new step of `type` with an id no other step has (s1, s2, …). */
export function newStep(type: StepType, taken: readonly DraftStep[], timeZone = 'UTC'): DraftStep {
  let n = taken.length + 1;
  while (taken.some((s) => s.id === `s${n}`)) n++;
  return {
    id: `s${n}`,
    type,
    name: '',
    channel: DEFAULT_CHANNEL,
    templateId: '',
    next: '',
    waitKind: 'DELAY',
    minutes: 60,
    at: '',
    timeZone,
    condition: 'CLICKED',
    messageStepId: '',
    eventCode: '',
    not: false,
    windowMinutes: 60,
    yes: '',
    no: '',
    variants: [
      { share: 50, next: '' },
      { share: 50, next: '' },
    ],
    winner: false,
    metric: 'CLICK',
    holdout: 10,
  };
}

/** Removes a step; links that pointed at it are left empty for the author to choose again. */
export function removeStep(draft: JourneyDraft, id: string): JourneyDraft {
  const clear = (to: string) => (to === id ? '' : to);
  const steps = draft.steps
    .filter((s) => s.id !== id)
    .map((s) => ({
      ...s,
      next: clear(s.next),
      yes: clear(s.yes),
      no: clear(s.no),
      messageStepId: clear(s.messageStepId),
      variants: s.variants.map((v) => ({ ...v, next: clear(v.next) })),
    }));
  return { ...draft, steps, entry: draft.entry === id ? (steps[0]?.id ?? '') : draft.entry };
}

/** The journey as plan.saveDynamic takes it; the server checks the links, circles and shares. */
export function journeyOf(draft: JourneyDraft) {
  const steps: Record<string, unknown> = {};
  for (const s of draft.steps) {
    const name = s.name.trim();
    switch (s.type) {
      case 'MESSAGE':
        steps[s.id] = { type: 'MESSAGE', name, channel: s.channel, content: s.templateId || !s.content ? { kind: 'TEMPLATE', templateId: s.templateId } : s.content, next: s.next };
        break;
      case 'WAIT':
        steps[s.id] = {
          type: 'WAIT',
          name,
          wait: s.waitKind === 'DELAY' ? { kind: 'DELAY', minutes: s.minutes } : { kind: 'UNTIL', at: s.at, timeZone: s.timeZone },
          next: s.next,
        };
        break;
      case 'BRANCH':
        steps[s.id] = {
          type: 'BRANCH',
          name,
          condition: s.condition === 'CONVERTED' ? { kind: 'CONVERTED', eventCode: s.eventCode } : { kind: s.condition, stepId: s.messageStepId },
          not: s.not,
          windowMinutes: s.windowMinutes,
          yes: s.yes,
          no: s.no,
        };
        break;
      case 'SPLIT':
        steps[s.id] = {
          type: 'SPLIT',
          name,
          variants: s.variants,
          ...(s.winner ? { winner: { metric: s.metric, windowMinutes: s.windowMinutes, holdout: s.holdout } } : {}),
        };
        break;
      case 'EXIT':
        steps[s.id] = { type: 'EXIT', name };
        break;
    }
  }
  return { entry: draft.entry, repeat: draft.repeat, steps };
}

/** A saved journey back into the canvas's draft (a campaign opened again). */
export function draftOf(journey: Journey): JourneyDraft {
  const steps = Object.entries(journey.steps).map(([id, s]): DraftStep => {
    const step: DraftStep = { ...newStep(s.type, [], 'UTC'), id, name: s.name };
    switch (s.type) {
      case 'MESSAGE':
        return { ...step, channel: s.channel, content: s.content, next: s.next };
      case 'WAIT':
        return s.wait.kind === 'DELAY'
          ? { ...step, next: s.next, waitKind: 'DELAY', minutes: s.wait.minutes }
          : { ...step, next: s.next, waitKind: 'UNTIL', at: s.wait.at, timeZone: s.wait.timeZone };
      case 'BRANCH':
        return {
          ...step,
          condition: s.condition.kind,
          messageStepId: s.condition.kind === 'CONVERTED' ? '' : s.condition.stepId,
          eventCode: s.condition.kind === 'CONVERTED' ? s.condition.eventCode : '',
          not: s.not,
          windowMinutes: s.windowMinutes,
          yes: s.yes,
          no: s.no,
        };
      case 'SPLIT':
        return {
          ...step,
          variants: s.variants,
          winner: !!s.winner,
          ...(s.winner ? { metric: s.winner.metric, windowMinutes: s.winner.windowMinutes, holdout: s.winner.holdout } : {}),
        };
      default:
        return step;
    }
  });
  return { steps, entry: journey.entry, repeat: journey.repeat };
}
