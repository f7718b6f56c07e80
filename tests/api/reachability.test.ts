/**
 * Issue 21 "nothing silent": a segment's count says, per channel, how many can receive and why the others cannot,
 * and a message whose segment has nobody reachable on its channel cannot go to review.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { Accounts } from '../../functions/domain/accounts';
import { unsubscriptionId } from '../../shared/entities';
import { ApiClient, startHerald } from '../support/herald';

const DAY = 24 * 3600_000;

let herald: LocalHerald;
let admin: ApiClient;
let store: Store;

/** Accounts tagged `tag` (written in bulk, as an import without consent leaves them) and their segment. */
async function seed(tag: string, accounts: { email?: string; consent: boolean }[]) {
  const now = herald.rt.clock.now();
  await new Accounts(store.forOrg(1)).putMany(
    accounts.map((a, i) => ({
      orgId: 1,
      id: `${tag}-${i}`,
      emails: a.email ? [a.email] : [],
      emailConsent: a.consent,
      smsConsent: false,
      pushConsent: false,
      lineConsent: false,
      tags: [],
      attributes: { reach: tag },
      version: 1,
      dateCreated: now,
      dateUpdated: now,
      createdBy: 'test',
      updatedBy: 'test',
    })),
  );
  const id = randomUUID();
  await store.put('segment', {
    orgId: 1,
    id,
    name: `Reach ${tag}`,
    description: '',
    rule: { op: 'AND', conditions: [{ field: 'attributes.reach', operator: 'equals', value: tag }] },
    version: 1,
    dateCreated: now,
    dateUpdated: now,
    createdBy: 'test',
    updatedBy: 'test',
  });
  return id;
}

async function draftTo(segmentId: string, name: string) {
  const content = { kind: 'EMAIL', template: { defaultLanguage: 'en', contents: { en: { subject: name, preheader: '', blocks: [{ type: 'heading', text: 'Hello' }] } } } };
  return admin.ok('plan.saveSingle', { name, title: name, channel: 'EMAIL', content, segmentId });
}

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
  store = new Store(herald.rt);
});
afterAll(() => herald?.stop());

describe('reachability', () => {
  it('counts per channel who can receive and why the others cannot', async () => {
    const tag = `mix${Date.now().toString(36)}`;
    const segmentId = await seed(tag, [
      { email: `${tag}-a@example.com`, consent: true },
      { email: `${tag}-b@example.com`, consent: true },
      { email: `${tag}-c@example.com`, consent: true },
      { email: `${tag}-d@example.com`, consent: false },
      { consent: true },
    ]);
    const target = `${tag}-c@example.com`;
    await store.forOrg(1).put('messageUnsubscription', {
      id: unsubscriptionId('EMAIL', target),
      channelName: 'EMAIL',
      target,
      source: 'UNSUBSCRIBE',
      dateCreated: herald.rt.clock.now(),
    });
    expect(await admin.ok('segment.count', { id: segmentId, channel: 'EMAIL' })).toEqual({
      count: 5,
      total: expect.any(Number),
      complete: true,
      // exact as of the snapshot's newest change (docs/audience.md)
      snapshot: expect.objectContaining({ pending: expect.any(Number) }),
      reach: { channel: 'EMAIL', reachable: 2, unreachable: { USER_SETTINGS_BLOCK: 1, USER_NOT_MATCHED: 1, UNSUBSCRIBED: 1 } },
    });
    // without a channel the count is as before
    expect(await admin.ok('segment.count', { id: segmentId })).not.toHaveProperty('reach');
    // some can receive: the message goes to review
    const approver = await admin.ok('user.save', {
      username: `reach-approver-${tag}`,
      email: `reach-approver-${tag}@example.com`,
      roleId: (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id,
      password: 'Approve@1234',
    });
    const draft = await draftTo(segmentId, `Reachable ${tag}`);
    await admin.ok('planAction.sendToReview', { id: draft.id, participants: [approver.id], deadline: herald.rt.clock.now() + DAY });
  });

  it("refuses to send to review a message nobody in its segment can receive, saying why in the caller's language", async () => {
    const tag = `none${Date.now().toString(36)}`;
    const segmentId = await seed(tag, [...Array.from({ length: 4 }, (_, i) => ({ email: `${tag}-${i}@example.com`, consent: false })), { consent: false }]);
    const draft = await draftTo(segmentId, `Nobody ${tag}`);
    const approver = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id;
    const user = await admin.ok('user.save', { username: `reach-none-${tag}`, email: `reach-none-${tag}@example.com`, roleId: approver, password: 'Approve@1234' });
    const payload = { id: draft.id, participants: [user.id], deadline: herald.rt.clock.now() + DAY };
    const refused = async (lang: string) => (await admin.call('planAction.sendToReview', payload, { 'x-lang': lang })).body;
    expect(await refused('en')).toMatchObject({
      errorCode: '720009',
      errorMessage: expect.stringContaining('0 of 5 can receive e-mail: 4 have no e-mail consent, 1 have no e-mail address'),
    });
    expect(await refused('ja')).toMatchObject({
      errorCode: '720009',
      errorMessage: expect.stringContaining('5 人中 0 人がメールを受信できます：4 人はメールの受信に同意していません、1 人はメールの宛先がありません'),
    });
    expect(await refused('zh')).toMatchObject({ errorCode: '720009', errorMessage: expect.stringContaining('5 人中有 0 人可以接收邮件：4 人未同意接收邮件，1 人没有邮件地址') });
    // nothing changed: the message is still a draft
    expect(await admin.ok('plan.detail', { id: draft.id })).toMatchObject({ status: 'DRAFT', version: draft.version });
  });
});
