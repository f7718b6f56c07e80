/**
 * The message console (issue 20 item 11) over real sends: an email and an SMS message go through review,
 * approval, the pipeline and the SES and SMS stand-ins; the console lists their runs with counts read from the
 * counters, pages each run's sends by cursor with provider ids and reasons, finds an address typed as a person
 * knows it (another case, a national phone number) and none of another organization's sends, exports a run as
 * CSV, and lists cloud-source deliveries across sources. Other organizations' ids answer as missing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { accountKey } from '../../shared/entities';
import { ApiClient, startHerald, uploadThroughLink } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { until } from '../support/until';

const DAY = 24 * 3600_000;
const SMS_CONFIG = { originationIdentity: '+12065550100', configurationSet: 'herald-sms-events', maxPrice: '0.50', ttlSeconds: 3600 };

let herald: LocalHerald;
let store: Store;
let callers: Callers;
const tag = `mc${Date.now().toString(36)}`;
/** a JP mobile number no other file uses, and the way a person in Japan writes it */
const digits = String(Math.floor(Math.random() * 9e7) + 1e7);
const phone = `+8190${digits}`;
const nationalPhone = `090-${digits.slice(0, 4)}-${digits.slice(4)}`;
const mixedCase = `Ann.${tag}@Example.com`;

async function approverOf(admin: ApiClient, name: string) {
  const role = await admin.ok('userRole.save', {
    name: `Approver ${name}`,
    code: `APPROVER_${name.toUpperCase()}`,
    permissions: ['NAV_HOME', 'NAV_CREATE_NOTIFICATION', 'PLAN_PASS', 'PLAN_REJECT', 'MESSAGE_TYPE_AD_HOC'],
  });
  const user = await admin.ok('user.save', { username: name, email: `${name}@example.com`, roleId: role.id, password: 'Approve@123' });
  const client = new ApiClient(herald);
  await client.login(name, 'Approve@123');
  return { id: user.id as string, client };
}

/** Accounts and their segment written to the store: this file tests the console, not the import. */
async function audience(orgId: number, group: string, people: Record<string, unknown>[]) {
  const now = herald.rt.clock.now();
  for (const [i, p] of people.entries()) {
    await store.put('account', {
      ...accountKey(orgId, `${group}-${i}`),
      orgId,
      emails: [],
      phones: [],
      emailConsent: false,
      smsConsent: false,
      pushConsent: false,
      lineConsent: false,
      tags: [],
      attributes: { group },
      firstName: `Reader${i}`,
      ...p,
      version: 1,
      dateCreated: now,
      dateUpdated: now,
      createdBy: 'test',
      updatedBy: 'test',
    });
  }
  const segmentId = randomUUID();
  await store.put('segment', {
    orgId,
    id: segmentId,
    name: `Console ${group}`,
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'attributes.group', operator: 'equals', value: group }] },
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
  });
  return segmentId;
}

const emailContent = (subject: string) => ({
  kind: 'EMAIL',
  template: { defaultLanguage: 'en', contents: { en: { subject, preheader: 'Hi', blocks: [{ type: 'heading', text: 'Hello {{firstName|there}}' }] } } },
});
const smsContent = { kind: 'SMS', template: { channel: 'SMS', defaultLanguage: 'en', contents: { en: { text: 'Hi {{firstName|there}}, 20% off today.' } } } };

async function send(author: ApiClient, approver: { id: string; client: ApiClient }, name: string, channel: string, content: unknown, segmentId: string): Promise<string> {
  const draft = await author.ok('plan.saveSingle', { name, title: name, channel, content, segmentId });
  await author.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
  await approver.client.ok('planAction.pass', { id: draft.id });
  await until(
    `${name} to be sent`,
    () => author.ok('plan.detail', { id: draft.id }),
    (p) => p.status === 'DEPLOYED',
  );
  return draft.id as string;
}

type Run = { planId: string; runId: string; planName: string; channel: string; startedAt: number; sent: number; failed: number; skipped: number; uncertain: number };
type Send = { planId: string; runId: string; planName?: string; address: string; status: string; reason?: string; reasonText?: string; providerId?: string; channel: string };

let emailPlan: string;
let smsPlan: string;
let otherPlan: string;
let emailRun: Run;

