/**
 * The builder's journey (spec 000 /builder, spec 001 sections 3.2 and 4): a graph of steps keyed by id.
 * Repeat modes (spec 001 section 4): once, new recipients only, all.
 */
import * as z from 'zod';
import { CHANNELS } from '../delivery';
import { partitionShard } from '../entities/entity';
import { CONTENT_CHANNEL, contentSchema, isTimeZone, parseLocalDateTime, type Plan, zonedTimeToUtc } from './plan';
import { say } from '../i18n/say';

/** Spec 001 sections 5 and 9. */
export const MAX_DELAY_MINUTES = 7 * 24 * 60;
export const MAX_STEPS = 100;
export const MAX_VARIANTS = 5;
export const REPEAT_MODES = ['ONCE', 'NEW', 'ALL'] as const;
export const STEP_TYPES = ['MESSAGE', 'WAIT', 'BRANCH', 'SPLIT', 'EXIT'] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const JOURNEY_MESSAGES = {
  stepId: say('journey.stepId'),
  delay: say('journey.delay'),
  delayMin: say('journey.delayMin'),
  localDateTime: say('journey.localDateTime'),
  timeZone: say('form.timeZoneChoice'),
  missingStep: say('journey.missingStep'),
  entry: say('journey.entry'),
  cycle: say('journey.cycle'),
  unreachable: say('journey.unreachable'),
  shares: say('journey.shares'),
  variants: say('journey.variants'),
  notMessage: say('journey.notMessage'),
  notBefore: say('journey.notBefore'),
  winnerVariants: say('journey.winnerVariants'),
  content: say('render.contentOverChannel', { kind: 'The', channel: 'this channel' }),
  tooMany: say('journey.tooMany'),
  noMessage: say('journey.noMessage'),
} as const;

export const stepIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, JOURNEY_MESSAGES.stepId);
const minutes = z.number({ error: JOURNEY_MESSAGES.delayMin }).int().min(1, JOURNEY_MESSAGES.delayMin).max(MAX_DELAY_MINUTES, JOURNEY_MESSAGES.delay);

export const messageStepSchema = z.object({
  type: z.literal('MESSAGE'),
  name: z.string().trim().max(100).default(''),
  channel: z.enum(CHANNELS, { error: say('validation.chooseRequired', { param: say('field.channel') }) }),
  content: contentSchema,
  next: stepIdSchema,
});

export const waitSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('DELAY'), minutes }),
  z.object({
    kind: z.literal('UNTIL'),
    at: z.string().refine((v) => parseLocalDateTime(v) !== null, JOURNEY_MESSAGES.localDateTime),
    timeZone: z.string().refine(isTimeZone, JOURNEY_MESSAGES.timeZone),
  }),
]);

export const branchConditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('OPENED'), stepId: stepIdSchema }),
  z.object({ kind: z.literal('CLICKED'), stepId: stepIdSchema }),
  z.object({ kind: z.literal('CONVERTED'), eventCode: z.string().trim().min(1).max(100) }),
]);

const stepSchema = z.discriminatedUnion('type', [
  messageStepSchema,
  z.object({ type: z.literal('WAIT'), name: z.string().trim().max(100).default(''), wait: waitSchema, next: stepIdSchema }),
  z.object({
    type: z.literal('BRANCH'),
    name: z.string().trim().max(100).default(''),
    condition: branchConditionSchema,
    not: z.boolean().default(false),
    windowMinutes: minutes,
    yes: stepIdSchema,
    no: stepIdSchema,
  }),
  z.object({
    type: z.literal('SPLIT'),
    name: z.string().trim().max(100).default(''),
    variants: z
      .array(z.object({ share: z.number().int().min(1).max(100), next: stepIdSchema }))
      .min(2, JOURNEY_MESSAGES.variants)
      .max(5, JOURNEY_MESSAGES.variants),
    /** `holdout` per cent wait out the window at the split, then follow the variant with the best rate. */
    winner: z.object({ metric: z.enum(['OPEN', 'CLICK']), windowMinutes: minutes, holdout: z.number().int().min(1).max(98) }).optional(),
  }),
  z.object({ type: z.literal('EXIT'), name: z.string().trim().max(100).default('') }),
]);
export type JourneyStep = z.output<typeof stepSchema>;
export type StepOf<T extends StepType> = Extract<JourneyStep, { type: T }>;

