/**
 * Template approval (issue 41 item 2): with the system setting's template approval switch on, a template goes
 * through its own approval sheet (shared, waiting on each approver's /home list, passed or rejected with a reason)
 * before a campaign may use it; the library list and the picker say where each template stands; an unapproved
 * one is refused with the clear message; another organization's template ids answer as missing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, manualClock, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf, seedAudience } from '../support/plans';

const DAY = 24 * 3600_000;

describe('template approval', () => {
  const clock = manualClock(Date.UTC(2026, 10, 23, 0, 0, 0));
  let herald: LocalHerald;
  let admin: ApiClient;
  let callers: Callers;
  let tina: { id: string; client: ApiClient };
  let tom: { id: string; client: ApiClient };
  let segmentId: string;

  beforeAll(async () => {
    herald = await startHerald({ clock });
    admin = new ApiClient(herald);
    admin.autoRefresh = true;
    await admin.login();
    callers = await twoOrganizations(herald, 'tplok');
    tina = await approverOf(admin, herald, 'tina');
    tom = await approverOf(admin, herald, 'tom');
    ({ segmentId } = await seedAudience(herald, 1, `tplok${Date.now().toString(36)}`, 2));
    const setting = (await admin.ok('systemSetting.detail')).organization;
    await admin.ok('systemSetting.save', { ...setting, templateApprovalSheet: true });
  }, 60_000);
  afterAll(() => herald?.stop());

  const newTemplate = (name: string) => admin.ok('templateMessage.save', { name, template: { defaultLanguage: 'en', contents: { en: { subject: name } } } });
  const saveFromTemplate = (templateId: string, headers?: Record<string, string>) =>
    admin.call('plan.saveSingle', { name: 'From the library', title: 't', channel: 'EMAIL', content: { kind: 'TEMPLATE', templateId }, segmentId }, headers);
  const stateOf = async (id: string) => (await admin.ok('templateMessage.getAll', { pushWay: 'EMAIL' })).find((t) => t.id === id)?.approval;
  const waitingFor = async (who: { client: ApiClient }) => (await who.client.ok('approvalSheet.waiting', { subject: 'TEMPLATE' })).list.map((s) => s.subjectId);

  it('a template approved through its sheet is used by a campaign; until then the list, the picker and the save say it is not approved', async () => {
    const approved = await newTemplate(`Approved ${Date.now()}`);
    const other = await newTemplate(`Never shared ${Date.now()}`);
    expect(await stateOf(approved.id)).toBe('NONE');

    // before its sheet passes, a campaign using it is refused with the clear message, in the caller's language
    const early = await saveFromTemplate(approved.id);
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe('730013');
    expect(early.body.errorMessage).toContain('The template must be approved');
    expect(`${(await saveFromTemplate(other.id, { 'accept-language': 'ja' })).body.errorMessage}`).toContain('テンプレートが承認シートで承認されている必要があります');

    await admin.ok('approvalSheet.share', { subject: 'TEMPLATE', id: approved.id, participants: [tina.id, tom.id], deadline: clock.now() + DAY });
    expect(await stateOf(approved.id)).toBe('NEW');
    expect(await waitingFor(tina)).toEqual([approved.id]);
    expect(await waitingFor(tom)).toEqual([approved.id]);

    await tina.client.ok('approvalSheet.pass', { subject: 'TEMPLATE', id: approved.id });
    // tina has answered: it no longer waits for her, still for tom, and one pass is not an approval
    expect(await waitingFor(tina)).toEqual([]);
    expect(await waitingFor(tom)).toEqual([approved.id]);
    expect(await stateOf(approved.id)).toBe('PROCESS');
    expect((await saveFromTemplate(approved.id)).body.errorCode).toBe('730013');

    expect((await tom.client.ok('approvalSheet.pass', { subject: 'TEMPLATE', id: approved.id })).status).toBe('PASS');
    expect(await waitingFor(tom)).toEqual([]);
    expect(await stateOf(approved.id)).toBe('PASS');
    const page = await admin.ok('templateMessage.getListByPage', { name: approved.name });
    expect(page.list.map((t) => t.approval)).toEqual(['PASS']);

    const used = await saveFromTemplate(approved.id);
    expect(used.body.state).toBe('S');
    expect((await admin.ok('plan.detail', { id: (used.body.payload as { id: string }).id })).content).toMatchObject({ kind: 'EMAIL' });
    // the one never shared is still refused
    expect((await saveFromTemplate(other.id)).body.errorCode).toBe('730013');

    // an edit since the approval needs a new one
    await admin.ok('templateMessage.save', { ...(await admin.ok('templateMessage.detail', { id: approved.id })), name: `${approved.name} v2` });
    expect(await stateOf(approved.id)).toBe('OUTDATED');
    expect((await saveFromTemplate(approved.id)).body.errorCode).toBe('730013');
  });

  it('a rejection needs a reason, ends the review and is kept in the history', async () => {
    const template = await newTemplate(`Rejected ${Date.now()}`);
    await admin.ok('approvalSheet.share', { subject: 'TEMPLATE', id: template.id, participants: [tina.id], deadline: clock.now() + DAY });
    const blank = await tina.client.call('approvalSheet.reject', { subject: 'TEMPLATE', id: template.id, reason: '  ' });
    expect(blank.body.errorCode).toBe('400016');
    expect(blank.body.errorMessage).toContain('Please write the reason!');
    expect((await tina.client.ok('approvalSheet.reject', { subject: 'TEMPLATE', id: template.id, reason: 'Wrong logo' })).status).toBe('REJECT');
    expect(await stateOf(template.id)).toBe('REJECT');
    expect(await waitingFor(tina)).not.toContain(template.id);
    const history = await admin.ok('approvalSheet.history', { subject: 'TEMPLATE', id: template.id });
    expect(history.list[0]).toMatchObject({ event: 'REJECTED', by: tina.id, reason: 'Wrong logo' });
    expect((await saveFromTemplate(template.id)).body.errorCode).toBe('730013');
    // a new revision opens the review again
    await admin.ok('approvalSheet.share', { subject: 'TEMPLATE', id: template.id, participants: [tina.id], deadline: clock.now() + DAY });
    expect(await stateOf(template.id)).toBe('NEW');
    expect(await waitingFor(tina)).toContain(template.id);
  });

  it("another organization's template ids answer as missing, and its approvers wait for none of ours", async () => {
    const template = await newTemplate(`Ours ${Date.now()}`);
    await admin.ok('approvalSheet.share', { subject: 'TEMPLATE', id: template.id, participants: [tom.id], deadline: clock.now() + DAY });
    const other = callers.other;
    await other.login(...(other.credentials ?? ['other-tplok', 'Other@123']));
    for (const [service, payload] of [
      ['approvalSheet.detail', { subject: 'TEMPLATE', id: template.id }],
      ['approvalSheet.history', { subject: 'TEMPLATE', id: template.id }],
      ['approvalSheet.share', { subject: 'TEMPLATE', id: template.id, participants: [tom.id], deadline: clock.now() + DAY }],
      ['approvalSheet.pass', { subject: 'TEMPLATE', id: template.id }],
      ['approvalSheet.reject', { subject: 'TEMPLATE', id: template.id, reason: 'Not mine' }],
    ] as const) {
      expect((await other.call(service, payload)).body.errorCode, service).toBe('720003');
    }
    expect((await other.ok('approvalSheet.waiting', { subject: 'TEMPLATE' })).list).toEqual([]);
    expect(await waitingFor(tom)).toContain(template.id);
  });

  it('bad input gets catalogue errors, never a 500', async () => {
    const cases: [string, unknown, string][] = [
      ['approvalSheet.waiting', { subject: 'PLAN' }, '400016'],
      ['approvalSheet.waiting', { subject: 'TEMPLATE', size: 100_000 }, '400016'],
      ['approvalSheet.waiting', { subject: 'TEMPLATE', page: -1 }, '400016'],
      ['approvalSheet.share', { subject: 'TEMPLATE', id: 'no-such-template', participants: [tina.id], deadline: clock.now() + DAY }, '720003'],
      ['approvalSheet.pass', { subject: 'TEMPLATE', id: 'no-such-template' }, '720003'],
    ];
    for (const [service, payload, code] of cases) {
      const r = await admin.call(service, payload);
      expect(r.status, `${service} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(r.body.errorCode, `${service} ${JSON.stringify(payload)}`).toBe(code);
    }
  });
});
