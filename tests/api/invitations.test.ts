/**
 * Pending invitations as administrators see them: new accounts that have not set a password and existing
 * accounts asked to join, listed, sent again (a new link; the earlier one stops working) and withdrawn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, manualClock, sentMail, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
let adminRoleId: string;
const clock = manualClock(Date.UTC(2026, 10, 24, 9));
const DAY = 24 * 3600_000;

const tokenIn = (text: string) => decodeURIComponent(/token=([^\s"<&]+)/.exec(text)![1]);

async function mailsTo(address: string) {
  return (await sentMail(herald)).filter((m) => m.destination.to.includes(address));
}

async function pending() {
  return (await admin.ok('user.pendingInvitations')).rows;
}

beforeAll(async () => {
  herald = await startHerald({ clock });
  admin = new ApiClient(herald);
  await admin.login();
  adminRoleId = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id;
});
afterAll(() => herald?.stop());

describe('a new account invited by e-mail', () => {
  it('is listed until it sets a password; a resend sends a new link and the earlier one stops working', async () => {
    const role = await admin.ok('userRole.save', { name: 'Writers', code: 'WRITERS', permissions: ['NAV_HOME'] });
    const invited = await admin.ok('user.invited', { email: 'nina@example.com', roleId: role.id });
    expect(await pending()).toContainEqual(
      expect.objectContaining({ userId: invited.id, username: 'nina@example.com', email: 'nina@example.com', roleName: 'Writers', kind: 'account' }),
    );
    const [first] = await mailsTo('nina@example.com');
    expect(first.body.text).toContain('Your username is nina@example.com');

    clock.advance(60_000);
    await admin.ok('user.resendInvitation', { userId: invited.id });
    const mails = await mailsTo('nina@example.com');
    expect(mails).toHaveLength(2);
    const row = (await pending()).find((r: { userId: string }) => r.userId === invited.id);
    expect(row!.dateSent).toBe(clock.now());

    const anon = new ApiClient(herald);
    const stale = await anon.call('auth.resetPassword', { token: tokenIn(first.body.text!), password: 'Nina@1234', confirmPassword: 'Nina@1234' });
    expect(stale.body.errorCode).toBe('400017');
    const fresh = await anon.ok('auth.resetPassword', { token: tokenIn(mails[1].body.text!), password: 'Nina@1234', confirmPassword: 'Nina@1234' });
    expect(fresh.username).toBe('nina@example.com');
    // answered: no longer pending, and neither resent nor withdrawn
    expect((await pending()).map((r: { userId: string }) => r.userId)).not.toContain(invited.id);
    expect((await admin.call('user.resendInvitation', { userId: invited.id })).body.errorCode).toBe('720003');
    expect((await admin.call('user.cancelInvitation', { userId: invited.id })).body.errorCode).toBe('720003');
    expect((await admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'nina' })).list[0].status).toBe('ACTIVE');
  });

  it('withdrawn: the account and its link are gone, and the address can be invited again', async () => {
    const invited = await admin.ok('user.invited', { email: 'omar@example.com', roleId: adminRoleId });
    const [mail] = await mailsTo('omar@example.com');
    await admin.ok('user.cancelInvitation', { userId: invited.id });
    expect((await pending()).map((r: { userId: string }) => r.userId)).not.toContain(invited.id);
    expect((await admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'omar' })).list).toEqual([]);
    const anon = new ApiClient(herald);
    expect((await anon.call('auth.resetPassword', { token: tokenIn(mail.body.text!), password: 'Omar@1234', confirmPassword: 'Omar@1234' })).body.errorCode).toBe(
      '400017',
    );
    expect((await admin.call('user.cancelInvitation', { userId: invited.id })).body.errorCode).toBe('720003');
    await admin.ok('user.invited', { email: 'omar@example.com', roleId: adminRoleId });
  });

  it('a member who signed in long ago is no invitation', async () => {
    const member = await admin.ok('user.save', { username: 'paula', email: 'paula@example.com', roleId: adminRoleId, password: 'Paula@123' });
    const answer = await admin.call('user.resendInvitation', { userId: member.id });
    expect(answer.body.errorCode).toBe('720003');
    expect(answer.body.errorMessage).toContain('This invitation has been answered already.');
    expect((await admin.call('user.cancelInvitation', { userId: member.id })).body.errorCode).toBe('720003');
    expect((await admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'paula' })).list).toHaveLength(1);
  });
});

describe('an existing account asked to join', () => {
  let quinn: { id: string };
  let inOrg2: ApiClient;

  /** Signs the administrator in again (the clock moves past its tokens' lifetime), in organizations 1 and 2. */
  async function signIn() {
    admin = new ApiClient(herald);
    await admin.login();
    inOrg2 = new ApiClient(herald);
    inOrg2.token = (await admin.ok('user.switchOrganization', { orgId: 2 })).accessToken;
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
  }

  beforeAll(async () => {
    quinn = await admin.ok('user.save', { username: 'quinn', email: 'quinn@example.com', roleId: adminRoleId, password: 'Quinn@123' });
    await admin.ok('organization.save', { name: 'Branch', code: 'BRANCH' });
    await signIn();
  });

  it('is listed with the address the inviter typed; a resend starts a new answering period; a withdrawal ends it', async () => {
    const role2 = (await inOrg2.ok('userRole.getAll'))[0];
    await inOrg2.ok('user.invited', { email: 'quinn.typed@example.com', username: 'quinn', roleId: role2.id });
    const [row] = (await inOrg2.ok('user.pendingInvitations')).rows.filter((r: { userId: string }) => r.userId === quinn.id);
    expect(row).toMatchObject({ username: 'quinn', email: 'quinn.typed@example.com', roleName: role2.name, kind: 'join' });
    expect(row.expiresAt).toBeGreaterThan(clock.now());
    // organization 1 does not see organization 2's invitations
    expect((await admin.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).not.toContain(quinn.id);

    clock.advance(DAY);
    await signIn();
    const before = (await mailsTo('quinn@example.com')).length;
    await inOrg2.ok('user.resendInvitation', { userId: quinn.id });
    expect(await mailsTo('quinn@example.com')).toHaveLength(before + 1);
    const [resent] = (await inOrg2.ok('user.pendingInvitations')).rows.filter((r: { userId: string }) => r.userId === quinn.id);
    expect(resent.expiresAt! - row.expiresAt!).toBeGreaterThanOrEqual(DAY - 1000);

    const owner = new ApiClient(herald);
    await owner.login('quinn', 'Quinn@123');
    expect((await owner.ok('user.myInvitations')).map((i: { orgId: number }) => i.orgId)).toEqual([2]);
    await inOrg2.ok('user.cancelInvitation', { userId: quinn.id });
    expect(await owner.ok('user.myInvitations')).toEqual([]);
    expect((await owner.call('user.acceptInvitation', { orgId: 2 })).body.errorCode).toBe('720003');
    expect((await inOrg2.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).not.toContain(quinn.id);
  });

  it('an invitation nobody answered in time is not listed, and the account can be invited again', async () => {
    const role2 = (await inOrg2.ok('userRole.getAll'))[0];
    await inOrg2.ok('user.invited', { email: 'quinn@example.com', roleId: role2.id });
    expect((await inOrg2.call('user.invited', { email: 'quinn@example.com', roleId: role2.id })).body.errorCode).toBe('720001');
    clock.advance(8 * DAY);
    await signIn();
    expect((await inOrg2.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).not.toContain(quinn.id);
    expect((await inOrg2.call('user.resendInvitation', { userId: quinn.id })).body.errorCode).toBe('720003');
    await inOrg2.ok('user.invited', { email: 'quinn@example.com', roleId: role2.id });
    expect((await inOrg2.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).toContain(quinn.id);
  });
});

it('the list reads the invited members by a key condition: members who answered cost nothing', async () => {
  const invitedNow = (await pending()).filter((r: { kind: string }) => r.kind === 'account').length;
  for (let i = 0; i < 30; i++) await admin.ok('user.save', { username: `settled${i}`, email: `settled${i}@example.com`, roleId: adminRoleId, password: 'Settled@1' });
  const queries: { table: string; scanned: number }[] = [];
  const doc = herald.rt.aws.doc as unknown as { send: (c: { constructor: { name: string }; input: { TableName?: string } }) => Promise<{ ScannedCount?: number }> };
  const original = doc.send.bind(doc);
  doc.send = async (command) => {
    const out = await original(command);
    if (command.constructor.name === 'QueryCommand') queries.push({ table: command.input.TableName ?? '', scanned: out.ScannedCount ?? 0 });
    if (command.constructor.name === 'ScanCommand') throw new Error('no scans on a request');
    return out;
  };
  try {
    expect((await pending()).filter((r: { kind: string }) => r.kind === 'account')).toHaveLength(invitedNow);
  } finally {
    doc.send = original;
  }
  const listing = queries.filter((q) => q.table.endsWith('memberListing'));
  expect(listing).toEqual([{ table: expect.any(String), scanned: invitedNow }]);
});
