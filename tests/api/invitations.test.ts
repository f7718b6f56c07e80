/**
 * Pending invitations as administrators see them: addresses without an account and existing accounts asked to
 * join, listed alike, sent again (a new link; the earlier one stops working) and withdrawn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { ApiClient, type CallResult, manualClock, sentMail, startHerald } from '../support/herald';
import { confirmAddressByMail } from '../support/mailLinks';

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
    expect(await pending()).toContainEqual(expect.objectContaining({ userId: invited.id, username: 'nina@example.com', email: 'nina@example.com', roleName: 'Writers' }));
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
    expect((await anon.call('auth.resetPassword', { token: tokenIn(mail.body.text!), password: 'Omar@1234', confirmPassword: 'Omar@1234' })).body.errorCode).toBe('400017');
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
    const invited = await inOrg2.ok('user.invited', { email: 'quinn.typed@example.com', username: 'quinn', roleId: role2.id });
    const [row] = (await inOrg2.ok('user.pendingInvitations')).rows.filter((r: { userId: string }) => r.userId === invited.id);
    // only what the inviter typed
    expect(row).toMatchObject({ username: 'quinn', email: 'quinn.typed@example.com', roleName: role2.name });
    expect(row.expiresAt).toBeGreaterThan(clock.now());
    // organization 1 does not see organization 2's invitations
    expect((await admin.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).not.toContain(invited.id);

    clock.advance(DAY);
    await signIn();
    const before = (await mailsTo('quinn@example.com')).length;
    await inOrg2.ok('user.resendInvitation', { userId: invited.id });
    expect(await mailsTo('quinn@example.com')).toHaveLength(before + 1);
    const [resent] = (await inOrg2.ok('user.pendingInvitations')).rows.filter((r: { userId: string }) => r.userId === invited.id);
    expect(resent.expiresAt! - row.expiresAt!).toBeGreaterThanOrEqual(DAY - 1000);

    const owner = new ApiClient(herald);
    await owner.login('quinn', 'Quinn@123');
    expect((await owner.ok('user.myInvitations')).map((i: { orgId: number }) => i.orgId)).toEqual([2]);
    await inOrg2.ok('user.cancelInvitation', { userId: invited.id });
    expect(await owner.ok('user.myInvitations')).toEqual([]);
    expect((await owner.call('user.acceptInvitation', { orgId: 2 })).body.errorCode).toBe('720003');
    expect((await inOrg2.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).not.toContain(invited.id);
  });

  it('an invitation nobody answered in time is not listed, and the account can be invited again', async () => {
    const role2 = (await inOrg2.ok('userRole.getAll'))[0];
    const invited = await inOrg2.ok('user.invited', { email: 'quinn@example.com', roleId: role2.id });
    expect((await inOrg2.call('user.invited', { email: 'quinn@example.com', roleId: role2.id })).body.errorCode).toBe('720001');
    clock.advance(8 * DAY);
    await signIn();
    expect((await inOrg2.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).not.toContain(invited.id);
    expect((await inOrg2.call('user.resendInvitation', { userId: invited.id })).body.errorCode).toBe('720003');
    const again = await inOrg2.ok('user.invited', { email: 'quinn@example.com', roleId: role2.id });
    expect((await inOrg2.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).toContain(again.id);
    expect(again.id).not.toBe(quinn.id);
  });
});

it("the list reads the organization's invitations alone: members, who answered, cost nothing", async () => {
  for (let i = 0; i < 30; i++) await admin.ok('user.save', { username: `settled${i}`, email: `settled${i}@example.com`, roleId: adminRoleId, password: 'Settled@1' });
  const stored = (await new Store(herald.rt).forOrg(1).list('invitation')).length;
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
    await pending();
  } finally {
    doc.send = original;
  }
  expect(queries.filter((q) => q.table.endsWith('memberListing') || q.table.endsWith('organizationUser'))).toEqual([]);
  expect(queries.filter((q) => q.table.endsWith('invitation'))).toEqual([{ table: expect.any(String), scanned: stored }]);
});

describe('what an invitation tells the inviting organization', () => {
  let inOrg2: ApiClient;
  const others: Record<string, { id: string }> = {};

  beforeAll(async () => {
    admin = new ApiClient(herald);
    await admin.login();
    for (const name of ['rhea', 'sven']) {
      others[name] = await admin.ok('user.save', { username: `${name}_user`, email: `${name}.mail@example.com`, roleId: adminRoleId, password: 'Other@123' });
    }
    const rhea = new ApiClient(herald);
    await rhea.login('rhea_user', 'Other@123');
    await rhea.ok('user.saveProfile', { language: 'ja', timeZone: 'Asia/Tokyo' });
    inOrg2 = new ApiClient(herald);
    inOrg2.token = (await admin.ok('user.switchOrganization', { orgId: 2 })).accessToken;
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
  });

  it('answers the same whether or not the address has an account elsewhere, and lists only what was typed', async () => {
    const roleId = (await inOrg2.ok('userRole.getAll'))[0].id;
    const existing = await inOrg2.ok('user.invited', { email: 'rhea.mail@example.com', roleId });
    const fresh = await inOrg2.ok('user.invited', { email: 'fresh.one@example.com', roleId });
    // with a username typed, an address that has an account is no longer refused (that refusal told it apart)
    const existingNamed = await inOrg2.ok('user.invited', { email: 'sven.mail@example.com', username: 'sven-typed', roleId });
    const freshNamed = await inOrg2.ok('user.invited', { email: 'fresh.two@example.com', username: 'fresh-typed', roleId });

    const comparable = (v: Record<string, unknown>) => {
      const { id, username, email, dateCreated, dateUpdated, ...rest } = v;
      return { idShape: /^[0-9a-f-]{36}$/.test(String(id)), ...rest };
    };
    for (const [a, b] of [
      [existing, fresh],
      [existingNamed, freshNamed],
    ]) {
      expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
      expect(comparable(a)).toEqual(comparable(b));
    }
    expect(existing).toMatchObject({ username: 'rhea.mail@example.com', email: 'rhea.mail@example.com', status: 'INVITED', language: 'en', timeZone: '' });
    expect(existingNamed).toMatchObject({ username: 'sven-typed', email: 'sven.mail@example.com' });

    const seen = JSON.stringify([existing, existingNamed, await inOrg2.ok('user.pendingInvitations')]);
    for (const leak of [others.rhea!.id, others.sven!.id, 'rhea_user', 'sven_user', 'Asia/Tokyo']) expect(seen).not.toContain(leak);
    const rows = (await inOrg2.ok('user.pendingInvitations')).rows as { userId: string; username: string; email: string }[];
    expect(rows.find((r) => r.userId === existing.id)).toMatchObject({ username: 'rhea.mail@example.com', email: 'rhea.mail@example.com' });

    // once the owner accepts, the account is a member and shown as such
    const rhea = new ApiClient(herald);
    await rhea.login('rhea_user', 'Other@123');
    await confirmAddressByMail(rhea, 'rhea.mail@example.com');
    await rhea.ok('user.acceptInvitation', { orgId: 2 });
    expect((await inOrg2.ok('user.getListByPage', { page: 0, size: 50, keyword: 'rhea' })).list.map((u: { username: string }) => u.username)).toEqual(['rhea_user']);
    // the invitation ids still name nothing: withdrawing the accepted one answers as missing
    expect((await inOrg2.call('user.cancelInvitation', { userId: existing.id })).body.errorCode).toBe('720003');
    await inOrg2.ok('user.cancelInvitation', { userId: existingNamed.id });
  });

  it('resends at most 3 times an hour, 60 s apart, for new and existing accounts alike', async () => {
    const roleId = (await inOrg2.ok('userRole.getAll'))[0].id;
    const tess = await inOrg2.ok('user.invited', { email: 'tess@example.com', roleId });
    const sven = await inOrg2.ok('user.invited', { email: 'sven.mail@example.com', roleId });
    for (const [invited, address] of [
      [tess, 'tess@example.com'],
      [sven, 'sven.mail@example.com'],
    ] as const) {
      const before = (await mailsTo(address)).length;
      const early = await inOrg2.call('user.resendInvitation', { userId: invited.id });
      expect(early.status).toBe(429);
      expect(early.body.errorCode).toBe('400014');
      expect(await mailsTo(address)).toHaveLength(before);
    }
    for (let i = 0; i < 3; i++) {
      clock.advance(60_000);
      await inOrg2.ok('user.resendInvitation', { userId: tess.id });
    }
    clock.advance(60_000);
    expect((await inOrg2.call('user.resendInvitation', { userId: tess.id })).body.errorCode).toBe('400014');
    expect(await mailsTo('tess@example.com')).toHaveLength(4);
  });

  it('withdrawing and inviting again does not get around the limit of a mailbox', async () => {
    const roleId = (await inOrg2.ok('userRole.getAll'))[0].id;
    for (let i = 0; i < 5; i++) {
      const invited = await inOrg2.ok('user.invited', { email: 'uma@example.com', roleId });
      await inOrg2.ok('user.cancelInvitation', { userId: invited.id });
    }
    const refused = await inOrg2.call('user.invited', { email: 'uma@example.com', roleId });
    expect(refused.body.errorCode).toBe('400014');
    expect(await mailsTo('uma@example.com')).toHaveLength(5);
  });
});

describe('the inviting organization sees the same for an address with an account elsewhere and a fresh one', () => {
  let org: ApiClient;
  let orgId: number;
  let roleId: string;
  const TIMES = new Set(['dateCreated', 'dateUpdated', 'dateSent', 'expiresAt']);

  /** Ids, time stamps and the address itself made comparable; everything else is compared as answered. */
  function normal(value: unknown, address: string, ids: string[]): unknown {
    if (Array.isArray(value)) return value.map((v) => normal(v, address, ids));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, TIMES.has(k) && typeof v === 'number' ? '<time>' : normal(v, address, ids)]));
    }
    if (typeof value === 'string') return ids.includes(value) ? '<id>' : value.split(address).join('<address>');
    return value;
  }

  const answer = ({ status, body, payload }: CallResult<unknown>) => ({
    status,
    state: body.state,
    errorCode: body.errorCode,
    errorMessage: body.errorMessage,
    payload: body.state === 'S' ? payload : undefined,
  });

  async function roleCounts() {
    return (await org.ok('userRole.getListByPage', { page: 0, size: 50 })).list.map((r: { id: string; userCount: number }) => [r.id, r.userCount]);
  }

  /** Every answer the organization gets about one invitation, from sending it to withdrawing it. */
  async function observe(address: string) {
    const members = async () => (await org.ok('user.getListByPage', { page: 0, size: 100 })) as { list: { email: string }[]; total: number };
    const [membersBefore, rolesBefore, allBefore] = [await members(), await roleCounts(), await org.ok('user.getAll')];
    const invited = await org.call<{ id: string }>('user.invited', { email: address, roleId, firstName: 'Ann', lastName: 'Lee' });
    const id = invited.payload.id;
    const ids = [id];
    const seen: Record<string, unknown> = { invited: answer(invited) };
    seen.pending = (await org.ok('user.pendingInvitations')).rows.filter((r: { email: string }) => r.email === address);
    const membersAfter = await members();
    seen.members = { added: membersAfter.total - membersBefore.total, listed: membersAfter.list.filter((u) => u.email === address) };
    seen.search = await org.ok('user.getListByPage', { page: 0, size: 10, keyword: address });
    seen.invitedMembers = await org.ok('user.getListByPage', { page: 0, size: 10, status: 'INVITED' });
    seen.roles = { before: rolesBefore, after: await roleCounts() };
    seen.all = { before: allBefore, after: await org.ok('user.getAll') };
    // the detail the organization can reach by the id it was given: edit and delete
    seen.edit = answer(await org.call('user.save', { id, username: 'renamed', email: address, roleId, firstName: 'Bea', version: 1 }));
    seen.again = answer(await org.call('user.invited', { email: address, roleId }));
    seen.earlyResend = answer(await org.call('user.resendInvitation', { userId: id }));
    const mailsBefore = (await mailsTo(address)).length;
    clock.advance(60_000);
    seen.resend = answer(await org.call('user.resendInvitation', { userId: id }));
    seen.mailsOnResend = (await mailsTo(address)).length - mailsBefore;
    seen.resent = (await org.ok('user.pendingInvitations')).rows.filter((r: { email: string }) => r.email === address);
    seen.withdraw = answer(await org.call('user.cancelInvitation', { userId: id }));
    seen.afterWithdraw = {
      pending: (await org.ok('user.pendingInvitations')).rows.filter((r: { email: string }) => r.email === address),
      resend: answer(await org.call('user.resendInvitation', { userId: id })),
      withdraw: answer(await org.call('user.cancelInvitation', { userId: id })),
      delete: answer(await org.call('user.delete', { id })),
      roles: await roleCounts(),
      total: (await members()).total - membersBefore.total,
    };
    return normal(seen, address, ids);
  }

  beforeAll(async () => {
    admin = new ApiClient(herald);
    await admin.login();
    await admin.ok('user.save', { username: 'xena_own', email: 'xena@example.com', roleId: adminRoleId, password: 'Xena@1234' });
    orgId = (await admin.ok('organization.save', { name: 'Agency', code: 'AGENCY' })).id;
    org = new ApiClient(herald);
    org.token = (await admin.ok('user.switchOrganization', { orgId })).accessToken;
    admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
    roleId = (await org.ok('userRole.getAll'))[0].id;
  });

  it('answers every call, list and count alike until the invitee answers', async () => {
    const existing = await observe('xena@example.com');
    const fresh = await observe('yuri@example.com');
    expect(existing).toEqual(fresh);
    // and what that common answer is: no member, an invitation listed with what was typed
    expect(fresh).toMatchObject({
      invited: { state: 'S', payload: { id: '<id>', status: 'INVITED', username: '<address>', email: '<address>', firstName: 'Ann', language: 'en' } },
      pending: [{ userId: '<id>', username: '<address>', email: '<address>', expiresAt: '<time>' }],
      members: { added: 0, listed: [] },
      edit: { errorCode: '720003' },
      again: { errorCode: '720001' },
      earlyResend: { errorCode: '400014' },
      resend: { state: 'S' },
      mailsOnResend: 1,
      withdraw: { state: 'S' },
      afterWithdraw: { pending: [], resend: { errorCode: '720003' }, total: 0 },
    });
  });

  it('keeps the invitee experience: a new address sets a password and is a member; an account accepts on sign-in', async () => {
    const role = (await org.ok('userRole.getAll'))[0].id;
    await org.ok('user.invited', { email: 'zoe@example.com', roleId: role });
    await org.ok('user.invited', { email: 'xena@example.com', roleId: role });
    const [link] = (await mailsTo('zoe@example.com')).reverse();
    expect(link.subject).toBe('You are invited to Herald');
    const [join] = (await mailsTo('xena@example.com')).reverse();
    expect(join.subject).toBe('You are invited to another organization in Herald');

    const anon = new ApiClient(herald);
    await anon.ok('auth.resetPassword', { token: tokenIn(link.body.text!), password: 'Zoe@12345', confirmPassword: 'Zoe@12345' });
    const zoe = new ApiClient(herald);
    await zoe.login('zoe@example.com', 'Zoe@12345');
    expect((await zoe.ok('organization.list')).list.map((o: { id: number }) => o.id)).toEqual([orgId]);
    const xena = new ApiClient(herald);
    await xena.login('xena_own', 'Xena@1234');
    expect((await xena.ok('user.myInvitations')).map((i: { orgId: number }) => i.orgId)).toEqual([orgId]);
    await confirmAddressByMail(xena, 'xena@example.com');
    await xena.ok('user.acceptInvitation', { orgId });
    const emails = (await org.ok('user.getListByPage', { page: 0, size: 100 })).list.map((u: { email: string; status: string }) => `${u.email} ${u.status}`);
    expect(emails).toEqual(expect.arrayContaining(['zoe@example.com ACTIVE', 'xena@example.com ACTIVE']));
    expect((await org.ok('user.pendingInvitations')).rows).toEqual([]);
  });

  it('a new address invited by two organizations joins both when it sets its password', async () => {
    const role = (await org.ok('userRole.getAll'))[0].id;
    await org.ok('user.invited', { email: 'amos@example.com', roleId: role });
    await admin.ok('user.invited', { email: 'amos@example.com', roleId: adminRoleId });
    // organization 1's mail carries the newest link: the earlier one stops working
    const [latest] = (await mailsTo('amos@example.com')).reverse();
    await new ApiClient(herald).ok('auth.resetPassword', { token: tokenIn(latest.body.text!), password: 'Amos@1234', confirmPassword: 'Amos@1234' });
    const amos = new ApiClient(herald);
    await amos.login('amos@example.com', 'Amos@1234');
    expect((await amos.ok('organization.list')).list.map((o: { id: number }) => o.id).sort()).toEqual([1, orgId].sort());
  });

  it('a withdrawn new address cannot set a password; its account is gone and the address is fresh again', async () => {
    const role = (await org.ok('userRole.getAll'))[0].id;
    const invited = await org.ok('user.invited', { email: 'bo@example.com', username: 'bo-typed', roleId: role });
    const [mail] = await mailsTo('bo@example.com');
    await org.ok('user.cancelInvitation', { userId: invited.id });
    const reset = await new ApiClient(herald).call('auth.resetPassword', { token: tokenIn(mail.body.text!), password: 'Bo@123456', confirmPassword: 'Bo@123456' });
    expect(reset.body.errorCode).toBe('400017');
    // the username is free again as well
    await admin.ok('user.save', { username: 'bo-typed', email: 'bo@example.com', roleId: adminRoleId, password: 'Bo@123456' });
  });

  it('adding a user whose address has an account asks its owner to join; the password given changes nothing', async () => {
    const role = (await org.ok('userRole.getAll'))[0].id;
    await admin.ok('user.save', { username: 'cara_own', email: 'cara@example.com', roleId: adminRoleId, password: 'Cara@1234' });
    const before = (await mailsTo('cara@example.com')).length;
    const saved = await org.ok('user.save', { username: 'cara-typed', email: 'cara@example.com', roleId: role, password: 'Other@123' });
    expect(saved).toMatchObject({ status: 'INVITED', username: 'cara-typed', email: 'cara@example.com' });
    expect((await org.ok('user.pendingInvitations')).rows.map((r: { userId: string }) => r.userId)).toContain(saved.id);
    const mails = await mailsTo('cara@example.com');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe('You are invited to another organization in Herald');
    expect((await new ApiClient(herald).call('auth.login', { username: 'cara-typed', password: 'Other@123' })).body.state).toBe('F');
    await new ApiClient(herald).login('cara_own', 'Cara@1234');
    // a member of this organization is still refused
    const member = await admin.call('user.save', { username: 'cara-two', email: 'cara@example.com', roleId: adminRoleId, password: 'Other@123' });
    expect(member.body.errorCode).toBe('720001');
  });
});

