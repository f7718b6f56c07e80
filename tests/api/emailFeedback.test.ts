/**
 * SES feedback through the job queue (the EventBridge rule's `emailFeedback` jobs): a hard bounce and a complaint
 * put the address on the sending organization's unsubscription list with their source; soft bounces, mail
 * without Herald's tags and malformed events change nothing and do not fail the job; a repeated event lists once;
 * an earlier unsubscribe keeps its source; another organization's list is untouched.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Ledger } from '../../functions/delivery/ledger';
import { Store } from '../../functions/store/store';
import type { EmailFeedback } from '../../functions/channels/email/feedback';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'fb'));
});
afterAll(() => herald?.stop());

const tags = (org: number) => ({ org: [String(org)], plan: ['plan-1'], run: ['r1'], 'ses:configuration-set': ['herald'] });
const bounce = (address: string, bounceType = 'Permanent', org = 1): EmailFeedback => ({
  eventType: 'Bounce',
  mail: { tags: tags(org) },
  bounce: { bounceType, bouncedRecipients: [{ emailAddress: address }] },
});
const complaint = (address: string): EmailFeedback => ({ eventType: 'Complaint', mail: { tags: tags(1) }, complaint: { complainedRecipients: [{ emailAddress: address }] } });

async function deliver(...details: unknown[]): Promise<void> {
  for (const detail of details) await herald.rt.jobs.post({ kind: 'emailFeedback', detail });
  // a job that failed would stay on the queue, and this would not return
  await herald.jobs.idle();
}

async function listed(client: ApiClient, target: string): Promise<{ target: string; source: string; planId?: string }[]> {
  return (await client.ok('messageUnsubscription.getListByPage', { page: 0, size: 50, target })).list;
}

it('a hard bounce and a complaint list the address with their source; a repeat lists once', async () => {
  await deliver(bounce('Gone@Example.com'), bounce('gone@example.com'), complaint('angry@example.com'));
  expect(await listed(admin, 'gone@example.com')).toEqual([expect.objectContaining({ target: 'gone@example.com', source: 'BOUNCE', channelName: 'EMAIL' })]);
  expect(await listed(admin, 'angry@example.com')).toEqual([expect.objectContaining({ source: 'COMPLAINT' })]);
  // the sending organization's list only
  expect(await listed(other, 'gone@example.com')).toEqual([]);
  // counted once each on the message's run, the repeated bounce not again
  const { total } = await new Ledger(new Store(herald.rt), herald.rt.clock).totals({ orgId: 1, planId: 'plan-1', runId: 'r1' });
  expect(total).toMatchObject({ bounces: 1, complaints: 1 });
});

it('a soft bounce, untagged mail and events of another shape change nothing, and the job does not fail', async () => {
  const untagged = { ...bounce('portal@example.com'), mail: { tags: {} } };
  await deliver(bounce('soft@example.com', 'Transient'), untagged, { eventType: 'Bounce' }, 'not an event', { eventType: 'Delivery', mail: { tags: tags(1) } });
  expect(await listed(admin, 'soft@example.com')).toEqual([]);
  expect(await listed(admin, 'portal@example.com')).toEqual([]);
});

it('an address that unsubscribed first keeps its source when it later bounces', async () => {
  await deliver(complaint('twice@example.com'));
  await deliver(bounce('twice@example.com'));
  expect((await listed(admin, 'twice@example.com')).map((r) => r.source)).toEqual(['COMPLAINT']);
});

it("a bounce of organization 2's mail lists it there", async () => {
  const orgs = await admin.ok('organization.list', { page: 0, size: 50 });
  const org2 = orgs.list.find((o: { code: string }) => o.code === 'OTHER_FB')!.id;
  await deliver(bounce('theirs@example.com', 'Permanent', org2));
  expect(await listed(other, 'theirs@example.com')).toEqual([expect.objectContaining({ source: 'BOUNCE' })]);
  expect(await listed(admin, 'theirs@example.com')).toEqual([]);
});
