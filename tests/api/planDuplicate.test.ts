/**
 * "Duplicate message" (plan.duplicateSingle): a message in any state becomes a new draft with its content,
 * segment and channel, named " (copy)", without approval, with a fresh version, and no schedule already due;
 * another organization's id answers as a missing one and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { type ApiClient, manualClock, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

const DAY = 24 * 3600_000;
const rule = { op: 'AND', conditions: [{ field: 'country', operator: 'equals', value: 'JP' }] };
const content = {
  kind: 'EMAIL',
  template: {
    defaultLanguage: 'ja',
    contents: {
      ja: { subject: '春のセール', blocks: [{ type: 'heading', text: 'こんにちは' }] },
      en: { subject: 'Spring sale', blocks: [{ type: 'heading', text: 'Hello' }] },
    },
  },
};

describe('duplicating a message', () => {
  const clock = manualClock(Date.UTC(2026, 10, 22, 0, 0, 0));
  let herald: LocalHerald;
  let admin: ApiClient;
  let other: ApiClient;
  let nobody: ApiClient;
  let segmentId: string;

  beforeAll(async () => {
    herald = await startHerald({ clock });
    ({ admin, other, nobody } = await twoOrganizations(herald, 'dup'));
    admin.autoRefresh = true;
    segmentId = (await admin.ok('segment.save', { name: 'Japan', rule })).id;
  });
  afterAll(() => herald?.stop());

  const draft = (name: string, trigger: unknown = { kind: 'IMMEDIATELY' }) =>
    admin.ok('plan.saveSingle', { name, title: `${name} title`, intro: 'Spring', channel: 'EMAIL', content, segmentId, trigger });

  it('a message waiting for approval becomes a fresh draft with the same content, segment, channel and schedule', async () => {
    const trigger = { kind: 'SCHEDULE', at: '2026-12-01T09:00', timeZone: 'Asia/Tokyo' };
    const source = await draft('Spring sale', trigger);
    const edited = await admin.ok('plan.saveSingle', { ...source, id: source.id, version: source.version, intro: 'Spring again' });
    const approverRole = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id;
    const approver = await admin.ok('user.save', { username: 'dup-approver', email: 'dup-approver@example.com', roleId: approverRole, password: 'Approve@1234' });
    const pending = await admin.ok('planAction.sendToReview', { id: source.id, participants: [approver.id], deadline: clock.now() + DAY });
    expect(pending).toMatchObject({ status: 'PENDING_APPROVAL', version: edited.version + 1 });

    const copy = await admin.ok('plan.duplicateSingle', { id: source.id });
    expect(copy).toMatchObject({
      name: 'Spring sale (copy)',
      title: 'Spring sale title',
      intro: 'Spring again',
      channel: 'EMAIL',
      content,
      segmentId,
      trigger,
      status: 'DRAFT',
      version: 1,
      actions: expect.arrayContaining(['saveDraft', 'sendToReview']),
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.approval).toBeUndefined();
    expect(copy.rejection).toBeUndefined();
    expect(await admin.ok('plan.detail', { id: copy.id })).toEqual(copy);
    // the original waits for its approver as before
    expect(await admin.ok('plan.detail', { id: source.id })).toMatchObject({ status: 'PENDING_APPROVAL', version: pending.version, name: 'Spring sale' });
    const drafts = await admin.ok('plan.getCateByPage', { page: 0, size: 50, filter: 'DRAFT' });
    expect(drafts.list.map((p: { name: string }) => p.name)).toContain('Spring sale (copy)');
  });

  it('a schedule already due is not copied; a long name keeps its " (copy)"', async () => {
    const soon = { kind: 'SCHEDULE', at: '2026-11-22T09:30', timeZone: 'Asia/Tokyo' };
    const source = await draft('x'.repeat(100), soon);
    clock.advance(DAY);
    await admin.login(...admin.credentials!);
    const copy = await admin.ok('plan.duplicateSingle', { id: source.id });
    expect(copy.trigger).toEqual({ kind: 'IMMEDIATELY' });
    expect(copy.name).toHaveLength(100);
    expect(copy.name.endsWith(' (copy)')).toBe(true);
    // what is copied can go to review as it is
    expect(copy.actions).toContain('sendToReview');
  });

  it("another organization's id answers exactly as a missing one and copies nothing; a caller who may not create is refused", async () => {
    // the clock moved a day: sign in afresh
    for (const c of [admin, other, nobody]) await c.login(...c.credentials!);
    const source = await draft('Private');
    const before = (await admin.ok('plan.getCateByPage', { page: 0, size: 50 })).total;
    const foreign = await other.call('plan.duplicateSingle', { id: source.id });
    const missing = await other.call('plan.duplicateSingle', { id: 'no-such-message' });
    expect(foreign.body.errorCode).toBe('720003');
    expect({ status: foreign.status, code: foreign.body.errorCode, message: foreign.body.errorMessage }).toEqual({
      status: missing.status,
      code: missing.body.errorCode,
      message: missing.body.errorMessage,
    });
    expect((await other.ok('plan.getCateByPage', { page: 0, size: 50 })).total).toBe(0);
    expect((await nobody.call('plan.duplicateSingle', { id: source.id })).body.errorCode).toBe('730001');
    expect((await admin.ok('plan.getCateByPage', { page: 0, size: 50 })).total).toBe(before);
  });
});
