/**
 * The plan screens' set-up calls (planConfig.initSingle, getPageActions, getSegments, getCloudMapping) and
 * planAction.resend: a sent message goes out again as a new run, each recipient once more and once only; it is
 * refused while sending (730005), from a state it does not leave (730004), without PLAN_RESEND (730001), and for
 * another organization's message as a missing one (720003).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, sentMail, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';
import { approverOf, emailContent, seedAudience } from '../support/plans';
import { until } from '../support/until';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let nobody: ApiClient;
let approver: { id: string; client: ApiClient };
let segmentId: string;

beforeAll(async () => {
  herald = await startHerald({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  ({ admin, other, nobody } = await twoOrganizations(herald, 'pc'));
  ({ segmentId } = await seedAudience(herald, 1, 'pc', 3));
  approver = await approverOf(admin, herald, 'pcapprover');
}, 60_000);
afterAll(() => herald?.stop());

const mailsAbout = async (subject: string) => (await sentMail(herald)).filter((m) => m.subject === subject);

it("initSingle offers the wizard's choices the caller's role allows", async () => {
  const all = await admin.ok('planConfig.initSingle', {});
  expect(all.channels.map((c: { channel: string }) => c.channel).sort()).toEqual(['DIRECT_MAIL', 'EMAIL', 'LINE', 'PUSH_NATIVE', 'SMS']);
  expect(all.messageTypes).toEqual([1, 2]);
  expect(all.triggerKinds).toEqual(expect.arrayContaining(['IMMEDIATELY', 'SCHEDULE']));
  expect(all.segments.map((s: { id: string }) => s.id)).toContain(segmentId);
  const role = await admin.ok('userRole.save', {
    name: 'Ad hoc now',
    code: 'AD_HOC_NOW',
    permissions: ['NAV_CREATE_NOTIFICATION', 'PLAN_CREATE', 'MESSAGE_TYPE_AD_HOC', 'DELIVERY_IMMEDIATELY'],
  });
  await admin.ok('user.save', { username: 'pc.adhoc', email: 'pc.adhoc@example.com', roleId: role.id, password: 'Adhoc@1234' });
  const limited = new ApiClient(herald);
  await limited.login('pc.adhoc', 'Adhoc@1234');
  const some = await limited.ok('planConfig.initSingle', {});
  expect(some.messageTypes).toEqual([1]);
  expect(some.triggerKinds).toEqual(['IMMEDIATELY']);
  expect((await nobody.call('planConfig.initSingle', {})).body.errorCode).toBe('730001');
  // another organization sees its own segments only
  expect((await other.ok('planConfig.getSegments', {})).map((s: { id: string }) => s.id)).not.toContain(segmentId);
  expect((await admin.ok('planConfig.getSegments', {})).map((s: { id: string }) => s.id)).toContain(segmentId);
  expect(await other.ok('planConfig.getCloudMapping', {})).toEqual([]);
});

it('sends a sent message again as a new run, each recipient once more, and refuses what it must', async () => {
  const subject = 'Again and again';
  const plan = await admin.ok('plan.saveSingle', { name: 'Resend me', title: 'Resend me', channel: 'EMAIL', segmentId, content: emailContent(subject) });
  // a draft is not sent again, and its page does not offer it
  expect((await admin.call('planAction.resend', { id: plan.id })).body.errorCode).toBe('730004');
  expect((await admin.ok('planConfig.getPageActions', { id: plan.id })).actions).not.toContain('resend');
  expect((await admin.ok('planConfig.getPageActions', { id: plan.id })).actions).toContain('sendToReview');
  expect((await other.call('planConfig.getPageActions', { id: plan.id })).body.errorCode).toBe('720003');
  await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: Date.now() + 86_400_000 });
  await approver.client.ok('planAction.pass', { id: plan.id });
  await herald.delivery.idle();
  await until(
    'sent once',
    async () => (await admin.ok('plan.detail', { id: plan.id })).status,
    (s) => s === 'DEPLOYED',
    30_000,
  );
  expect(await mailsAbout(subject)).toHaveLength(3);
  expect((await admin.ok('planConfig.getPageActions', { id: plan.id })).actions).toContain('resend');

  expect((await other.call('planAction.resend', { id: plan.id })).body.errorCode).toBe('720003');
  expect((await nobody.call('planAction.resend', { id: plan.id })).body.errorCode).toBe('730001');
  const again = await admin.ok('planAction.resend', { id: plan.id });
  expect(again.status).toBe('IN_PROGRESS');
  // a second resend while the first sends is refused, and makes no run
  expect((await admin.call('planAction.resend', { id: plan.id })).body.errorCode).toBe('730005');
  await herald.delivery.idle();
  await until(
    'sent twice',
    async () => (await admin.ok('plan.detail', { id: plan.id })).status,
    (s) => s === 'DEPLOYED',
    30_000,
  );
  const mails = await mailsAbout(subject);
  expect(mails).toHaveLength(6);
  // each recipient got it once per run
  const perAddress = new Map<string, number>();
  for (const m of mails) for (const to of m.destination.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  expect([...perAddress.values()]).toEqual([2, 2, 2]);
  const stats = await admin.ok('planStatistics.detail', { id: plan.id });
  expect(stats.runs).toHaveLength(2);
  expect(stats.totals.sent).toBe(6);
});
