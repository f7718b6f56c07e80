/**
 * Every (state, action) pair of every plan kind through the API: a plan of each kind is put in each state, and
 * each user action is asked of it by someone who holds its permission (the author; a participant for pass and
 * reject). Where the state machine refuses, the answer is the machine's code and nothing is stored; where it
 * allows, the action goes through.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { isSystemAction, PLAN_ACTION_NAMES, PLAN_STATES, type PlanAction, type PlanState, transition } from '../../shared/plan/stateMachine';
import { ApiClient, startHerald } from '../support/herald';
import { approverOf, emailContent, seedAudience } from '../support/plans';

let herald: LocalHerald;
let store: Store;
let author: ApiClient;
let approver: { id: string; client: ApiClient };
let segmentId: string;
const tag = `sa${randomUUID().slice(0, 6)}`;
const DAY = 86_400_000;

const journey = {
  entry: 'hello',
  repeat: 'ONCE',
  steps: {
    hello: { type: 'MESSAGE', name: 'Hello', channel: 'EMAIL', content: emailContent('Hello'), next: 'wait' },
    wait: { type: 'WAIT', wait: { kind: 'DELAY', minutes: 60 }, next: 'again' },
    again: { type: 'MESSAGE', name: 'Again', channel: 'EMAIL', content: emailContent('Again'), next: 'end' },
    end: { type: 'EXIT' },
  },
};

/** Refusals of a plan kind in every state: a campaign of the builder sends on its own, never again by hand. */
const KIND_REFUSALS: Record<'SINGLE' | 'BUILDER', Partial<Record<PlanAction, string>>> = { SINGLE: {}, BUILDER: { resend: '730004' } };

/** The user actions, each as the operation a user calls; system actions are the pipeline's and the timer's. */
const USER_ACTIONS = PLAN_ACTION_NAMES.filter((a) => !isSystemAction(a));

function call(action: PlanAction, kind: 'SINGLE' | 'BUILDER', plan: Record<string, any>): Promise<{ body: any }> {
  const ref = { id: plan.id, version: plan.version };
  const at = new Date(herald.rt.clock.now() + 2 * DAY).toISOString().slice(0, 16);
  switch (action) {
    case 'saveDraft':
      return kind === 'SINGLE'
        ? author.call('plan.saveSingle', { ...ref, name: plan.name, title: plan.title, channel: 'EMAIL', content: plan.content, segmentId })
        : author.call('plan.saveDynamic', { ...ref, name: plan.name, journey, segmentId });
    case 'sendToReview':
      return author.call('planAction.sendToReview', { ...ref, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
    case 'pass':
      return approver.client.call('planAction.pass', ref);
    case 'reject':
      return approver.client.call('planAction.reject', { ...ref, type: 'CONTENT', reason: 'Not yet' });
    case 'delete':
      return author.call('plan.delete', ref);
    case 'modifyDateRange':
      return author.call('planAction.modifyDateRange', { ...ref, trigger: { kind: 'SCHEDULE', at, timeZone: 'Asia/Tokyo' } });
    case 'editBaseInfo':
      return author.call('plan.edit', { ...ref, name: `${plan.name} renamed` });
    default:
      return author.call(`planAction.${action}`, ref);
  }
}

/** A plan of `kind` in `state`, written straight to the store from a saved draft of that kind. */
async function planIn(base: Record<string, any>, state: PlanState): Promise<Record<string, any>> {
  const now = herald.rt.clock.now();
  const plan = {
    ...base,
    id: randomUUID(),
    status: state,
    // the participant asked is the approver, in every state: a refusal is the state's, not the person's
    approval: { participants: [approver.id], deadline: state === 'EXPIRED' ? now - DAY : now + DAY, passedBy: [], revision: 1 },
    ...(state === 'REJECTED' ? { rejection: { type: 'OTHER', reason: 'No', by: approver.id, at: now } } : {}),
  };
  await store.put('plan', plan as never);
  return plan;
}

beforeAll(async () => {
  herald = await startHerald();
  store = new Store(herald.rt);
  author = new ApiClient(herald);
  await author.login();
  approver = await approverOf(author, herald, `${tag}ap`);
  ({ segmentId } = await seedAudience(herald, 1, tag, 2));
}, 120_000);
afterAll(() => herald?.stop());

describe.each(['SINGLE', 'BUILDER'] as const)('a %s plan', (kind) => {
  let base: Record<string, any>;
  beforeAll(async () => {
    const saved =
      kind === 'SINGLE'
        ? await author.ok('plan.saveSingle', { name: `${tag} single`, title: 'T', channel: 'EMAIL', content: emailContent('Hi'), segmentId })
        : await author.ok('plan.saveDynamic', { name: `${tag} builder`, journey, segmentId });
    base = (await store.forOrg(1).get('plan', saved.id)) as Record<string, any>;
  });

  for (const state of PLAN_STATES) {
    it.each(USER_ACTIONS)(`from ${state}: %s`, async (action) => {
      const plan = await planIn(base, state);
      const byKind = KIND_REFUSALS[kind][action];
      const expected = byKind ? { ok: false as const, code: byKind } : transition(state, action);
      const answer = await call(action, kind, plan);
      const stored = await store.forOrg(1).get('plan', plan.id);
      if (!expected.ok) {
        expect(answer.body.errorCode, `${action} from ${state}`).toBe(expected.code);
        expect(stored, 'nothing stored').toEqual(plan);
        return;
      }
      expect(answer.body.errorCode ?? null, `${action} from ${state}: ${answer.body.errorMessage}`).toBeNull();
      if (action === 'delete') expect(stored).toBeUndefined();
      else expect(stored?.version).toBeGreaterThan(plan.version);
    });
  }
});
