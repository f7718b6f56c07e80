/**
 * Issue 21: a finished message whose run sent nobody is marked `nothingSent` in the campaign list, so the list
 * says "Finished: nothing sent" instead of "Deployed"; a message that reached someone, and one not sent yet, are not.
 * The home page's approved card (`plan.getDashPlanByPage`) marks it the same way.
 * Another organization's list never shows either.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { accountKey } from '../../shared/entities';
import { ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

const DAY = 24 * 3600_000;
let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let approver: { id: string; client: ApiClient };
let store: Store;
let segmentId: string;
const IDS = ['ns-0', 'ns-1', 'ns-2'];

/** The audience's e-mail consent, written straight to the store: this file tests the list, not the account screens. */
async function seedAccounts(emailConsent: boolean) {
  const now = herald.rt.clock.now();
  const audit = { version: 1, dateCreated: now, dateUpdated: now, createdBy: 'test', updatedBy: 'test' };
  await Promise.all(
    IDS.map((id) =>
      store.put('account', {
        ...accountKey(1, id),
        orgId: 1,
        emails: [`${id}@example.com`],
        emailConsent,
        smsConsent: false,
        pushConsent: false,
        lineConsent: false,
        tags: [],
        attributes: { cohort: 'ns' },
        ...audit,
      }),
    ),
  );
}

beforeAll(async () => {
  herald = await startHerald({ config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  ({ admin, other } = await twoOrganizations(herald, 'ns'));
  store = new Store(herald.rt);
  const role = await admin.ok('userRole.save', {
    name: 'Approver ns',
    code: 'APPROVER_NS',
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
  });
  const user = await admin.ok('user.save', { username: 'ns.approver', email: 'ns.approver@example.com', roleId: role.id, password: 'Approve@123' });
  approver = { id: user.id as string, client: new ApiClient(herald) };
  await approver.client.login('ns.approver', 'Approve@123');
  await seedAccounts(true);
  segmentId = randomUUID();
  const now = herald.rt.clock.now();
  await store.put('segment', {
    orgId: 1,
    id: segmentId,
    name: 'ns',
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'attributes.cohort', operator: 'equals', value: 'ns' }] },
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
  });
});
afterAll(() => herald?.stop());

const draft = (name: string) =>
  admin.ok('plan.saveSingle', {
    name,
    title: name,
    channel: 'EMAIL',
    segmentId,
    content: { kind: 'EMAIL', template: { contents: { en: { subject: name, blocks: [{ type: 'heading', text: 'Hi' }] } } } },
  });

async function sendOut(id: string, beforeApproval?: () => Promise<void>) {
  await admin.ok('planAction.sendToReview', { id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
  await beforeApproval?.();
  await approver.client.ok('planAction.pass', { id });
  await herald.delivery.idle();
  await expect.poll(async () => (await admin.ok('plan.detail', { id })).status, { timeout: 30_000 }).toBe('DEPLOYED');
}

it('marks only the finished message that sent nobody', async () => {
  const reached = await draft('Reached');
  await sendOut(reached.id);
  const nobody = await draft('Nobody');
  // everyone withdraws between review and sending
  await sendOut(nobody.id, () => seedAccounts(false));
  const waiting = await draft('Waiting');

  const page = await admin.ok('plan.getCateByPage', { filter: 'ALL', page: 0, size: 10 });
  const byId = new Map(page.list.map((p: { id: string }) => [p.id, p]));
  expect(byId.get(nobody.id)).toMatchObject({ status: 'DEPLOYED', nothingSent: true });
  expect(byId.get(reached.id)).toMatchObject({ status: 'DEPLOYED' });
  expect(byId.get(reached.id)).not.toHaveProperty('nothingSent');
  expect(byId.get(waiting.id)).not.toHaveProperty('nothingSent');
  // the detail's numbers agree: nothing sent, everyone skipped
  expect((await admin.ok('planStatistics.detail', { id: nobody.id })).totals).toMatchObject({ sent: 0, skipped: 3 });

  // the author's home card of approved messages says the same
  const card = await admin.ok('plan.getDashPlanByPage', { card: 'APPROVED', page: 0, size: 10 });
  const onCard = new Map(card.list.map((p: { id: string }) => [p.id, p]));
  expect(onCard.get(nobody.id)).toMatchObject({ status: 'DEPLOYED', nothingSent: true });
  expect(onCard.get(reached.id)).toMatchObject({ status: 'DEPLOYED' });
  expect(onCard.get(reached.id)).not.toHaveProperty('nothingSent');
  expect((await other.ok('plan.getDashPlanByPage', { card: 'APPROVED', page: 0, size: 10 })).list).toHaveLength(0);

  const theirs = await other.ok('plan.getCateByPage', { filter: 'ALL', page: 0, size: 10 });
  expect(theirs.list.map((p: { id: string }) => p.id)).not.toEqual(expect.arrayContaining([nobody.id]));
  expect(theirs.list).toHaveLength(0);
});