const journeyShape = z.object({
  // ids are checked with the other rules (journeyIssues), so a bad one is named in our words
  steps: z.record(z.string().max(64), stepSchema).refine((s) => Object.keys(s).length <= MAX_STEPS, JOURNEY_MESSAGES.tooMany),
  entry: stepIdSchema,
  repeat: z.enum(REPEAT_MODES).default('ONCE'),
});
export type Journey = z.output<typeof journeyShape>;

export function nextOf(step: JourneyStep): string[] {
  switch (step.type) {
    case 'MESSAGE':
    case 'WAIT':
      return [step.next];
    case 'BRANCH':
      return [step.yes, step.no];
    case 'SPLIT':
      return step.variants.map((v) => v.next);
    case 'EXIT':
      return [];
  }
}

function linksOf(id: string, step: JourneyStep): { path: (string | number)[]; to: string }[] {
  switch (step.type) {
    case 'MESSAGE':
    case 'WAIT':
      return [{ path: ['steps', id, 'next'], to: step.next }];
    case 'BRANCH':
      return [
        { path: ['steps', id, 'yes'], to: step.yes },
        { path: ['steps', id, 'no'], to: step.no },
      ];
    case 'SPLIT':
      return step.variants.map((v, i) => ({ path: ['steps', id, 'variants', i, 'next'], to: v.next }));
    case 'EXIT':
      return [];
  }
}

export interface JourneyIssue {
  path: (string | number)[];
  message: string;
}

/** No circle, so every path ends at an exit; exactly one entry; all reachable; shares add to 100. */
export function journeyIssues(j: Journey): JourneyIssue[] {
  const issues: JourneyIssue[] = [];
  const ids = Object.keys(j.steps);
  const badIds = ids.filter((id) => !stepIdSchema.safeParse(id).success);
  if (badIds.length > 0) return badIds.map((id) => ({ path: ['steps', id], message: JOURNEY_MESSAGES.stepId }));
  if (!Object.hasOwn(j.steps, j.entry)) return [{ path: ['entry'], message: JOURNEY_MESSAGES.entry }];
  for (const id of ids) {
    for (const link of linksOf(id, j.steps[id]!)) if (!Object.hasOwn(j.steps, link.to)) issues.push({ path: link.path, message: JOURNEY_MESSAGES.missingStep });
  }
  if (issues.length > 0) return issues;
  const state = new Map<string, 'open' | 'done'>();
  const ancestors = new Map<string, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  let cycle: JourneyIssue | undefined;
  const visit = (id: string, path: string[]) => {
    if (cycle) return;
    for (const a of path) ancestors.get(id)!.add(a);
    if (state.get(id) === 'open') {
      cycle = { path: ['steps', path[path.length - 1]!], message: JOURNEY_MESSAGES.cycle };
      return;
    }
    // a step seen before is visited again for its ancestors only when a new one reaches it
    if (state.get(id) === 'done' && path.every((a) => ancestors.get(id)!.has(a))) return;
    state.set(id, 'open');
    for (const next of nextOf(j.steps[id]!)) visit(next, [...path, id]);
    state.set(id, 'done');
  };
  visit(j.entry, []);
  if (cycle) return [cycle];
  for (const id of ids) if (!state.has(id)) issues.push({ path: ['steps', id], message: JOURNEY_MESSAGES.unreachable });
  if (!ids.some((id) => j.steps[id]!.type === 'MESSAGE')) issues.push({ path: ['steps'], message: JOURNEY_MESSAGES.noMessage });
  for (const id of ids) {
    const step = j.steps[id]!;
    if (step.type === 'MESSAGE' && step.content.kind !== 'TEMPLATE' && CONTENT_CHANNEL[step.content.kind] !== step.channel) {
      issues.push({ path: ['steps', id, 'content'], message: JOURNEY_MESSAGES.content });
    }
    if (step.type === 'BRANCH' && step.condition.kind !== 'CONVERTED') {
      const target = j.steps[step.condition.stepId];
      if (target?.type !== 'MESSAGE') issues.push({ path: ['steps', id, 'condition', 'stepId'], message: JOURNEY_MESSAGES.notMessage });
      else if (!ancestors.get(id)!.has(step.condition.stepId)) issues.push({ path: ['steps', id, 'condition', 'stepId'], message: JOURNEY_MESSAGES.notBefore });
    }
    if (step.type === 'SPLIT') {
      const total = step.variants.reduce((s, v) => s + v.share, 0) + (step.winner?.holdout ?? 0);
      if (total !== 100) issues.push({ path: ['steps', id, 'variants'], message: JOURNEY_MESSAGES.shares });
      if (step.winner && step.variants.some((v) => j.steps[v.next]?.type !== 'MESSAGE')) issues.push({ path: ['steps', id, 'winner'], message: JOURNEY_MESSAGES.winnerVariants });
    }
  }
  return issues;
}

