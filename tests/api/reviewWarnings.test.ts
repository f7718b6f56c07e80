/**
 * Review warnings on the approver's list: a message waiting for approval says how many things its review found
 * (shared/content/reviewWarnings), a single message's content and each message step of a campaign's journey, so
 * approving from /home is never blind; a message with nothing to warn of carries no count.
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
  approver = await approverOf(admin, herald, 'rwapprover');
  ({ segmentId } = await seedAudience(herald, 1, `rw${Date.now().toString(36)}`, 2));
});
afterAll(() => herald?.stop());

/** An email whose button has no link and whose subject greets without a fallback. */
function careless(subject: string) {
  const content = emailContent(`${subject} {{firstName}}`);
  content.template.contents.en.blocks.push({ type: 'button', text: 'Buy now', href: '' } as never);
  return content;
}

const toReview = (id: string) => admin.ok('planAction.sendToReview', { id, participants: [approver.id], deadline: Date.now() + 24 * 3600_000 });

it('counts the warnings of single messages and of every message step of a journey on the action-required card', async () => {
  const single = await admin.ok('plan.saveSingle', { name: 'Careless single', title: 'Careless single', channel: 'EMAIL', segmentId, content: careless('Hello') });
  const clean = await admin.ok('plan.saveSingle', { name: 'Clean single', title: 'Clean single', channel: 'EMAIL', segmentId, content: emailContent('Hello') });
  const journey = await admin.ok('plan.saveDynamic', {
    name: 'Careless journey',
    segmentId,
    journey: {
      entry: 'a',
      steps: {
        a: { type: 'MESSAGE', channel: 'EMAIL', content: emailContent('First'), next: 'wait' },
        wait: { type: 'WAIT', wait: { kind: 'DELAY', minutes: 60 }, next: 'b' },
        b: { type: 'MESSAGE', channel: 'EMAIL', content: careless('Second'), next: 'end' },
        end: { type: 'EXIT' },
      },
    },
  });
  for (const p of [single, clean, journey]) await toReview(p.id);

  const card = await approver.client.ok('plan.getDashPlanByPage', { card: 'ACTION_REQUIRED', page: 0, size: 20 });
  const count = (id: string) => card.list.find((p: { id: string }) => p.id === id)?.reviewWarnings;
  // the button without a link and the token without a fallback
  expect(count(single.id)).toBe(2);
  // only the journey's second message is careless; the warnings are the same, found in its step
  expect(count(journey.id)).toBe(2);
  expect(card.list.find((p: { id: string }) => p.id === clean.id)).not.toHaveProperty('reviewWarnings');
});