describe('the first language of a new member', () => {
  it("is the organization's default: a user created with a password and one invited both sign in first in ja", async () => {
    const setting = (await admin.ok('systemSetting.detail')).organization;
    await admin.ok('systemSetting.save', { ...setting, defaultLanguage: 'ja' });
    try {
      const created = await admin.ok('user.save', {
        username: 'kenji',
        email: 'kenji@example.com',
        firstName: 'Kenji',
        lastName: 'Ito',
        roleId: adminRoleId,
        password: 'Kenji@1234',
      });
      expect(created.language).toBe('ja');
      const kenji = new ApiClient(herald);
      expect((await kenji.login('kenji', 'Kenji@1234')).userdetails.language).toBe('ja');

      const invited = await admin.ok('user.invited', { email: 'yui@example.com', roleId: adminRoleId });
      expect(invited.language).toBe('ja');
      const [mail] = await mailsTo('yui@example.com');
      await new ApiClient(herald).ok('auth.resetPassword', { token: tokenIn(mail.body.text!), password: 'Yui@12345', confirmPassword: 'Yui@12345' });
      expect((await new ApiClient(herald).login('yui@example.com', 'Yui@12345')).userdetails.language).toBe('ja');
      // a choice of their own stays theirs
      await kenji.ok('user.saveProfile', { language: 'en' });
      expect((await new ApiClient(herald).login('kenji', 'Kenji@1234')).userdetails.language).toBe('en');
    } finally {
      await admin.ok('systemSetting.save', { ...(await admin.ok('systemSetting.detail')).organization, defaultLanguage: setting.defaultLanguage });
    }
  });
});
