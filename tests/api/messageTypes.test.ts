/**
 * Message types (spec 001 3.1, spec 000 section 6): Ad-Hoc and Lifecycle, each behind its own permission. The
 * wizard's and builder's choices follow the role; saves and every action on a message of a type the role lacks
 * answer 730001 in the reader's language; lists filter and show the type; SMS goes PROMOTIONAL or TRANSACTIONAL;
 * frequency caps hold Ad-Hoc messages only, until the organization has them hold Lifecycle ones too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { ReceivedSms } from '../../functions/channels/sms/standIns/sms';
import { grantAdHocToPlanRoles, ROLE_TYPES_DONE } from '../../functions/store/migrations/roleMessageTypes';
import { Store } from '../../functions/store/store';
import { received } from '../support/channelStandIns';
import { ApiClient, manualClock, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { campaignRule, testAccount, testSegment } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
const clock = manualClock(Date.UTC(2026, 10, 26, 3));
const SMS = { kind: 'SMS', template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hi {{firstName|there}}, your order shipped.' } } } };
let herald: LocalHerald;
let store: Store;
let callers: Callers;
let admin: ApiClient;
let approver: { id: string; client: ApiClient };

/** A member whose role holds `permissions`, signed in, reading the portal in `language`. */
async function member(name: string, permissions: string[], language: 'en' | 'ja' = 'en') {
  const role = await admin.ok('userRole.save', { name: `Role ${name}`, code: `ROLE_${name.toUpperCase()}`, permissions });
  const user = await admin.ok('user.save', { username: name, email: `${name}@example.com`, roleId: role.id, password: 'Member@123' });
  const client = new ApiClient(herald);
  client.autoRefresh = true;
  await client.login(name, 'Member@123');
  // the reader's language, as the portal sends it with every call
  if (language !== 'en') client.headers['x-lang'] = language;
  return { id: user.id as string, client };
}

