/**
 * Notifications (issue 23 item 5): an approval request reaches each participant, an approval and a rejection
 * reach the requester, a finished send reaches the requester with its counts; each by mail too when the person's
 * alert settings ask for it, in their language; read, unread, all read and paging; other users and other
 * organizations see none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { NotificationView } from '../../shared/services';
import { ApiClient, sentMail, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';
import { approverOf, emailContent, seedAudience } from '../support/plans';
import { until } from '../support/until';

const DAY = 24 * 3600_000;

describe('notifications', () => {
  let herald: LocalHerald;
  let admin: ApiClient;
  let callers: Callers;
  let ann: { id: string; client: ApiClient };
  let ben: { id: string; client: ApiClient };
  let segmentId: string;
  const tag = `n${Date.now().toString(36)}`;

  beforeAll(async () => {
    herald = await startHerald({ config: { sendRates: { EMAIL: 100_000, SMS: 1, PUSH_NATIVE: 1, LINE: 1, DIRECT_MAIL: 1 } } });
    admin = new ApiClient(herald);
    await admin.login();
    callers = await twoOrganizations(herald, 'bell');
    // the author asks for results and finished sends by mail, to an alert address, in Japanese
    await admin.ok('user.saveProfile', { alertTypes: ['APPROVAL_RESULT', 'SEND_COMPLETED'], alertEmails: [`author-${tag}@example.com`], language: 'ja' });
    ann = await approverOf(admin, herald, 'nora', { alertTypes: ['APPROVAL_REQUEST'] });
    ben = await approverOf(admin, herald, 'nils');
    ({ segmentId } = await seedAudience(herald, 1, tag, 3));
  }, 60_000);
  afterAll(() => herald?.stop());

  const list = async (client: ApiClient, payload: { unread?: boolean; size?: number; cursor?: string } = {}) => (await client.ok('notification.getListByPage', payload)).list;
  const unread = async (client: ApiClient) => (await client.ok('notification.unreadCount')).count;
  const about = (items: NotificationView[], id: string) => items.filter((n) => n.subjectId === id).map((n) => n.kind);
  const toReview = async (name: string) => {
    const plan = await admin.ok('plan.saveSingle', { name, title: name, channel: 'EMAIL', content: emailContent(name), segmentId });
    await admin.ok('planAction.sendToReview', { id: plan.id, participants: [ann.id, ben.id], deadline: herald.rt.clock.now() + DAY });
    return plan.id as string;
  };
  const mailTo = async (address: string) => (await sentMail(herald)).filter((m) => m.destination.to.includes(address));

  it('tells each participant of a request, the requester of the approval and of the finished send, by mail when asked', async () => {
    const annBefore = await unread(ann.client);
    const id = await toReview(`Spring ${tag}`);
    expect(about(await list(ann.client), id)).toEqual(['APPROVAL_REQUEST']);
    expect(about(await list(ben.client), id)).toEqual(['APPROVAL_REQUEST']);
    expect(await unread(ann.client)).toBe(annBefore + 1);
    // the requester is not told of their own request
    expect(about(await list(admin), id)).toEqual([]);
    const [request] = await list(ann.client);
    expect(request).toMatchObject({ kind: 'APPROVAL_REQUEST', name: `Spring ${tag}`, subject: 'PLAN', read: false, byName: expect.any(String) });

    // ann asked for requests by mail, in her language (English); ben did not
    const annMail = await until(
      'the request mail',
      () => mailTo('nora@example.com'),
      (m) => m.some((x) => x.subject.includes(`Spring ${tag}`)),
    );
    expect(annMail.find((m) => m.subject.includes(`Spring ${tag}`))!.subject).toBe(`Herald: please review "Spring ${tag}"`);
    expect((await mailTo('nils@example.com')).filter((m) => m.subject.includes(tag))).toEqual([]);

    // one pass is not yet an approval
    await ann.client.ok('planAction.pass', { id });
    expect(about(await list(admin), id)).toEqual([]);
    await ben.client.ok('planAction.pass', { id });
    expect(about(await list(admin), id)).toEqual(['APPROVED']);

    // the send finishes: the requester hears how it went (newest first)
    const items = await until(
      'the finished send to be told',
      async () => {
        await herald.delivery.idle();
        return list(admin);
      },
      (l) => about(l, id).includes('SEND_FINISHED'),
    );
    expect(about(items, id)).toEqual(['SEND_FINISHED', 'APPROVED']);
    expect(items.find((n) => n.subjectId === id && n.kind === 'SEND_FINISHED')).toMatchObject({ sent: 3, failed: 0, by: 'system' });
    // by mail to the alert address, in Japanese
    const authorMail = await until(
      'the author mails',
      () => mailTo(`author-${tag}@example.com`),
      (m) => m.length >= 2,
    );
    expect(authorMail.map((m) => m.subject).sort()).toEqual([`Herald：「Spring ${tag}」が承認されました`, `Herald：「Spring ${tag}」の送信が完了しました`].sort());
    expect(authorMail.find((m) => m.subject.includes('送信'))!.body.text).toContain('送信 3 件、失敗 0 件');
  }, 60_000);

  it('tells the requester of a rejection with its reason', async () => {
    const id = await toReview(`Rejected ${tag}`);
    await ann.client.ok('planAction.reject', { id, type: 'CONTENT', reason: 'Price is wrong' });
    const [rejected] = (await list(admin)).filter((n) => n.subjectId === id);
    expect(rejected).toMatchObject({ kind: 'REJECTED', reason: 'Price is wrong', by: ann.id, read: false });
    // ben was asked, never answered, and hears nothing more
    expect(about(await list(ben.client), id)).toEqual(['APPROVAL_REQUEST']);
  });

  it('read, unread, unread only and all read, each person on their own', async () => {
    const id = await toReview(`Reading ${tag}`);
    const mine = (await list(ann.client)).find((n) => n.subjectId === id)!;
    const before = await unread(ann.client);
    await ann.client.ok('notification.read', { id: mine.id });
    expect(await unread(ann.client)).toBe(before - 1);
    expect((await list(ann.client, { unread: true })).map((n) => n.id)).not.toContain(mine.id);
    expect((await list(ann.client)).find((n) => n.id === mine.id)!.read).toBe(true);
    await ann.client.ok('notification.unread', { id: mine.id });
    expect((await list(ann.client, { unread: true })).map((n) => n.id)).toContain(mine.id);

    // ben's copy is his own: ann's reading changed nothing of his
    const bensBefore = await unread(ben.client);
    expect(bensBefore).toBeGreaterThan(0);
    expect((await ann.client.ok('notification.readAll')).count).toBe(before);
    expect(await unread(ann.client)).toBe(0);
    expect(await list(ann.client, { unread: true })).toEqual([]);
    expect(await unread(ben.client)).toBe(bensBefore);
  });

  it('pages newest first by cursor, without repeats', async () => {
    const id = await toReview(`Paging ${tag}`);
    for (let i = 0; i < 4; i++) await admin.ok('approvalSheet.resend', { subject: 'PLAN', id, userId: ben.id });
    const all = await list(ben.client, { size: 100 });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await ben.client.ok('notification.getListByPage', { size: 2, ...(cursor ? { cursor } : {}) });
      expect(page.list.length).toBeLessThanOrEqual(2);
      seen.push(...page.list.map((n) => n.id));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((n) => n.id));
    expect(about(all, id)).toEqual(Array(5).fill('APPROVAL_REQUEST'));
    const times = all.map((n) => n.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('other users and other organizations see none, and cannot touch them', async () => {
    const id = await toReview(`Private ${tag}`);
    const annsItem = (await list(ann.client)).find((n) => n.subjectId === id)!;
    await callers.other.login('other-bell', 'Other@123');
    await callers.nobody.login('nobody-bell', 'Nobody@123');
    for (const client of [callers.other, callers.nobody]) {
      expect(await list(client)).toEqual([]);
      expect(await unread(client)).toBe(0);
      expect((await client.call('notification.read', { id: annsItem.id })).body.errorCode).toBe('720003');
      expect((await client.call('notification.getListByPage', { cursor: annsItem.id })).body.errorCode).toBe('720003');
      expect((await client.ok('notification.readAll')).count).toBe(0);
    }
    // another member of the same organization cannot mark ann's either
    expect((await admin.call('notification.read', { id: annsItem.id })).body.errorCode).toBe('720003');
    expect((await admin.call('notification.unread', { id: 'not-mine' })).body.errorCode).toBe('720003');
    expect((await list(ann.client)).find((n) => n.id === annsItem.id)!.read).toBe(false);
    // bad input gets catalogue errors
    for (const payload of [{ size: 0 }, { size: 1000 }, { unread: 'yes' }, { cursor: 'x'.repeat(1000) }]) {
      expect((await ann.client.call('notification.getListByPage', payload)).body.errorCode).toBe('400016');
    }
    expect((await ann.client.call('notification.read', {})).body.errorCode).toBe('400016');
  });
});
