/**
 * A rejected campaign of the builder is revised as a journey, on the single message's path: saved again whole
 * (plan.saveDynamic moves it back to draft and clears the rejection; plan.saveSingle refuses it), sent to review
 * as revision 2, with the first revision's rejection kept in the sheet's history and the operation record.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, startHerald } from '../support/herald';
import { approverOf, emailContent, seedAudience } from '../support/plans';

let herald: LocalHerald;
let admin: ApiClient;
let approver: Awaited<ReturnType<typeof approverOf>>;
let segmentId: string;

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
  approver = await approverOf(admin, herald, 'revapprover');
  ({ segmentId } = await seedAudience(herald, 1, `rev${Date.now().toString(36)}`, 2));
});
afterAll(() => herald?.stop());

const journey = (subject: string) => ({
  entry: 'hello',
  steps: {
    hello: { type: 'MESSAGE', name: 'Hello', channel: 'EMAIL', content: emailContent(subject), next: 'end' },
    end: { type: 'EXIT' },
  },
});

it('a rejected journey is saved again as a journey and sent to review as revision 2, its history kept', async () => {
  const deadline = () => Date.now() + 24 * 3600_000;
  const draft = await admin.ok('plan.saveDynamic', { name: 'Revised journey', segmentId, journey: journey('First try') });
  await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: deadline() });
  const rejected = await approver.client.ok('planAction.reject', { id: draft.id, type: 'CONTENT', reason: 'Say more.' });
  expect(rejected).toMatchObject({ status: 'REJECTED', approval: { revision: 1 }, rejection: { type: 'CONTENT', reason: 'Say more.' } });

  // the single message's save does not take a journey's id
  const single = await admin.call('plan.saveSingle', { id: draft.id, name: 'Revised journey', title: 'x', channel: 'EMAIL', segmentId, content: emailContent('Flat') });
  expect(single.body.errorCode).toBe('720009');

  const revised = await admin.ok('plan.saveDynamic', { id: draft.id, version: rejected.version, name: 'Revised journey', segmentId, journey: journey('Second try') });
  expect(revised).toMatchObject({ type: 'BUILDER', status: 'DRAFT' });
  expect(revised.rejection).toBeUndefined();
  expect(revised.journey!.steps.hello).toMatchObject({ content: { template: { contents: { en: { subject: 'Second try' } } } } });

  const pending = await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: deadline() });
  expect(pending).toMatchObject({ status: 'PENDING_APPROVAL', approval: { revision: 2, passedBy: [] } });
  const history = await admin.ok('approvalSheet.history', { subject: 'PLAN', id: draft.id, page: 0, size: 20 });
  const events = history.list.map((e: { event: string; revision: number }) => `${e.event}@${e.revision}`);
  expect(events).toEqual(expect.arrayContaining(['SHARED@1', 'REJECTED@1', 'REVISION@2']));
  const records = await admin.ok('operationRecord.getListByPage', { planId: draft.id, page: 0, size: 20 });
  expect(records.list.map((r: { action: string }) => r.action).reverse()).toEqual(['sendToReview', 'reject', 'saveDraft', 'sendToReview']);

  // the second revision is approved as any message is
  expect((await approver.client.ok('planAction.pass', { id: draft.id })).approval).toMatchObject({ revision: 2, passedBy: [approver.id] });
});