beforeAll(async () => {
  herald = await startHerald({ clock, config: { sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, 'mtype');
  admin = callers.admin;
  admin.autoRefresh = true;
  approver = await member('mtapprover', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC', 'MESSAGE_TYPE_LIFECYCLE']);
}, 60_000);
afterAll(() => herald?.stop());

let phoneSeq = 0;
/** An audience of one SMS recipient; answers the segment and the number. */
async function oneRecipient(tag: string): Promise<{ segmentId: string; phone: string }> {
  const phone = `+1555${String(Date.now() % 1000).padStart(3, '0')}${String(phoneSeq++).padStart(4, '0')}`;
  const now = clock.now();
  await store.put('account', testAccount(1, `${tag}-0`, now, { phones: [phone], smsConsent: true, firstName: 'Ann', attributes: { campaign: tag } }));
  return { segmentId: await testSegment(store, 1, `MT ${tag}`, campaignRule(tag), now), phone };
}

/** A single SMS from draft through the approver's pass to the end of its run. */
async function sendSms(name: string, messageType: 1 | 2, segmentId: string) {
  const plan = await admin.ok('plan.saveSingle', { name, title: name, channel: 'SMS', content: SMS, segmentId, messageType });
  expect(plan.messageType).toBe(messageType);
  await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: clock.now() + DAY });
  await approver.client.ok('planAction.pass', { id: plan.id });
  await until(
    `${name} to be sent`,
    async () => {
      await herald.delivery.idle();
      return admin.ok('plan.detail', { id: plan.id });
    },
    (p) => p.status === 'DEPLOYED',
  );
  return plan.id as string;
}

const smsTo = async (phone: string) => (await received<ReceivedSms>(herald.standIns.endpoints, 'sms', [phone])).map((r) => r.request.MessageType);

describe('the choices the wizard and the builder open with', () => {
  it('are the types the role holds, Ad-Hoc first; none when it holds neither', async () => {
    expect(await admin.ok('planConfig.initSingle')).toMatchObject({ messageTypes: [1, 2], defaultMessageType: 1 });
    expect(await admin.ok('planConfig.initBuilder')).toMatchObject({ messageTypes: [1, 2], defaultMessageType: 1 });
    const lifecycle = await member('mtlife', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE', 'PLAN_BUILDER', 'MESSAGE_TYPE_LIFECYCLE']);
    expect(await lifecycle.client.ok('planConfig.initSingle')).toMatchObject({ messageTypes: [2], defaultMessageType: 2 });
    expect(await lifecycle.client.ok('planConfig.initBuilder')).toMatchObject({ messageTypes: [2], defaultMessageType: 2 });
    const neither = await member('mtnone', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE']);
    const none = await neither.client.ok('planConfig.initSingle');
    expect(none.messageTypes).toEqual([]);
    expect(none.defaultMessageType).toBeUndefined();
  });
});

describe('the permission of the type', () => {
  it('is checked on save: a new draft gets the default, another type answers 730001 in the reader’s language', async () => {
    const { segmentId } = await oneRecipient('mtsave');
    const author = await member('mtauthor', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE', 'PLAN_CHANGE_CONTENT', 'MESSAGE_TYPE_LIFECYCLE'], 'ja');
    const draft = await author.client.ok('plan.saveSingle', { name: 'Receipt', title: 'Receipt', channel: 'SMS', content: SMS, segmentId });
    expect(draft.messageType).toBe(2);
    const refused = await author.client.call('plan.saveSingle', { name: 'Promo', title: 'Promo', channel: 'SMS', content: SMS, segmentId, messageType: 1 });
    expect(refused.body.errorCode).toBe('730001');
    expect(refused.body.errorMessage).toContain('アドホック');
    // nor can a saved draft be turned into one, and nothing is stored
    const turned = await author.client.call('plan.saveSingle', { id: draft.id, name: 'Receipt', title: 'Receipt', channel: 'SMS', content: SMS, segmentId, messageType: 1 });
    expect(turned.body.errorCode).toBe('730001');
    expect((await admin.ok('plan.detail', { id: draft.id })).messageType).toBe(2);
    // a bad type is a validation message, not a 500
    const bad = await author.client.call('plan.saveSingle', { name: 'Bad', title: 'Bad', channel: 'SMS', content: SMS, segmentId, messageType: 3 });
    expect(bad.status).toBe(400);
  });

  it('is checked on every action: an approver without Ad-Hoc is offered nothing and cannot pass or reject', async () => {
    const { segmentId } = await oneRecipient('mtact');
    const lifecycleApprover = await member('mtlifeapp', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_LIFECYCLE'], 'ja');
    const plan = await admin.ok('plan.saveSingle', { name: 'Ad hoc promo', title: 'Ad hoc promo', channel: 'SMS', content: SMS, segmentId, messageType: 1 });
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [lifecycleApprover.id], deadline: clock.now() + DAY });
    expect((await lifecycleApprover.client.ok('plan.detail', { id: plan.id })).actions).toEqual([]);
    const pass = await lifecycleApprover.client.call('planAction.pass', { id: plan.id });
    expect(pass.body.errorCode).toBe('730001');
    expect(pass.body.errorMessage).toContain('アドホック');
    expect((await lifecycleApprover.client.call('planAction.reject', { id: plan.id, type: 'CONTENT', reason: 'No' })).body.errorCode).toBe('730001');
    expect((await admin.ok('plan.detail', { id: plan.id })).status).toBe('PENDING_APPROVAL');
    // nor may a member without the type send it to review or copy it
    const author = await member('mtlifeauthor', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE', 'MESSAGE_TYPE_LIFECYCLE']);
    const other = await admin.ok('plan.saveSingle', { name: 'Another promo', title: 'Another promo', channel: 'SMS', content: SMS, segmentId, messageType: 1 });
    expect((await author.client.call('planAction.sendToReview', { id: other.id, participants: [approver.id], deadline: clock.now() + DAY })).body.errorCode).toBe('730001');
    expect((await author.client.call('plan.duplicateSingle', { id: other.id })).body.errorCode).toBe('730001');
  });
});

describe('a builder campaign', () => {
  const journey = { entry: 'hello', repeat: 'ONCE', steps: { hello: { type: 'MESSAGE', channel: 'SMS', content: SMS, next: 'end' }, end: { type: 'EXIT' } } };
  it('keeps the type chosen, gets the default when none is, and refuses a type the role lacks with 730001', async () => {
    const { segmentId } = await oneRecipient('mtbuild');
    const lifecycle = await admin.ok('plan.saveDynamic', { name: 'Onboarding', journey, segmentId, messageType: 2 });
    expect(lifecycle.messageType).toBe(2);
    expect((await admin.ok('plan.detail', { id: lifecycle.id })).messageType).toBe(2);
    expect((await admin.ok('plan.getAll', { name: 'Onboarding' })).map((p: { messageType: number }) => p.messageType)).toEqual([2]);
    const builder = await member('mtbuilder', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_BUILDER', 'MESSAGE_TYPE_AD_HOC'], 'ja');
    const adHoc = await builder.client.ok('plan.saveDynamic', { name: 'Weekend journey', journey, segmentId });
    expect(adHoc.messageType).toBe(1);
    const refused = await builder.client.call('plan.saveDynamic', { name: 'Renewal journey', journey, segmentId, messageType: 2 });
    expect(refused.body.errorCode).toBe('730001');
    expect(refused.body.errorMessage).toContain('ライフサイクル');
    // nor may it change the Lifecycle campaign another member saved
    const changed = await builder.client.call('plan.saveDynamic', { id: lifecycle.id, version: lifecycle.version, name: 'Onboarding', journey, segmentId });
    expect(changed.body.errorCode).toBe('730001');
    expect((await admin.ok('plan.getAll', { name: 'journey' })).map((p: { name: string; messageType: number }) => [p.name, p.messageType])).toEqual([['Weekend journey', 1]]);
  });
});

describe('the campaign list', () => {
  it('shows each message’s type and filters by it', async () => {
    const { segmentId } = await oneRecipient('mtlist');
    const tag = `mtl${Date.now().toString(36)}`;
    const adHoc = await admin.ok('plan.saveSingle', { name: `${tag} a`, title: 'a', channel: 'SMS', content: SMS, segmentId, messageType: 1 });
    const life = await admin.ok('plan.saveSingle', { name: `${tag} l`, title: 'l', channel: 'SMS', content: SMS, segmentId, messageType: 2 });
    const page = (messageType?: string) => admin.ok('plan.getCateByPage', { page: 0, size: 10, name: tag, ...(messageType ? { messageType } : {}) });
    const all = await page();
    expect(Object.fromEntries(all.list.map((p) => [p.id, p.messageType]))).toEqual({ [adHoc.id]: 1, [life.id]: 2 });
    expect((await page('2')).list.map((p: { id: string }) => p.id)).toEqual([life.id]);
    expect((await page('1')).list.map((p: { id: string }) => p.id)).toEqual([adHoc.id]);
    expect((await admin.call('plan.getCateByPage', { page: 0, size: 10, messageType: '7' })).status).toBe(400);
  });
});

describe('sending', () => {
  it('sends SMS PROMOTIONAL for Ad-Hoc and TRANSACTIONAL for Lifecycle; caps hold Ad-Hoc only until the organization says otherwise', async () => {
    const { organization } = await admin.ok('systemSetting.detail');
    expect(organization.lifecycleSendingRules).toBe(false);
    const setting = async (change: Record<string, unknown>) => {
      await admin.ok('systemSetting.save', { ...(await admin.ok('systemSetting.detail')).organization, ...change });
      // past the workers' setting cache
      clock.advance(11_000);
      await admin.login();
      admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
      await approver.client.login(...approver.client.credentials!);
    };
    const { segmentId, phone } = await oneRecipient('mtsend');
    await setting({ frequencyCaps: { ...organization.frequencyCaps, SMS: 1 } });
    try {
      await sendSms('First promo', 1, segmentId);
      expect(await smsTo(phone)).toEqual(['PROMOTIONAL']);
      // the day's one Ad-Hoc SMS is used up: a second is skipped, a Lifecycle one still goes
      const second = await sendSms('Second promo', 1, segmentId);
      expect(await smsTo(phone)).toEqual(['PROMOTIONAL']);
      expect((await admin.ok('planStatistics.detail', { id: second })).totals).toMatchObject({ sent: 0, skipped: 1 });
      await sendSms('Order shipped', 2, segmentId);
      expect(await smsTo(phone)).toEqual(['PROMOTIONAL', 'TRANSACTIONAL']);
      // with the organization's switch on, Lifecycle messages are capped too
      await setting({ lifecycleSendingRules: true });
      const capped = await sendSms('Order delivered', 2, segmentId);
      expect(await smsTo(phone)).toEqual(['PROMOTIONAL', 'TRANSACTIONAL']);
      expect((await admin.ok('planStatistics.detail', { id: capped })).totals).toMatchObject({ sent: 0, skipped: 1 });
    } finally {
      await setting({ frequencyCaps: organization.frequencyCaps, lifecycleSendingRules: false });
    }
  }, 120_000);
});

describe('roles made before the message types', () => {
  it('are given Ad-Hoc when they hold plan permissions and no type, once; the others are left as they are', async () => {
    // roles saved with no type, as every role was before the types existed
    const old = async (name: string, permissions: string[]) =>
      (await admin.ok('userRole.save', { name: `Old ${name}`, code: `OLD_${name.toUpperCase()}`, permissions })).id as string;
    const authorRole = await old('author', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE']);
    const lifeRole = await old('life', ['NAV_HOME', 'PLAN_PASS', 'MESSAGE_TYPE_LIFECYCLE']);
    const viewerRole = await old('viewer', ['NAV_HOME', 'NAV_CREATE_NOTIFICATION']);
    const roleOf = async (id: string) => (await store.get('userRole', { orgId: 1, id }))!;
    const authorVersion = (await roleOf(authorRole)).version;
    await admin.ok('user.save', { username: 'mtoldauthor', email: 'mtoldauthor@example.com', roleId: authorRole, password: 'Member@123' });
    const author = new ApiClient(herald);
    await author.login('mtoldauthor', 'Member@123');
    const { segmentId } = await oneRecipient('mtold');
    const draft = { name: 'Old role draft', title: 'Old role draft', channel: 'SMS', content: SMS, segmentId };
    expect((await author.call('plan.saveSingle', draft)).body.errorCode).toBe('730001');
    // boot found nothing to do and marked it done; a deployment upgraded now has these roles
    expect(await grantAdHocToPlanRoles(store)).toEqual({ skipped: true, granted: 0 });
    await store.delete('uniqueKey', { id: ROLE_TYPES_DONE });
    const result = await grantAdHocToPlanRoles(store);
    expect(result.skipped).toBe(false);
    expect((await roleOf(authorRole)).permissions).toEqual(['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_CREATE', 'MESSAGE_TYPE_AD_HOC']);
    expect((await roleOf(authorRole)).version).toBe(authorVersion + 1);
    expect((await roleOf(lifeRole)).permissions).toEqual(['NAV_HOME', 'PLAN_PASS', 'MESSAGE_TYPE_LIFECYCLE']);
    expect((await roleOf(viewerRole)).permissions).toEqual(['NAV_HOME', 'NAV_CREATE_NOTIFICATION']);
    // the member of the upgraded role now saves an Ad-Hoc draft
    expect((await author.ok('plan.saveSingle', draft)).messageType).toBe(1);
    // done once: a role made without a type afterwards is the administrator's choice
    const later = await old('later', ['PLAN_CREATE']);
    expect(await grantAdHocToPlanRoles(store)).toEqual({ skipped: true, granted: 0 });
    expect((await roleOf(later)).permissions).toEqual(['PLAN_CREATE']);
  });
});