beforeAll(async () => {
  herald = await startHerald({ config: { sms: SMS_CONFIG, sendRates: { EMAIL: 1000, SMS: 1000, PUSH_NATIVE: 1000, LINE: 1000, DIRECT_MAIL: 1000 } } });
  store = new Store(herald.rt);
  callers = await twoOrganizations(herald, 'console');
  const { admin, other } = callers;
  // the organization's numbers are Japanese: a number typed without +81 is read as one
  const setting = await admin.ok('systemSetting.detail', {});
  await admin.ok('systemSetting.save', { ...setting.organization, defaultCountry: 'JP' });
  const approver = await approverOf(admin, `${tag}a`);
  const emailSegment = await audience(1, `${tag}-mail`, [
    { emails: [mixedCase], emailConsent: true },
    { emails: [`bo.${tag}@example.com`], emailConsent: true },
    // no consent: skipped, with its reason
    { emails: [`cy.${tag}@example.com`], emailConsent: false },
  ]);
  emailPlan = await send(admin, approver, `Console mail ${tag}`, 'EMAIL', emailContent(`Console mail ${tag}`), emailSegment);
  const smsSegment = await audience(1, `${tag}-sms`, [{ phones: [phone], smsConsent: true }]);
  smsPlan = await send(admin, approver, `Console sms ${tag}`, 'SMS', smsContent, smsSegment);
  // another organization mails the very same address
  const otherApprover = await approverOf(other, `${tag}b`);
  const otherSegment = await audience(await orgIdOf(other), `${tag}-other`, [{ emails: [mixedCase.toLowerCase()], emailConsent: true }]);
  otherPlan = await send(other, otherApprover, `Other mail ${tag}`, 'EMAIL', emailContent(`Other mail ${tag}`), otherSegment);
}, 180_000);
afterAll(() => herald?.stop());

async function orgIdOf(client: ApiClient): Promise<number> {
  return (await client.ok('auth.validToken', {})).orgId;
}