export const journeySchema = journeyShape.superRefine((j, ctx) => {
  for (const issue of journeyIssues(j)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

export type BuilderPlan = Plan & { journey: Journey };
export const journeyOf = (plan: Plan): Journey | undefined => (plan as Partial<BuilderPlan>).journey;

export function walkOrder(j: Journey): { id: string; step: JourneyStep }[] {
  const seen = new Set<string>();
  const out: { id: string; step: JourneyStep }[] = [];
  const queue = [j.entry];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id) || !Object.hasOwn(j.steps, id)) continue;
    seen.add(id);
    const step = j.steps[id]!;
    out.push({ id, step });
    queue.push(...nextOf(step));
  }
  return out;
}

/** the first is the plan's channel and content in lists */
export function messageSteps(j: Journey): { id: string; step: StepOf<'MESSAGE'> }[] {
  return walkOrder(j).flatMap(({ id, step }) => (step.type === 'MESSAGE' ? [{ id, step }] : []));
}

/** Upper bounds for the review: a branch passes all to both sides, since who goes which way is known only when it runs. */
export function reachShares(j: Journey): Record<string, number> {
  const order = walkOrder(j).map((s) => s.id);
  const incoming = new Map(order.map((id) => [id, 0]));
  for (const id of order) for (const next of nextOf(j.steps[id]!)) if (incoming.has(next)) incoming.set(next, incoming.get(next)! + 1);
  const ready = order.filter((id) => incoming.get(id) === 0);
  const share: Record<string, number> = Object.fromEntries(order.map((id) => [id, 0]));
  if (Object.hasOwn(share, j.entry)) share[j.entry] = 1;
  while (ready.length > 0) {
    const id = ready.shift()!;
    const step = j.steps[id]!;
    const give = (to: string, part: number) => {
      if (!Object.hasOwn(share, to)) return;
      share[to] = Math.min(1, share[to]! + part);
    };
    if (step.type === 'SPLIT') {
      const holdout = (step.winner?.holdout ?? 0) / 100;
      for (const v of step.variants) give(v.next, share[id]! * (v.share / 100 + holdout));
    } else for (const next of nextOf(step)) give(next, share[id]!);
    for (const next of nextOf(step)) {
      if (!incoming.has(next)) continue;
      incoming.set(next, incoming.get(next)! - 1);
      if (incoming.get(next) === 0) ready.push(next);
    }
  }
  return share;
}

/** So the ledger's claim per (run, recipient) is one per (plan, step, recipient), and opens land on that step. */
export const STEP_RUN_SEPARATOR = '~';
export const stepRunId = (runId: string, stepId: string) => `${runId}${STEP_RUN_SEPARATOR}${stepId}`;
export function parseStepRun(runId: string): { runId: string; stepId: string } | undefined {
  const at = runId.indexOf(STEP_RUN_SEPARATOR);
  return at < 0 ? undefined : { runId: runId.slice(0, at), stepId: runId.slice(at + 1) };
}

const MINUTE = 60_000;

export function dueAtOf(step: JourneyStep, arrivedAt: number, holdout = false): number | undefined {
  if (step.type === 'WAIT') return step.wait.kind === 'DELAY' ? arrivedAt + step.wait.minutes * MINUTE : zonedTimeToUtc(step.wait.at, step.wait.timeZone);
  if (step.type === 'BRANCH') return arrivedAt + step.windowMinutes * MINUTE;
  if (step.type === 'SPLIT' && holdout && step.winner) return arrivedAt + step.winner.windowMinutes * MINUTE;
  return undefined;
}

/** recipients due in the same minute move on one scheduled message */
export const dueMinuteOf = (dueAt: number) => Math.ceil(dueAt / MINUTE) * MINUTE;

/** the same on every worker and every redelivery */
export function bucketOf(planId: string, stepId: string, accountId: string): number {
  return partitionShard(`${planId}|${stepId}|${accountId}`, 100);
}

export function variantOf(step: StepOf<'SPLIT'>, bucket: number): number | 'HOLDOUT' {
  let edge = 0;
  for (const [i, v] of step.variants.entries()) {
    edge += v.share;
    if (bucket < edge) return i;
  }
  return 'HOLDOUT';
}
