/**
 * A monthly report's month is the organization's (issue 39): with Asia/Tokyo chosen, a message sent when the clock
 * says 17:30 UTC on 31 October (02:30 on 1 November in Tokyo) counts in November's report, not October's, and the
 * Word file names the zone its days are in.
 */
import mammoth from 'mammoth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, manualClock, startHerald } from '../support/herald';
import { approverOf, emailContent, seedAudience } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
const clock = manualClock(Date.UTC(2026, 9, 31, 17, 30));
const RECIPIENTS = 3;

let herald: LocalHerald;
let admin: ApiClient;

beforeAll(async () => {
  herald = await startHerald({ clock, config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  admin = new ApiClient(herald);
  admin.autoRefresh = true;
  await admin.login();
  const { organization } = await admin.ok('systemSetting.detail');
  await admin.ok('systemSetting.save', { ...organization, defaultTimeZone: 'Asia/Tokyo' });
  const { id: approverId, client: approver } = await approverOf(admin, herald, 'monthapprover');
  const { segmentId } = await seedAudience(herald, 1, 'month', RECIPIENTS);
  const plan = await admin.ok('plan.saveSingle', { name: 'Early November in Tokyo', title: 'November', channel: 'EMAIL', segmentId, content: emailContent('November') });
  await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approverId], deadline: clock.now() + DAY });
  await approver.ok('planAction.pass', { id: plan.id });
  await herald.delivery.idle();
  await until(
    'sent',
    async () => (await admin.ok('plan.detail', { id: plan.id })).status,
    (s) => s === 'DEPLOYED',
    30_000,
  );
}, 120_000);
afterAll(() => herald?.stop());

it('counts a send at 2026-10-31T17:30Z in November for Asia/Tokyo, and none in October', async () => {
  // October's report, as the schedule made it on 1 November at 12:00 UTC
  clock.advance(Date.UTC(2026, 10, 1, 12, 0, 30) - clock.now());
  await herald.scheduler.fireDue();
  await herald.jobs.idle();
  // November's, on 1 December
  clock.advance(Date.UTC(2026, 11, 1, 12, 0, 30) - clock.now());
  await herald.scheduler.fireDue();
  await herald.jobs.idle();
  await admin.login();
  const rows = await until(
    'both reports made',
    async () => (await admin.ok('monthlyReport.list', {})).rows as { month: string; status: string; messages: number; sent: number }[],
    (r) => r.length === 2 && r.every((x) => x.status === 'DONE'),
    20_000,
  );
  const byMonth = Object.fromEntries(rows.map((r) => [r.month, r]));
  expect(byMonth['2026-10']).toMatchObject({ messages: 0, sent: 0 });
  expect(byMonth['2026-11']).toMatchObject({ messages: 1, sent: RECIPIENTS });

  const link = await admin.ok('monthlyReport.download', { month: '2026-11' });
  const { value: text } = await mammoth.extractRawText({ buffer: Buffer.from(await (await fetch(link.url)).arrayBuffer()) });
  expect(text).toContain('Early November in Tokyo');
  expect(text).toContain('Period (Asia/Tokyo): 2026-11-01 to 2026-11-30');
});