describe('the campaign console', () => {
  it('lists each run newest first with its counts from the counters, filtered by channel and plan name', async () => {
    const { admin } = callers;
    const all = await admin.ok('message.getListByPage', { planName: tag });
    const ours = all.list as Run[];
    expect(ours.map((r) => r.planId)).toEqual([smsPlan, emailPlan]);
    emailRun = ours[1]!;
    expect(emailRun).toMatchObject({ planName: `Console mail ${tag}`, channel: 'EMAIL', sent: 2, skipped: 1, failed: 0, uncertain: 0 });
    expect(ours[0]).toMatchObject({ channel: 'SMS', sent: 1 });
    const sms = await admin.ok('message.getListByPage', { channel: 'SMS', planName: tag });
    expect(sms.list.map((r: Run) => r.planId)).toEqual([smsPlan]);
    // a page of one, and the next by cursor
    const first = await admin.ok('message.getListByPage', { planName: tag, size: 1 });
    expect(first.list.map((r: Run) => r.planId)).toEqual([smsPlan]);
    const second = await admin.ok('message.getListByPage', { planName: tag, size: 1, cursor: first.cursor });
    expect(second.list.map((r: Run) => r.planId)).toEqual([emailPlan]);
    expect(second.cursor).toBeUndefined();
    // another organization's runs are not listed
    expect((await admin.ok('message.getListByPage', { size: 100 })).list.map((r: Run) => r.planId)).not.toContain(otherPlan);
  });

  it("pages the organization's runs without a filter through its own index, newest first, each once; a cursor naming another organization is refused", async () => {
    const { admin } = callers;
    const seen: Run[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 100; guard++) {
      const page = await admin.ok('message.getListByPage', { size: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...(page.list as Run[]));
      cursor = page.cursor;
      if (!cursor) break;
    }
    const ids = seen.map((r) => `${r.planId}/${r.runId}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(seen.map((r) => r.planId)).toEqual(expect.arrayContaining([smsPlan, emailPlan]));
    expect(seen.map((r) => r.planId)).not.toContain(otherPlan);
    expect(seen.map((r) => r.startedAt)).toEqual([...seen.map((r) => r.startedAt)].sort((a, b) => b - a));
    // one query of the index for the page, not one per plan (this organization has several)
    const runQueries: string[] = [];
    const table = new Store(herald.rt).table('planRun');
    herald.rt.aws.dynamo.middlewareStack.add(
      (next, context) => (args) => {
        const input = args.input as { TableName?: string; IndexName?: string };
        if (context.commandName === 'QueryCommand' && input.TableName === table) runQueries.push(input.IndexName ?? 'table');
        return next(args);
      },
      { step: 'initialize', name: 'consoleRunQueries' },
    );
    try {
      await admin.ok('message.getListByPage', { size: 20 });
    } finally {
      herald.rt.aws.dynamo.middlewareStack.remove('consoleRunQueries');
    }
    expect(runQueries).toEqual(['orgRuns']);
    const ownOrg = await orgIdOf(admin);
    const forged = (after: object) => Buffer.from(JSON.stringify({ after })).toString('base64url');
    for (const after of [
      { orgId: ownOrg + 1, planKey: `${ownOrg + 1}#${otherPlan}`, runId: 'r', startedAt: 1 },
      { orgId: ownOrg, planKey: `${ownOrg + 1}#${otherPlan}`, runId: 'r', startedAt: 1 },
      { orgId: ownOrg, planKey: `${ownOrg}#${smsPlan}`, runId: 'r', startedAt: 1, extra: 1 },
    ]) {
      expect((await admin.call('message.getListByPage', { cursor: forged(after) })).body.errorCode).toBe('400016');
    }
  });

  it("pages a run's sends by cursor with status, provider id and the failure reason in words", async () => {
    const { admin } = callers;
    const seen: Send[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 40; guard++) {
      const page = await admin.ok('message.detail', { planId: emailPlan, runId: emailRun.runId, size: 1, ...(cursor ? { cursor } : {}) });
      seen.push(...(page.list as Send[]));
      cursor = page.cursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(3);
    const sent = seen.filter((s) => s.status === 'SENT');
    expect(sent.map((s) => s.address.toLowerCase()).sort()).toEqual([mixedCase.toLowerCase(), `bo.${tag}@example.com`]);
    for (const s of sent) expect(s.providerId).toMatch(/\S/);
    const skipped = seen.find((s) => s.status === 'SKIPPED')!;
    expect(skipped).toMatchObject({ address: `cy.${tag}@example.com`, channel: 'EMAIL', reason: expect.any(String), reasonText: expect.stringMatching(/\S/) });
    expect(skipped.providerId).toBeUndefined();
    const onlySkipped = await admin.ok('message.detail', { planId: emailPlan, runId: emailRun.runId, status: 'SKIPPED' });
    expect(onlySkipped.list.map((s: Send) => s.address)).toEqual([`cy.${tag}@example.com`]);
  });

  it('finds the sends to an address typed in another case or as a national number, and none of another organization', async () => {
    const { admin, other } = callers;
    const mail = await admin.ok('message.detail', { address: ` ${mixedCase.toUpperCase()} ` });
    expect(mail.list.map((s: Send) => [s.planId, s.planName, s.status])).toEqual([[emailPlan, `Console mail ${tag}`, 'SENT']]);
    expect(mail.list[0].providerId).toMatch(/\S/);
    const theirs = await other.ok('message.detail', { address: mixedCase });
    expect(theirs.list.map((s: Send) => s.planId)).toEqual([otherPlan]);
    const sms = await admin.ok('message.detail', { address: nationalPhone });
    expect(sms.list.map((s: Send) => [s.planId, s.channel, s.address, s.status])).toEqual([[smsPlan, 'SMS', phone, 'SENT']]);
    expect((await admin.ok('message.detail', { address: phone })).list).toHaveLength(1);
    expect((await admin.ok('message.detail', { address: `nobody.${tag}@example.com` })).list).toEqual([]);
  });

  it('exports a run as CSV with every send', async () => {
    const { admin } = callers;
    const link = await admin.ok('message.export', { planId: emailPlan, runId: emailRun.runId });
    expect(link.rows).toBe(3);
    const file = await (await fetch(link.url)).text();
    const lines = file
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('Account,Channel,Address,Status,Reason,Reason text,Provider detail,Provider id,Claimed (UTC),Done (UTC)');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.includes(`cy.${tag}@example.com`) && l.includes('Skipped'))).toBe(true);
    const failedOnly = await admin.ok('message.export', { planId: emailPlan, runId: emailRun.runId, status: 'FAILED' });
    expect(failedOnly.rows).toBe(0);
    // an export of no message says so in the spec's words, in the reader's language
    const none = await admin.call('message.export', { planId: '', runId: emailRun.runId });
    expect(none.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('No Message ID were selected') });
    const ja = await admin.call('message.export', { runId: emailRun.runId }, { 'x-lang': 'ja' });
    expect(ja.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('メッセージ ID が選択されていません') });
    const zh = await admin.call('directMail.downloadPdf', { planId: '', file: 'MANIFEST' }, { 'x-lang': 'zh' });
    expect(zh.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('未选择任何消息 ID') });
  });

  it("answers another organization's plans and runs as missing, bad cursors with 400016, and refuses a role without the console", async () => {
    const { admin, other, nobody } = callers;
    for (const [service, payload] of [
      ['message.detail', { planId: emailPlan, runId: emailRun.runId }],
      ['message.export', { planId: emailPlan, runId: emailRun.runId }],
      ['message.detail', { planId: emailPlan, runId: 'no-such-run' }],
    ] as const) {
      const r = await (service === 'message.detail' && payload.runId === 'no-such-run' ? admin : other).call(service, payload);
      expect([service, r.body.errorCode]).toEqual([service, '720003']);
    }
    for (const [service, payload] of [
      ['message.getListByPage', { cursor: 'not-a-cursor' }],
      ['message.getListByPage', { cursor: Buffer.from(JSON.stringify({ offset: -3 })).toString('base64url') }],
      ['message.detail', { planId: emailPlan, runId: emailRun.runId, cursor: 'bad' }],
      ['message.detail', { planId: emailPlan, runId: emailRun.runId, cursor: Buffer.from(JSON.stringify({ run: emailRun.runId, shard: 99 })).toString('base64url') }],
      // a cursor that would open another organization's address partition
      [
        'message.detail',
        {
          address: mixedCase,
          cursor: Buffer.from(JSON.stringify({ form: 0, after: { addressKey: `2#${mixedCase.toLowerCase()}`, doneAt: 1, runShard: 'x', recipient: 'y' } })).toString('base64url'),
        },
      ],
      ['message.detail', { planId: emailPlan }],
      ['consoleCloud.getListByPage', { cursor: '%%' }],
    ] as const) {
      const r = await admin.call(service, payload);
      expect([service, r.body.errorCode]).toEqual([service, '400016']);
    }
    for (const service of ['message.getListByPage', 'message.detail', 'message.export', 'consoleCloud.getListByPage', 'consoleCloud.detail', 'consoleCloud.export']) {
      expect([service, (await nobody.call(service, { planId: emailPlan, runId: emailRun.runId, sourceId: 'x', id: 'y' })).body.errorCode]).toEqual([service, '730001']);
    }
  });
});

