/**
 * A journey's sent records (issue 39): each message step sends under a run of its own (`<run>~<step>`), and the
 * message detail's Sent records tab lists any of them by that id, the first step's by default. A run or step that
 * is not the message's answers 720003, as does another organization's message.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { type ApiClient, manualClock, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { approverOf, emailContent, seedAudience } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
const N = 4;
const clock = manualClock(Date.UTC(2026, 10, 22, 9, 0, 0));

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let planId: string;
let runId: string;
let emails: string[];

beforeAll(async () => {
  herald = await startHerald({ clock, config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  ({ admin, other } = await twoOrganizations(herald, 'jsr'));
  const approver = await approverOf(admin, herald, 'jsrapprover');
  const audience = await seedAudience(herald, 1, 'jsr', N);
  emails = audience.emails;
  const journey = {
    entry: 'welcome',
    repeat: 'ONCE',
    steps: {
      welcome: { type: 'MESSAGE', name: 'Welcome', channel: 'EMAIL', content: emailContent('JSR welcome'), next: 'followUp' },
      followUp: { type: 'MESSAGE', name: 'Follow-up', channel: 'EMAIL', content: emailContent('JSR follow-up'), next: 'end' },
      end: { type: 'EXIT' },
    },
  };
  const plan = await admin.ok('plan.saveDynamic', { name: 'Two steps', journey, segmentId: audience.segmentId });
  planId = plan.id;
  await admin.ok('planAction.sendToReview', { id: planId, participants: [approver.id], deadline: clock.now() + DAY });
  await approver.client.ok('planAction.pass', { id: planId });
  const sentBy = async (stepId: string) => {
    await herald.scheduler.fireDue();
    await herald.delivery.idle();
    const { steps } = await admin.ok('planStatistics.detail', { id: planId });
    return steps?.find((s: { stepId: string }) => s.stepId === stepId)?.sent ?? 0;
  };
  await until(
    'both steps sent',
    () => sentBy('followUp'),
    (sent) => sent === N,
    30_000,
  );
  runId = (await admin.ok('planStatistics.detail', { id: planId })).runs[0]!.runId;
}, 120_000);
afterAll(() => herald?.stop());

const addresses = (list: { address: string; status: string }[]) => list.map((r) => `${r.address} ${r.status}`).sort();

it("lists a journey step run's records by its id, and the first step's by default", async () => {
  const everyone = emails.map((e) => `${e} SENT`).sort();
  const followUp = await admin.ok('sentRecord.getListByPage', { planId, runId: `${runId}~followUp`, size: 100 });
  expect(addresses(followUp.list)).toEqual(everyone);
  const welcome = await admin.ok('sentRecord.getListByPage', { planId, runId: `${runId}~welcome`, size: 100 });
  expect(addresses(welcome.list)).toEqual(everyone);
  // the latest run's first message step when none is named
  const byDefault = await admin.ok('sentRecord.getListByPage', { planId, size: 100 });
  expect(byDefault.list).toEqual(welcome.list);
  // paged by cursor within the step's run
  const first = await admin.ok('sentRecord.getListByPage', { planId, runId: `${runId}~followUp`, size: 3 });
  const rest = await admin.ok('sentRecord.getListByPage', { planId, runId: `${runId}~followUp`, size: 3, cursor: first.cursor });
  expect(addresses([...first.list, ...rest.list])).toEqual(everyone);
});

it('answers 720003 for a run or step that is not the message’s, and for another organization’s message', async () => {
  for (const asked of [runId, `${runId}~end`, `${runId}~nowhere`, 'not-a-run~welcome']) {
    const r = await admin.call('sentRecord.getListByPage', { planId, runId: asked });
    expect([r.body.errorCode, r.body.errorMessage], asked).toEqual(['720003', expect.stringContaining('The run does not exist.')]);
  }
  expect((await admin.call('sentRecord.getListByPage', { planId, runId: `${runId}~nowhere` }, { 'x-lang': 'ja' })).body.errorMessage).toContain('その配信回は存在しません。');
  expect((await other.call('sentRecord.getListByPage', { planId, runId: `${runId}~welcome` })).body.errorCode).toBe('720003');
});
