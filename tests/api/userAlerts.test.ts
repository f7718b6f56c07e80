/**
 * A member's own alert rules (userAlert): their own only, in their organization; bad input answers 400016; and
 * their effect: a run of the member's message past the rule's failure rate, and a failed delivery of the
 * member's cloud source, reach the member once per event, in the portal and by mail as the rules ask.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import type { CloudSourceSavePayload, NotificationView } from '../../shared/services';
import { type ApiClient, sentMail, startHerald, uploadThroughLink } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf, campaignRule, testAccount, testSegment } from '../support/plans';
import { until } from '../support/until';
import { ADMIN_TEXTS } from '../../shared/i18n/adminTexts';

const DAY = 24 * 3600_000;
const SMS_CONFIG = { originationIdentity: '+12065550100', configurationSet: 'herald-sms-events', maxPrice: '0.50', ttlSeconds: 3600 };
// numbers no other test file uses: the SMS stand-in is shared by the whole run
const prefix = String(Math.floor(Math.random() * 900) + 100);

let herald: LocalHerald;
let callers: Callers;
let admin: ApiClient;
let adminEmail: string;

beforeAll(async () => {
  herald = await startHerald({ config: { sms: SMS_CONFIG, sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  callers = await twoOrganizations(herald, 'alerts');
  admin = callers.admin;
  adminEmail = (await admin.ok('user.profile')).email;
}, 60_000);
afterAll(() => herald?.stop());

const alerts = async (client: ApiClient) => (await client.ok('notification.getListByPage', { size: 100 })).list.filter((n: NotificationView) => n.kind.startsWith('ALERT_'));
const mailsAbout = async (to: string, name: string) => (await sentMail(herald)).filter((m) => m.destination.to.includes(to) && m.subject.includes(name));
async function drained() {
  await herald.scheduler.fireDue();
  for (let i = 0; i < 5; i++) await herald.jobs.idle();
}

describe('the rules', () => {
  it('are the member’s own: saved, changed, listed and deleted; another member’s or organization’s id answers 720003', async () => {
    const saved = await admin.ok('userAlert.save', { event: 'RUN_FAILURE_RATE', threshold: 20, email: true });
    expect(saved).toMatchObject({ event: 'RUN_FAILURE_RATE', threshold: 20, portal: true, email: true, enabled: true, version: 1 });
    expect(saved).not.toHaveProperty('orgId');
    const changed = await admin.ok('userAlert.save', { ...saved, enabled: false });
    expect(changed).toMatchObject({ id: saved.id, enabled: false, version: 2 });
    expect((await admin.call('userAlert.save', { ...saved })).body.errorCode).toBe('720007');
    expect((await admin.ok('userAlert.getAll')).map((a: { id: string }) => a.id)).toContain(saved.id);

    // a member of the same organization and the other organization's administrator: as if it did not exist
    const { client: member } = await approverOf(admin, herald, 'alertpeer');
    for (const stranger of [member, callers.other, callers.nobody]) {
      expect(await stranger.ok('userAlert.getAll')).toEqual([]);
      expect((await stranger.call('userAlert.save', { ...changed, enabled: true })).body.errorCode).toBe('720003');
      expect((await stranger.call('userAlert.delete', { id: saved.id })).body.errorCode).toBe('720003');
    }
    expect((await admin.ok('userAlert.getAll')).find((a: { id: string }) => a.id === saved.id)).toMatchObject({ enabled: false, version: 2 });

    await admin.ok('userAlert.delete', { id: saved.id });
    expect((await admin.ok('userAlert.getAll')).map((a: { id: string }) => a.id)).not.toContain(saved.id);
    expect((await admin.call('userAlert.delete', { id: saved.id })).body.errorCode).toBe('720003');
  });

  it('are at most 50 a member: the 51st is refused with 400016 in the caller’s language, a kept one still changes, and deleting one makes room', async () => {
    const { client: keeper } = await approverOf(admin, herald, 'alertkeeper');
    const rules: { id: string }[] = [];
    for (let i = 0; i < 50; i++) rules.push(await keeper.ok('userAlert.save', { event: 'RUN_FAILURE_RATE', threshold: i + 1, portal: true }));
    const refused = (await keeper.call('userAlert.save', { event: 'RUN_FAILURE_RATE', threshold: 60 }, { 'x-lang': 'ja' })).body;
    expect(refused).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining(ADMIN_TEXTS.alertsTooMany.ja) });
    expect(await keeper.ok('userAlert.getAll')).toHaveLength(50);
    // changing a kept rule adds none
    expect(await keeper.ok('userAlert.save', { ...rules[0], threshold: 99 })).toMatchObject({ id: rules[0]!.id, threshold: 99 });
    // another member's rules are counted apart
    const own = await admin.ok('userAlert.save', { event: 'RUN_FAILURE_RATE', threshold: 42, portal: true, enabled: false });
    await admin.ok('userAlert.delete', { id: own.id });
    await keeper.ok('userAlert.delete', { id: rules[1]!.id });
    await keeper.ok('userAlert.save', { event: 'CLOUD_SOURCE_FAILED', portal: true });
    expect(await keeper.ok('userAlert.getAll')).toHaveLength(50);
    expect((await keeper.call('userAlert.save', { event: 'CLOUD_SOURCE_FAILED', portal: true })).body.errorCode).toBe('400016');
  });

  it('answer bad input with 400016 naming the field, in the caller’s language', async () => {
    const bad = async (payload: unknown, lang = 'en') => (await admin.call('userAlert.save', payload, { 'x-lang': lang })).body;
    expect(await bad({ event: 'SOMETHING' })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('event') });
    expect(await bad({ event: 'RUN_FAILURE_RATE', threshold: 0 })).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('threshold') });
    expect(await bad({ event: 'RUN_FAILURE_RATE', threshold: 101 })).toMatchObject({ errorCode: '400016' });
    expect(await bad({ event: 'CLOUD_SOURCE_FAILED', portal: false, email: false }, 'ja')).toMatchObject({
      errorCode: '400016',
      errorMessage: expect.stringContaining('通知方法を1つ以上選択してください。'),
    });
    expect((await admin.call('userAlert.delete', {})).body.errorCode).toBe('400016');
  });
});

describe('their effect', () => {
  it('a run of my message past my failure rate: one notification and one mail to my own address, however often the job runs', async () => {
    const tag = `ua${randomUUID().slice(0, 6)}`;
    const name = `Failing ${tag}`;
    // 50 % asks for it (portal and mail); 75 % would not (the run fails 2 of 4); a disabled rule says nothing
    const half = await admin.ok('userAlert.save', { event: 'RUN_FAILURE_RATE', threshold: 50, portal: true, email: true });
    const most = await admin.ok('userAlert.save', { event: 'RUN_FAILURE_RATE', threshold: 75, portal: true, email: false });
    await admin.ok('userAlert.save', { event: 'RUN_FAILURE_RATE', threshold: 1, portal: true, email: true, enabled: false });

    const store = new Store(herald.rt);
    const now = herald.rt.clock.now();
    const numbers = Array.from({ length: 4 }, (_, i) => `+1555${prefix}${String(i).padStart(4, '0')}`);
    for (const [i, phone] of numbers.entries()) {
      await store.put('account', testAccount(1, `${tag}-${i}`, now, { phones: [phone], smsConsent: true, attributes: { campaign: tag } }));
    }
    // the provider refuses two of the four numbers
    for (const phone of numbers.slice(0, 2)) {
      await fetch(`${herald.standIns.endpoints.sms}/_standin/answers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: phone, answer: 'failed' }),
      });
    }
    const segmentId = await testSegment(store, 1, tag, campaignRule(tag), now);
    const template = { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hi from Herald.' } } };
    const plan = await admin.ok('plan.saveSingle', { name, title: name, channel: 'SMS', content: { kind: 'SMS', template }, segmentId });
    const approver = await approverOf(admin, herald, `alertapprover`);
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [approver.id], deadline: now + DAY });
    await approver.client.ok('planAction.pass', { id: plan.id });

    const mine = await until(
      'the alert',
      async () => {
        await herald.delivery.idle();
        await herald.jobs.idle();
        return (await alerts(admin)).filter((n) => n.subjectId === plan.id);
      },
      (l) => l.length > 0,
    );
    expect(mine).toEqual([expect.objectContaining({ kind: 'ALERT_FAILURE_RATE', subject: 'PLAN', name, sent: 2, failed: 2, by: 'system', read: false })]);
    const mails = await until(
      'the alert mail',
      () => mailsAbout(adminEmail, name),
      (m) => m.some((x) => x.subject.startsWith('Herald alert')),
    );
    expect(mails.filter((m) => m.subject.startsWith('Herald alert'))).toHaveLength(1);

    // the job that told it runs again (a redelivered queue message): nothing more
    const runs = await store.forOrg(1).keyed('planRun').list(plan.id);
    expect(runs).toHaveLength(1);
    for (const run of runs) await herald.rt.jobs.post({ kind: 'runFinished', orgId: 1, planId: plan.id, runId: run.runId });
    await herald.jobs.idle();
    expect((await alerts(admin)).filter((n) => n.subjectId === plan.id)).toHaveLength(1);
    expect((await mailsAbout(adminEmail, name)).filter((m) => m.subject.startsWith('Herald alert'))).toHaveLength(1);
    // the approver has no such rule and it is not their message
    expect((await alerts(approver.client)).filter((n) => n.subjectId === plan.id)).toEqual([]);
    for (const rule of [half, most]) await admin.ok('userAlert.delete', { id: rule.id });
  }, 60_000);

  it('a failed delivery of my cloud source: one notification, and no mail when the rule asks for none', async () => {
    const rule = await admin.ok('userAlert.save', { event: 'CLOUD_SOURCE_FAILED', portal: true, email: false });
    const title = `Drop ${randomUUID().slice(0, 6)}`;
    const source = await admin.ok('cloudSource.save', {
      title,
      sourceType: 'UPLOAD',
      fileName: 'members*.csv',
      fileColumns: [{ columnId: 'mail', checkTitle: true, fieldType: 'email' }],
      uniqueIdField: 'mail',
      loopType: 'ONCE',
      status: 'INACTIVE',
      alertTypes: ['FAILURE'],
      emailReceivers: [],
    } as unknown as CloudSourceSavePayload);
    // a file whose name the source does not take fails its delivery
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: source.id, fileName: 'wrong.csv' }, 'mail\r\na@example.com\r\n');
    await admin.ok('cloudSource.runNow', { id: source.id });
    await drained();
    const told = (await alerts(admin)).filter((n) => n.subjectId === source.id);
    expect(told).toEqual([expect.objectContaining({ kind: 'ALERT_SOURCE_FAILED', subject: 'CLOUD_SOURCE', name: title, reason: expect.stringContaining('wrong.csv') })]);
    expect(await mailsAbout(adminEmail, title)).toEqual([]);
    // once the rule is gone, the next failure says nothing
    await admin.ok('userAlert.delete', { id: rule.id });
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: source.id, fileName: 'wrong-again.csv' }, 'mail\r\nb@example.com\r\n');
    await admin.ok('cloudSource.runNow', { id: source.id });
    await drained();
    expect((await alerts(admin)).filter((n) => n.subjectId === source.id)).toHaveLength(1);
  }, 60_000);
});