describe('the cloud source console', () => {
  it("lists every source's deliveries newest first with their counts, opens their refused rows and exports them", async () => {
    const { admin, other } = callers;
    const columns = {
      fileColumns: [{ columnId: 'id' }, { columnId: 'mail', fieldType: 'email' }],
      uniqueIdField: 'id',
      loopType: 'ONCE',
      status: 'INACTIVE',
      holdForConfirmation: true,
    };
    const first = await admin.ok('cloudSource.save', { title: `Drop A ${tag}`, sourceType: 'UPLOAD', fileName: '*.csv', ...columns });
    const second = await admin.ok('cloudSource.save', { title: `Drop B ${tag}`, sourceType: 'UPLOAD', fileName: '*.csv', ...columns });
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: first.id, fileName: 'a.csv' }, 'id,mail\r\nbad id!,x\r\nA1,a1@example.com\r\n');
    await admin.ok('cloudSource.runNow', { id: first.id });
    await herald.jobs.idle();
    await uploadThroughLink(admin, 'cloudSource.uploadUrl', { id: second.id, fileName: 'b.csv' }, 'id,mail\r\nB1,b1@example.com\r\n');
    await admin.ok('cloudSource.runNow', { id: second.id });
    await herald.jobs.idle();

    const list = (await admin.ok('consoleCloud.getListByPage', { size: 100 })).list.filter((d: { sourceTitle: string }) => d.sourceTitle.endsWith(tag));
    expect(list.map((d: { sourceTitle: string; fileName: string }) => [d.sourceTitle, d.fileName])).toEqual([
      [`Drop B ${tag}`, 'b.csv'],
      [`Drop A ${tag}`, 'a.csv'],
    ]);
    expect(list[1]).toMatchObject({ sourceId: first.id, rows: 2, valid: 1, invalid: 1 });
    const one = await admin.ok('consoleCloud.getListByPage', { sourceId: first.id });
    expect(one.list.map((d: { fileName: string }) => d.fileName)).toEqual(['a.csv']);

    const detail = await admin.ok('consoleCloud.detail', { sourceId: first.id, id: list[1].id });
    expect(detail.delivery).toMatchObject({ id: list[1].id, sourceTitle: `Drop A ${tag}` });
    expect(detail.list).toEqual([expect.objectContaining({ row: 2, stage: 'CHECK' })]);
    const link = await admin.ok('consoleCloud.export', { sourceId: first.id, id: list[1].id });
    expect(link.rows).toBe(1);
    expect(await (await fetch(link.url)).text()).toMatch(/\r\n2,CHECK,/);

    // another organization sees none of them, and their ids answer as missing
    expect(JSON.stringify((await other.ok('consoleCloud.getListByPage', { size: 100 })).list)).not.toContain(tag);
    for (const service of ['consoleCloud.detail', 'consoleCloud.export'] as const) {
      expect([service, (await other.call(service, { sourceId: first.id, id: list[1].id })).body.errorCode]).toEqual([service, '720003']);
    }
    expect((await other.call('consoleCloud.getListByPage', { sourceId: first.id })).body.errorCode).toBe('720003');
  });
});
