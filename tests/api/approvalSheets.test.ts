/**
 * Approval sheets in full (issue 23 item 3): every participant must approve, a new revision resets the sheet,
 * an expired sheet cannot be approved, confirming early is refused (730012, 730013), a template under the
 * template approval switch is used only once approved, the sheet's history, another organization's ids answer
 * as missing and bad input gets catalogue errors.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, manualClock, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf, emailContent, seedAudience } from '../support/plans';

const DAY = 24 * 3600_000;

describe('approval sheets', () => {
  const clock = manualClock(Date.UTC(2026, 10, 22, 0, 0, 0));
  let herald: LocalHerald;
  let admin: ApiClient;
  let callers: Callers;
  let ann: { id: string; client: ApiClient };
  let ben: { id: string; client: ApiClient };
  let segmentId: string;

  beforeAll(async () => {
    herald = await startHerald({ clock, config: { sendRates: { EMAIL: 100_000, SMS: 1, PUSH_NATIVE: 1, LINE: 1, DIRECT_MAIL: 1 } } });
    admin = new ApiClient(herald);
    admin.autoRefresh = true;
    await admin.login();
    callers = await twoOrganizations(herald, 'sheet');
    ann = await approverOf(admin, herald, 'ann');
    ben = await approverOf(admin, herald, 'ben');
    ({ segmentId } = await seedAudience(herald, 1, `sheet${Date.now().toString(36)}`, 3));
  }, 60_000);
  afterAll(() => herald?.stop());
  // the clock moves by hours: sign in afresh for each test
  beforeEach(async () => {
    await admin.login();
    await ann.client.login(...ann.client.credentials!);
    await ben.client.login(...ben.client.credentials!);
  });

  const draft = (name: string, content: unknown = emailContent(name)) => admin.ok('plan.saveSingle', { name, title: name, channel: 'EMAIL', content, segmentId });
  const toReview = async (name: string, deadline = clock.now() + DAY) => {
    const plan = await draft(name);
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [ann.id, ben.id], deadline });
    return plan.id as string;
  };
  const sheetOf = async (id: string) => (await admin.ok('approvalSheet.detail', { subject: 'PLAN', id })).sheet!;
  const statuses = async (id: string) => Object.fromEntries((await sheetOf(id)).participants.map((p) => [p.userId, p.status]));

  it('needs both approvers: after one pass the message waits, confirming answers 730013, the second pass sends it', async () => {
    const id = await toReview('Both must approve');
    expect(await statuses(id)).toEqual({ [ann.id]: 'NEW', [ben.id]: 'NEW' });
    expect(await admin.ok('approvalSheet.canConfirm', { subject: 'PLAN', id })).toEqual({ canConfirm: false, code: '730013' });

    const afterAnn = await ann.client.ok('planAction.pass', { id });
    expect(afterAnn.status).toBe('PENDING_APPROVAL');
    expect(await statuses(id)).toEqual({ [ann.id]: 'PASS', [ben.id]: 'NEW' });
    expect((await sheetOf(id)).status).toBe('PROCESS');
    // a confirm before everyone passed is refused, and nothing changes
    expect((await admin.call('planAction.active', { id })).body.errorCode).toBe('730013');
    expect((await admin.ok('plan.detail', { id })).status).toBe('PENDING_APPROVAL');

    const afterBen = await ben.client.ok('planAction.pass', { id });
    expect(['ACTIVE', 'IN_PROGRESS', 'DEPLOYED']).toContain(afterBen.status);
    const sheet = await sheetOf(id);
    expect(sheet).toMatchObject({ status: 'PASS', revision: 1 });
    expect(sheet.participants.map((p) => p.date)).toEqual([clock.now(), clock.now()]);

    const history = await admin.ok('approvalSheet.history', { subject: 'PLAN', id });
    expect(history.list.map((e) => [e.event, e.by, e.revision])).toEqual([
      ['PASSED', ben.id, 1],
      ['PASSED', ann.id, 1],
      ['SHARED', expect.any(String), 1],
    ]);
    expect(history.list[0]!.byName).toBe('ben');
  });

  it('a new revision resets every pass; reminders reach those who have not answered', async () => {
    const id = await toReview('Revised');
    await ann.client.ok('planAction.pass', { id });
    const plan = await admin.ok('plan.detail', { id });
    const revised = await admin.ok('approvalSheet.share', { subject: 'PLAN', id, participants: [ann.id, ben.id], deadline: clock.now() + 2 * DAY, version: plan.version });
    expect(revised).toMatchObject({ revision: 2, status: 'NEW' });
    expect(revised.participants.map((p) => p.status)).toEqual(['NEW', 'NEW']);
    expect((await admin.ok('plan.detail', { id })).approval).toMatchObject({ revision: 2, passedBy: [] });

    // ben's pass alone no longer completes it: ann's earlier pass was for revision 1
    expect((await ben.client.ok('planAction.pass', { id })).status).toBe('PENDING_APPROVAL');
    const reminded = await admin.ok('approvalSheet.resend', { subject: 'PLAN', id, userId: ann.id });
    expect(reminded.participants.find((p) => p.userId === ann.id)!.status).toBe('PROCESS');
    // ben has answered: a reminder to him is refused; the reminder to all reaches ann only
    expect((await admin.call('approvalSheet.resend', { subject: 'PLAN', id, userId: ben.id })).body.errorCode).toBe('720009');
    await admin.ok('approvalSheet.resendAll', { subject: 'PLAN', id });
    const events = (await admin.ok('approvalSheet.history', { subject: 'PLAN', id })).list.map((e) => [e.event, e.to ?? null]);
    expect(events.slice(0, 4)).toEqual([
      ['RESENT', ann.id],
      ['RESENT', ann.id],
      ['PASSED', null],
      ['REVISION', null],
    ]);
    expect(['ACTIVE', 'IN_PROGRESS', 'DEPLOYED']).toContain((await ann.client.ok('planAction.pass', { id })).status);
    // a sheet no longer under review takes no reminders and no new revision
    expect((await admin.call('approvalSheet.resendAll', { subject: 'PLAN', id })).body.errorCode).toBe('720009');
    expect((await admin.call('approvalSheet.share', { subject: 'PLAN', id, participants: [ann.id], deadline: clock.now() + DAY })).body.errorCode).toBe('720009');
  });

  it('an expired sheet cannot be approved (730003)', async () => {
    const id = await toReview('Expires', clock.now() + 3600_000);
    clock.advance(3600_000 + 1);
    await ann.client.login(...ann.client.credentials!);
    await admin.login();
    expect(await admin.ok('approvalSheet.canConfirm', { subject: 'PLAN', id })).toEqual({ canConfirm: false, code: '730003' });
    expect((await admin.ok('approvalSheet.detail', { subject: 'PLAN', id })).sheet!.expired).toBe(true);
    expect((await ann.client.call('planAction.pass', { id })).body.errorCode).toBe('730003');
    expect((await admin.call('approvalSheet.resendAll', { subject: 'PLAN', id })).body.errorCode).toBe('720009');
  });

  it("with the single-message approval sheet switched off, one participant's pass approves the message", async () => {
    const setting = (await admin.ok('systemSetting.detail')).organization;
    await admin.ok('systemSetting.save', { ...setting, singleMessageApprovalSheet: false });
    try {
      const id = await toReview('One pass is enough');
      expect(['ACTIVE', 'IN_PROGRESS', 'DEPLOYED']).toContain((await ann.client.ok('planAction.pass', { id })).status);
      const sheet = await sheetOf(id);
      expect(sheet.status).toBe('PASS');
      expect(Object.fromEntries(sheet.participants.map((p) => [p.userId, p.status]))).toEqual({ [ann.id]: 'PASS', [ben.id]: 'NEW' });
    } finally {
      await admin.ok('systemSetting.save', { ...(await admin.ok('systemSetting.detail')).organization, singleMessageApprovalSheet: true });
    }
  });

  it('a direct confirm of a draft is refused with 730012', async () => {
    const plan = await draft('Straight to send');
    expect((await admin.call('planAction.active', { id: plan.id })).body.errorCode).toBe('730012');
    expect(await admin.ok('approvalSheet.canConfirm', { subject: 'PLAN', id: plan.id })).toEqual({ canConfirm: false, code: '730012' });
    expect((await admin.ok('approvalSheet.detail', { subject: 'PLAN', id: plan.id })).sheet).toBeUndefined();
    expect((await admin.ok('plan.detail', { id: plan.id })).status).toBe('DRAFT');
  });

  it('with the template switch on, a template is used only once its own sheet approved it as it is now', async () => {
    const setting = (await admin.ok('systemSetting.detail')).organization;
    await admin.ok('systemSetting.save', { ...setting, templateApprovalSheet: true, approvalSheetTips: 'Ask legal for prices.' });
    try {
      const template = await admin.ok('templateMessage.save', { name: `Approved mail ${Date.now()}`, template: { defaultLanguage: 'en', contents: { en: { subject: 'Hello' } } } });
      const saveFromTemplate = () =>
        admin.call('plan.saveSingle', { name: 'From template', title: 't', channel: 'EMAIL', content: { kind: 'TEMPLATE', templateId: template.id }, segmentId });
      const refused = await saveFromTemplate();
      expect(refused.body.errorCode).toBe('730013');
      expect(refused.body.errorMessage).toContain('The template must be approved');
      const inJapanese = await admin.call(
        'plan.saveSingle',
        { name: 'x', title: 't', channel: 'EMAIL', content: { kind: 'TEMPLATE', templateId: template.id } },
        { 'accept-language': 'ja' },
      );
      expect(`${inJapanese.body.errorMessage}`).toContain('テンプレートが承認シートで承認されている必要があります');

      const detail = await admin.ok('approvalSheet.detail', { subject: 'TEMPLATE', id: template.id });
      expect(detail).toMatchObject({ tips: 'Ask legal for prices.', templateApprovalSheet: true, canConfirm: false });
      await admin.ok('approvalSheet.share', { subject: 'TEMPLATE', id: template.id, participants: [ann.id, ben.id], deadline: clock.now() + DAY });
      await ann.client.ok('approvalSheet.pass', { subject: 'TEMPLATE', id: template.id });
      expect((await saveFromTemplate()).body.errorCode).toBe('730013');
      expect((await ben.client.ok('approvalSheet.pass', { subject: 'TEMPLATE', id: template.id })).status).toBe('PASS');
      expect((await saveFromTemplate()).body.state).toBe('S');

      // an edit of the template needs a new approval
      await admin.ok('templateMessage.save', { ...(await admin.ok('templateMessage.detail', { id: template.id })), name: `${template.name} v2` });
      expect((await saveFromTemplate()).body.errorCode).toBe('730013');
      // a rejection needs a reason and ends the review
      await admin.ok('approvalSheet.share', { subject: 'TEMPLATE', id: template.id, participants: [ann.id], deadline: clock.now() + DAY });
      expect((await ann.client.call('approvalSheet.reject', { subject: 'TEMPLATE', id: template.id, reason: ' ' })).body.errorCode).toBe('400016');
      expect((await ann.client.ok('approvalSheet.reject', { subject: 'TEMPLATE', id: template.id, reason: 'Wrong logo' })).status).toBe('REJECT');
      expect((await ann.client.call('approvalSheet.pass', { subject: 'TEMPLATE', id: template.id })).body.errorCode).toBe('720007');
      expect((await saveFromTemplate()).body.errorCode).toBe('730013');
    } finally {
      await admin.ok('systemSetting.save', { ...(await admin.ok('systemSetting.detail')).organization, templateApprovalSheet: false });
    }
  });

  it('another organization sees none of it: its ids answer as missing, and nothing changes', async () => {
    const id = await toReview('Not theirs');
    const other = callers.other;
    await other.login(...(other.credentials ?? ['other-sheet', 'Other@123']));
    for (const [service, payload] of [
      ['approvalSheet.detail', { subject: 'PLAN', id }],
      ['approvalSheet.history', { subject: 'PLAN', id }],
      ['approvalSheet.canConfirm', { subject: 'PLAN', id }],
      ['approvalSheet.resendAll', { subject: 'PLAN', id }],
      ['approvalSheet.resend', { subject: 'PLAN', id, userId: ann.id }],
      ['approvalSheet.share', { subject: 'PLAN', id, participants: [ann.id], deadline: clock.now() + DAY }],
    ] as const) {
      expect((await other.call(service, payload)).body.errorCode, service).toBe('720003');
    }
    expect(await sheetOf(id)).toMatchObject({ revision: 1 });
    expect((await sheetOf(id)).participants.map((p) => p.status)).toEqual(['NEW', 'NEW']);
    // a member without permissions is refused by the catalogue's permission
    await callers.nobody.login('nobody-sheet', 'Nobody@123');
    expect((await callers.nobody.call('approvalSheet.resendAll', { subject: 'PLAN', id })).body.errorCode).toBe('730001');
  });

  it('bad input gets catalogue errors', async () => {
    const id = await toReview('Bad input');
    const cases: [string, unknown, string][] = [
      ['approvalSheet.detail', { subject: 'SEGMENT', id }, '400016'],
      ['approvalSheet.detail', { subject: 'PLAN' }, '400016'],
      ['approvalSheet.share', { subject: 'PLAN', id, participants: [], deadline: clock.now() + DAY }, '400016'],
      ['approvalSheet.share', { subject: 'PLAN', id, participants: [ann.id, ann.id], deadline: clock.now() + DAY }, '400016'],
      ['approvalSheet.share', { subject: 'PLAN', id, participants: [ann.id], deadline: clock.now() - 1 }, '400016'],
      ['approvalSheet.share', { subject: 'PLAN', id, participants: ['no-such-user'], deadline: clock.now() + DAY }, '720003'],
      ['approvalSheet.share', { subject: 'PLAN', id, participants: [ann.id], deadline: clock.now() + DAY, version: 1 }, '720007'],
      ['approvalSheet.resend', { subject: 'PLAN', id, userId: 'no-such-user' }, '720003'],
      ['approvalSheet.pass', { subject: 'PLAN', id }, '400016'],
      ['approvalSheet.pass', { subject: 'TEMPLATE', id: 'no-such-template' }, '720003'],
      ['approvalSheet.history', { subject: 'PLAN', id, size: 100_000 }, '400016'],
    ];
    for (const [service, payload, code] of cases) {
      const r = await admin.call(service, payload);
      expect(r.status, `${service} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(r.body.errorCode, `${service} ${JSON.stringify(payload)}`).toBe(code);
    }
    const twice = await admin.call('approvalSheet.share', { subject: 'PLAN', id, participants: [ann.id, ann.id], deadline: clock.now() + DAY });
    expect(twice.body.errorMessage).toContain('A participant is listed twice.');
    // the author cannot be a participant of their own message's sheet
    const me = (await admin.ok('user.profile')).id;
    expect((await admin.call('approvalSheet.share', { subject: 'PLAN', id, participants: [me], deadline: clock.now() + DAY })).body.errorCode).toBe('400016');
    expect(await sheetOf(id)).toMatchObject({ revision: 1 });
  });
});
