/**
 * The organization's days are its own zone's: with Asia/Shanghai chosen, a message sent when the clock says 23:30
 * UTC (07:30 the next morning in Shanghai) counts on the Shanghai day and hour, on the dashboard and in the plan
 * report, and each answer names the zone. Days counted before the zone changes stay where they were counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, manualClock, startHerald } from '../support/herald';
import { approverOf, emailContent, seedAudience } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
// 23:30 UTC on 23 November is 07:30 on the 24th in Shanghai
const clock = manualClock(Date.UTC(2026, 10, 23, 23, 30));
const SHANGHAI_DAY = '2026-11-24';
const UTC_DAY = '2026-11-23';
const RECIPIENTS = 3;

let herald: LocalHerald;
let admin: ApiClient;
let planId: string;

async function saveZone(zone: string): Promise<void> {
  const { organization } = await admin.ok('systemSetting.detail');
  await admin.ok('systemSetting.save', { ...organization, defaultTimeZone: zone });
}

beforeAll(async () => {
  herald = await startHerald({ clock, config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  admin = new ApiClient(herald);
  admin.autoRefresh = true;
  await admin.login();
  await saveZone('Asia/Shanghai');
  const { id: approverId, client: approver } = await approverOf(admin, herald, 'zoneapprover');
  const { segmentId } = await seedAudience(herald, 1, 'zone', RECIPIENTS);
  const plan = await admin.ok('plan.saveSingle', { name: 'Morning in Shanghai', title: 'Morning', channel: 'EMAIL', segmentId, content: emailContent('Good morning') });
  planId = plan.id;
  await admin.ok('planAction.sendToReview', { id: planId, participants: [approverId], deadline: clock.now() + DAY });
  await approver.ok('planAction.pass', { id: planId });
  await herald.delivery.idle();
  await until(
    'sent',
    async () => (await admin.ok('plan.detail', { id: planId })).status,
    (s) => s === 'DEPLOYED',
    30_000,
  );
}, 120_000);
afterAll(() => herald?.stop());

describe("the organization's zone (Asia/Shanghai)", () => {
  it('counts a send at 23:30 UTC on the Shanghai day and at its hour 07, and names the zone', async () => {
    const today = await admin.ok('dashboardMetric.summary', { preset: 'TODAY' });
    expect(today.range).toEqual({ start: SHANGHAI_DAY, end: SHANGHAI_DAY, days: 1, timeZone: 'Asia/Shanghai' });
    expect(today.totals.sent).toBe(RECIPIENTS);
    const onShanghaiDay = await admin.ok('dashboardMetric.summary', { preset: 'CUSTOM', start: SHANGHAI_DAY, end: SHANGHAI_DAY });
    expect(onShanghaiDay.totals.sent).toBe(RECIPIENTS);
    // the UTC day the clock showed holds nothing
    const onUtcDay = await admin.ok('dashboardMetric.summary', { preset: 'CUSTOM', start: UTC_DAY, end: UTC_DAY });
    expect(onUtcDay.totals.sent).toBe(0);

    const trend = await admin.ok('dashboardMetric.trend', { range: { preset: 'TODAY' } });
    expect(trend.bucket).toBe('HOUR');
    expect(trend.range.timeZone).toBe('Asia/Shanghai');
    const sentAt = trend.points.filter((p: { sent: number }) => p.sent > 0);
    expect(sentAt).toEqual([expect.objectContaining({ label: `${SHANGHAI_DAY} 07:00`, sent: RECIPIENTS })]);

    const ranking = await admin.ok('dashboardMetric.ranking', { preset: 'TODAY' });
    expect(ranking.plans.map((p: { planId: string }) => p.planId)).toEqual([planId]);
  });

  it("reports the message on the organization's day too, naming the zone", async () => {
    const shanghai = await admin.ok('report.plan', { planIds: [planId], start: SHANGHAI_DAY, end: SHANGHAI_DAY });
    expect(shanghai.timeZone).toBe('Asia/Shanghai');
    expect(shanghai.rows[0].totals.sent).toBe(RECIPIENTS);
    const utc = await admin.ok('report.plan', { planIds: [planId], start: UTC_DAY, end: UTC_DAY });
    expect(utc.rows[0].totals.sent).toBe(0);
  });

  it('keeps days counted before a change of zone where they were counted', async () => {
    await saveZone('');
    const after = await admin.ok('dashboardMetric.summary', { preset: 'CUSTOM', start: SHANGHAI_DAY, end: SHANGHAI_DAY });
    expect(after.range.timeZone).toBe('UTC');
    expect(after.totals.sent).toBe(RECIPIENTS);
    // today is the UTC day now, which the earlier sends were not counted on
    const today = await admin.ok('dashboardMetric.summary', { preset: 'TODAY' });
    expect(today.range).toMatchObject({ start: UTC_DAY, end: UTC_DAY, timeZone: 'UTC' });
    expect(today.totals.sent).toBe(0);
    // the plan report reads the runs' UTC hours, so it follows the new zone at once
    expect((await admin.ok('report.plan', { planIds: [planId], start: UTC_DAY, end: UTC_DAY })).rows[0].totals.sent).toBe(RECIPIENTS);
  });
});
