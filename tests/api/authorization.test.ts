/**
 * The authorization rules, one test per hole a black-box probe found: an account's identity is its owner's,
 * permissions are checked in the organization an operation touches, no one grants more than they hold,
 * sensitive changes re-authenticate, and forgot-password is no oracle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ALL_PERMISSIONS } from '../../shared/permissions';
import { ADMIN_PASSWORD, ApiClient, sentMail, startHerald } from '../support/herald';
import { confirmAddressByMail } from '../support/mailLinks';

let herald: LocalHerald;
let admin: ApiClient;
let adminRoleId: string;
/** administrator of organization 2 only */
let boss2: ApiClient;
/** administrator of organization 1 only */
let alice: { id: string; email: string };

async function signedIn(username: string, password: string): Promise<ApiClient> {
  const c = new ApiClient(herald);
  await c.login(username, password);
  return c;
}

/** A client of `who` with organization `orgId` selected. */
async function inOrg(who: ApiClient, orgId: number): Promise<ApiClient> {
  const c = new ApiClient(herald);
  c.token = (await who.ok('user.switchOrganization', { orgId })).accessToken;
  return c;
}

function lastMailTo(mails: Awaited<ReturnType<typeof sentMail>>, address: string) {
  return mails.filter((m) => m.destination.to.includes(address)).pop();
}

const tokenIn = (text: string) => decodeURIComponent(/token=([^\s"<&]+)/.exec(text)![1]);

beforeAll(async () => {
  herald = await startHerald();
  admin = new ApiClient(herald);
  await admin.login();
  adminRoleId = (await admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN')!.id;
  alice = await admin.ok('user.save', { username: 'alice', email: 'alice@example.com', roleId: adminRoleId, password: 'Alice@123' });
  // The seeded admin creates organization 2 (and so belongs to 1 and 2) and its administrator boss2.
  await admin.ok('organization.save', { name: 'Second', code: 'SECOND' });
  const admin2 = await inOrg(admin, 2);
  const role2 = (await admin2.ok('userRole.getAll'))[0].id;
  await admin2.ok('user.save', { username: 'boss2', email: 'boss2@example.com', roleId: role2, password: 'Boss2@123' });
  boss2 = await signedIn('boss2', 'Boss2@123');
  admin = await signedIn('admin', ADMIN_PASSWORD);
  admin.token = (await admin.ok('user.switchOrganization', { orgId: 1 })).accessToken;
});
afterAll(() => herald?.stop());

describe('hole 1: an account shared between organizations belongs to its owner', () => {
  it('inviting an existing account asks its owner; it is no member until accepted', async () => {
    const invited = await boss2.ok('user.invited', { email: 'whatever@example.com', username: 'alice', roleId: (await boss2.ok('userRole.getAll'))[0].id });
    // the answer names nothing of the account: not its id, not its username
    expect(invited).toMatchObject({ status: 'INVITED', username: 'alice', email: 'whatever@example.com', firstName: '' });
    expect(invited.id).not.toBe(alice.id);
    // Not a member: organization 2 cannot touch the account and does not list it.
    expect((await boss2.call('user.save', { id: alice.id, username: 'alice', email: 'evil@example.com', roleId: invited.roleId, password: 'Evil@1234' })).body.errorCode).toBe(
      '720003',
    );
    expect((await boss2.ok('user.getListByPage', { page: 0, size: 100 })).list.map((u: { id: string }) => u.id)).not.toContain(alice.id);
    // The mail went to the account's own address, not the one the inviter typed.
    const mails = await sentMail(herald);
    expect(lastMailTo(mails, 'alice@example.com')?.subject).toBe('You are invited to another organization in Herald');
    expect(lastMailTo(mails, 'whatever@example.com')).toBeUndefined();
    // A second invitation while one is pending says so.
    const again = await boss2.call('user.invited', { email: 'alice@example.com', roleId: invited.roleId });
    expect(again.body.errorCode).toBe('720001');
    expect(again.body.errorMessage).toContain('already been invited');

    const owner = await signedIn('alice', 'Alice@123');
    const pending = await owner.ok('user.myInvitations');
    expect(pending).toEqual([expect.objectContaining({ orgId: 2, orgName: 'Second', roleName: 'Administrator', invitedBy: 'boss2' })]);
    expect((await owner.ok('organization.list')).list.map((o: { id: number }) => o.id)).toEqual([1]);
    // an address typed by an administrator is not shown to be the account's until the link mailed to it is opened
    const unshown = await owner.call('user.acceptInvitation', { orgId: 2 });
    expect(unshown.body).toMatchObject({ errorCode: '400017' });
    expect(unshown.body.errorMessage).toContain('Confirm your e-mail address first');
    await confirmAddressByMail(owner, 'alice@example.com');
    await owner.ok('user.acceptInvitation', { orgId: 2 });
    expect(await owner.ok('user.myInvitations')).toEqual([]);
    expect((await owner.ok('organization.list')).list.map((o: { id: number }) => o.id)).toEqual([1, 2]);
    expect((await owner.call('user.acceptInvitation', { orgId: 2 })).body.errorCode).toBe('720003');
  });

  it("another organization's administrator cannot set a shared account's password, e-mail, username or status", async () => {
    const members = (await boss2.ok('user.getListByPage', { page: 0, size: 100 })).list;
    const shared = members.find((u: { id: string }) => u.id === alice.id);
    const base = { id: alice.id, username: 'alice', email: 'alice@example.com', roleId: shared!.roleId, firstName: shared!.firstName, lastName: shared!.lastName };
    for (const change of [{ password: 'Taken@123' }, { email: 'evil@example.com' }, { username: 'alice2' }, { status: 'INACTIVE' }]) {
      const r = await boss2.call('user.save', { ...base, ...change });
      expect(r.body.errorCode, JSON.stringify(change)).toBe('730001');
      expect(r.body.errorMessage).toContain('only its owner');
    }
    // the refusal is a text by key: a Japanese reader gets it in Japanese
    const ja = await boss2.call('user.save', { ...base, status: 'INACTIVE' }, { 'x-lang': 'ja' });
    expect(ja.body.errorMessage).toContain('変更できるのは本人だけです');
    // The owner's password still works and nothing changed.
    const owner = await signedIn('alice', 'Alice@123');
    expect((await owner.ok('user.profile')).email).toBe('alice@example.com');
    // Managing the membership (the role in organization 2) is organization 2's to do.
    const lowRole = await boss2.ok('userRole.save', { name: 'Low', code: 'LOW', permissions: ['NAV_DASHBOARD'] });
    expect((await boss2.ok('user.save', { ...base, roleId: lowRole.id })).roleName).toBe('Low');
  });

  it("an organization's creator is a shared account too: its administrators cannot take it over", async () => {
    const me = (await boss2.ok('user.getListByPage', { page: 0, size: 100, keyword: 'admin' })).list.find((u: { username: string }) => u.username === 'admin');
    const r = await boss2.call('user.save', { id: me!.id, username: 'admin', email: 'admin@herald.local', roleId: me!.roleId, password: 'Taken@123' });
    expect(r.body.errorCode).toBe('730001');
    await signedIn('admin', ADMIN_PASSWORD);
  });

  it('credentials of an account that belongs to this organization only stay the administrator’s to set', async () => {
    const solo = await boss2.ok('user.save', { username: 'solo2', email: 'solo2@example.com', roleId: (await boss2.ok('userRole.getAll'))[0].id, password: 'Solo2@123' });
    await boss2.ok('user.save', { ...solo, password: 'Solo2@456' });
    await signedIn('solo2', 'Solo2@456');
  });

  it('declining an invitation leaves the account untouched', async () => {
    const role = (await boss2.ok('userRole.getAll'))[0].id;
    await admin.ok('user.save', { username: 'carol', email: 'carol@example.com', roleId: adminRoleId, password: 'Carol@123' });
    await boss2.ok('user.invited', { email: 'carol@example.com', roleId: role });
    const carol = await signedIn('carol', 'Carol@123');
    await carol.ok('user.declineInvitation', { orgId: 2 });
    expect(await carol.ok('user.myInvitations')).toEqual([]);
    expect((await carol.ok('organization.list')).list.map((o: { id: number }) => o.id)).toEqual([1]);
    expect((await carol.call('user.declineInvitation', { orgId: 2 })).body.errorCode).toBe('720003');
  });
});

describe('hole 2: permissions are checked in the organization an operation touches', () => {
  it('an administrator of organization 2 holding a low role in organization 3 cannot rename or deactivate 3', async () => {
    const org3 = await admin.ok('organization.save', { name: 'Third', code: 'THIRD' });
    const admin3 = await inOrg(admin, org3.id);
    const low = await admin3.ok('userRole.save', { name: 'Viewer', code: 'VIEWER', permissions: ['NAV_DASHBOARD'] });
    await admin3.ok('user.invited', { email: 'boss2@example.com', roleId: low.id });
    await confirmAddressByMail(boss2, 'boss2@example.com');
    await boss2.ok('user.acceptInvitation', { orgId: org3.id });
    const r = await boss2.call('organization.save', { ...org3, name: 'Hijacked', status: 'INACTIVE' });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('730001');
    expect(await admin.ok('organization.detail', { id: org3.id })).toMatchObject({ name: 'Third', status: 'ACTIVE' });
  });

  it("an organization's own administrator can deactivate it from another one, still see it, and restore it", async () => {
    const org3 = (await admin.ok('organization.list')).list.find((o: { code: string }) => o.code === 'THIRD');
    const off = await admin.ok('organization.save', { ...org3, status: 'INACTIVE' });
    expect(off.status).toBe('INACTIVE');
    // Its members cannot select it, but its administrator still finds it.
    expect((await boss2.call('user.switchOrganization', { orgId: org3!.id })).body.errorCode).toBe('720003');
    const listed = (await admin.ok('organization.list')).list.find((o: { id: number }) => o.id === org3!.id);
    expect(listed!.status).toBe('INACTIVE');
    expect((await admin.ok('organization.save', { ...off, status: 'ACTIVE' })).status).toBe('ACTIVE');
    await inOrg(boss2, org3!.id);
  });

  it('nobody deactivates the organization they are signed in to', async () => {
    const org1 = await admin.ok('organization.detail', { id: 1 });
    const r = await admin.call('organization.save', { ...org1, status: 'INACTIVE' });
    expect(r.body.errorCode).toBe('720009');
    expect((await admin.ok('organization.detail', { id: 1 })).status).toBe('ACTIVE');
  });
});

describe('hole 3: no one grants more than they hold', () => {
  let userManager: ApiClient;
  let roleEditor: ApiClient;
  let managerRoleId: string;
  let editorRoleId: string;

  beforeAll(async () => {
    managerRoleId = (await admin.ok('userRole.save', { name: 'User manager', code: 'USERMGR', permissions: ['NAV_PORTAL_USER'] })).id;
    editorRoleId = (await admin.ok('userRole.save', { name: 'Role editor', code: 'ROLEED', permissions: ['NAV_PORTAL_USER', 'NAV_PORTAL_USER_ROLE'] })).id;
    await admin.ok('user.save', { username: 'usermgr', email: 'usermgr@example.com', roleId: managerRoleId, password: 'Mgr@12345' });
    await admin.ok('user.save', { username: 'roleed', email: 'roleed@example.com', roleId: editorRoleId, password: 'Role@1234' });
    userManager = await signedIn('usermgr', 'Mgr@12345');
    roleEditor = await signedIn('roleed', 'Role@1234');
  });

  it('a user manager cannot give itself the administrator role', async () => {
    const me = await userManager.ok('user.profile');
    const r = await userManager.call('user.save', { ...me, roleId: adminRoleId });
    expect(r.body.errorCode).toBe('730001');
    expect((await userManager.ok('user.profile')).roleId).toBe(managerRoleId);
  });

  it('managing users does not imply managing roles', async () => {
    expect((await userManager.call('userRole.save', { name: 'All', code: 'ALL', permissions: [...ALL_PERMISSIONS] })).body.errorCode).toBe('730001');
    expect((await userManager.call('userRole.getListByPage', { page: 0, size: 10 })).body.errorCode).toBe('730001');
    // It may still pick roles for the users it manages.
    expect((await userManager.ok('userRole.getAll')).length).toBeGreaterThan(1);
  });

  it('a user manager cannot create, invite or promote anyone into a role above its own', async () => {
    expect((await userManager.call('user.save', { username: 'crony', email: 'crony@example.com', roleId: adminRoleId, password: 'Crony@123' })).body.errorCode).toBe('730001');
    expect((await userManager.call('user.invited', { email: 'crony2@example.com', roleId: adminRoleId })).body.errorCode).toBe('730001');
    const peer = await userManager.ok('user.save', { username: 'peer', email: 'peer@example.com', roleId: managerRoleId, password: 'Peer@1234' });
    expect((await userManager.call('user.save', { ...peer, roleId: adminRoleId })).body.errorCode).toBe('730001');
    // Nor touch a member above it.
    expect((await userManager.call('user.delete', { id: alice.id })).body.errorCode).toBe('730001');
  });

  it('a role editor grants only what it holds and never changes its own role', async () => {
    const r = await roleEditor.call('userRole.save', { name: 'Orgs', code: 'ORGS', permissions: ['NAV_ORGANIZATION'] });
    expect(r.body.errorCode).toBe('730001');
    expect(r.body.errorMessage).toContain('NAV_ORGANIZATION');
    const own = await roleEditor.ok('userRole.detail', { id: editorRoleId });
    expect((await roleEditor.call('userRole.save', { ...own, permissions: [...own.permissions, 'NAV_DASHBOARD'] })).body.errorCode).toBe('730001');
    expect((await roleEditor.call('userRole.save', { ...own, active: false })).body.errorCode).toBe('730001');
    const adminRole = await roleEditor.ok('userRole.detail', { id: adminRoleId });
    expect((await roleEditor.call('userRole.save', { ...adminRole, name: 'Mine now' })).body.errorCode).toBe('730001');
    // Within its rights it works.
    const ok = await roleEditor.ok('userRole.save', { name: 'Helpers', code: 'HELPERS', permissions: ['NAV_PORTAL_USER'] });
    expect(ok.permissions).toEqual(['NAV_PORTAL_USER']);
  });

  it('creating an organization needs its own permission', async () => {
    const orgAdminRole = await admin.ok('userRole.save', { name: 'Org editor', code: 'ORGED', permissions: ['NAV_ORGANIZATION'] });
    await admin.ok('user.save', { username: 'orged', email: 'orged@example.com', roleId: orgAdminRole.id, password: 'Orged@123' });
    const orgEditor = await signedIn('orged', 'Orged@123');
    const r = await orgEditor.call('organization.save', { name: 'Mine', code: 'MINE' });
    expect(r.body.errorCode).toBe('730001');
    expect((await admin.ok('organization.list')).list.some((o: { code: string }) => o.code === 'MINE')).toBe(false);
    // Editing the organization it administers is its right.
    const org1 = await orgEditor.ok('organization.detail', { id: 1 });
    expect((await orgEditor.ok('organization.save', { ...org1, intro: 'Edited' })).intro).toBe('Edited');
  });
});

describe('hole 4: the sign-in e-mail changes only with the password and a link to the new address', () => {
  it('saveProfile no longer changes the e-mail', async () => {
    const dave = await admin.ok('user.save', { username: 'dave', email: 'dave@example.com', roleId: adminRoleId, password: 'Dave@1234' });
    const c = await signedIn('dave', 'Dave@1234');
    await c.ok('user.saveProfile', { email: 'thief@example.com', firstName: 'Dave' });
    expect((await c.ok('user.profile')).email).toBe(dave.email);
  });

  it('changeEmail asks for the password, mails the new address, tells the old one, and applies on the link', async () => {
    const c = await signedIn('dave', 'Dave@1234');
    expect((await c.call('user.changeEmail', { email: 'dave.new@example.com', password: 'Wrong@123' })).body.errorCode).toBe('710007');
    expect((await c.call('user.changeEmail', { email: 'alice@example.com', password: 'Dave@1234' })).body.errorCode).toBe('720001');
    expect(await c.ok('user.changeEmail', { email: 'dave.new@example.com', password: 'Dave@1234' })).toEqual({ ok: true, pendingEmail: 'dave.new@example.com' });
    // Nothing changes before the link is opened.
    expect((await c.ok('user.profile')).email).toBe('dave@example.com');
    const mails = await sentMail(herald);
    const notice = lastMailTo(mails, 'dave@example.com');
    expect(notice?.subject).toBe('A change of your Herald sign-in address was requested');
    expect(notice?.body.text).toContain('d***@example.com');
    const confirm = lastMailTo(mails, 'dave.new@example.com');
    expect(confirm?.body.text).toContain('#/email-confirm?token=');
    const token = tokenIn(confirm!.body.text!);
    // An e-mail link never sets a password.
    expect((await new ApiClient(herald).call('auth.resetPassword', { token, password: 'Owned@123', confirmPassword: 'Owned@123' })).body.errorCode).toBe('400017');
    expect(await new ApiClient(herald).ok('user.confirmEmail', { token })).toEqual({ ok: true, email: 'dave.new@example.com' });
    expect((await new ApiClient(herald).call('user.confirmEmail', { token })).body.errorCode).toBe('400017');
    // The change ends the old sessions; signing in again shows the new address.
    expect((await c.call('user.profile')).body.errorCode).toBe('600005');
    expect((await (await signedIn('dave', 'Dave@1234')).ok('user.profile')).email).toBe('dave.new@example.com');
    expect(lastMailTo(await sentMail(herald), 'dave@example.com')?.subject).toBe('Your Herald sign-in address was changed');
  });

  it('an administrator cannot change their own e-mail or password through the user form', async () => {
    const me = await admin.ok('user.profile');
    expect((await admin.call('user.save', { ...me, email: 'other@example.com' })).body.errorCode).toBe('730001');
    expect((await admin.call('user.save', { ...me, password: 'Other@123' })).body.errorCode).toBe('730001');
  });
});

describe('hole 5: forgot-password takes the same time whether or not the address has an account', () => {
  it("100 pairs: the median of the pairs' differences within 2 ms, and the known address slower in about half of the pairs", async () => {
    const local = await startHerald({ config: { resetThrottle: { perEmail: 1000, perAddress: 1000 } } });
    const anon = new ApiClient(local);
    const ask = async (kind: 'known' | 'unknown') => {
      // one address of each kind, so both touch the same number of throttle counters
      const email = kind === 'known' ? 'admin@herald.local' : 'nobody@example.com';
      const started = performance.now();
      const r = await anon.call('auth.passwordEmail', { email });
      const took = performance.now() - started;
      expect(r.body.state).toBe('S');
      // The handed-off work finishes before the next request is timed.
      await local.jobs.idle();
      return took;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    for (let i = 0; i < 6; i++) await ask(i % 2 ? 'known' : 'unknown');
    // Paired, in random order within each pair, and compared pair by pair: the load of a machine busy with other
    // suites moves both requests of a pair alike, so the median of the differences stays near 0 where two medians
    // taken apart drifted 3-6 ms from each other. A real difference shows in every round (the hole: 16 ms, and the
    // known address slower in 59 of 60 pairs); a round that misses by chance is measured again, at most three rounds.
    const rounds: { known: number; unknown: number; difference: number; slower: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const times = { known: [] as number[], unknown: [] as number[] };
      const differences: number[] = [];
      let slower = 0;
      for (let i = 0; i < 100; i++) {
        const knownFirst = Math.random() < 0.5;
        const a = await ask(knownFirst ? 'known' : 'unknown');
        const b = await ask(knownFirst ? 'unknown' : 'known');
        const [known, unknown] = knownFirst ? [a, b] : [b, a];
        times.known.push(known);
        times.unknown.push(unknown);
        differences.push(known - unknown);
        if (known > unknown) slower++;
      }
      rounds.push({ known: median(times.known), unknown: median(times.unknown), difference: median(differences), slower });
      console.log(
        `forgot-password round ${round + 1}: medians known ${rounds[round]!.known.toFixed(2)} ms, unknown ${rounds[round]!.unknown.toFixed(2)} ms; ` +
          `median difference ${rounds[round]!.difference.toFixed(2)} ms; known slower in ${slower} of 100 pairs`,
      );
      if (Math.abs(rounds[round]!.difference) < 2) break;
    }
    const last = rounds.at(-1)!;
    expect(Math.abs(last.difference)).toBeLessThan(2);
    // 25..75 is five standard deviations of a fair coin either side of 50.
    for (const r of rounds) expect(r.slower).toBeGreaterThanOrEqual(25);
    for (const r of rounds) expect(r.slower).toBeLessThanOrEqual(75);
    // The known address did get its link.
    expect((await sentMail(local)).some((m) => m.destination.to.includes('admin@herald.local'))).toBe(true);
    await local.stop();
  }, 240_000);
});

describe('hole 7: no 5xx from reserved usage-guide keys', () => {
  it('answers 400016 for __proto__, constructor and prototype, and keeps the guide', async () => {
    await admin.ok('user.updateUsageGuide', { key: 'welcome', done: true });
    for (const key of ['__proto__', 'constructor', 'prototype', 'hasOwnProperty']) {
      const r = await admin.call('user.updateUsageGuide', { key, done: true });
      expect(r.status, key).toBe(400);
      expect(r.body.errorCode).toBe('400016');
    }
    expect((await admin.ok('user.updateUsageGuide', { key: 'tour.step-2', done: false })).usageGuide).toEqual({ welcome: true, 'tour.step-2': false });
  });
});

describe('hole 9: smaller gaps', () => {
  it('an invitation applies the username rule to the address it defaults to', async () => {
    const r = await admin.call('user.invited', { email: "o'brien+x@example.com", roleId: adminRoleId });
    expect(r.body.errorCode).toBe('400016');
    expect(r.body.errorMessage).toContain('payload.username');
    const named = await admin.ok('user.invited', { email: "o'brien+x@example.com", username: 'obrien', roleId: adminRoleId });
    expect(named.username).toBe('obrien');
  });

  it('refuses odd addresses: control characters, quoted local parts, missing domains', async () => {
    for (const email of ['a\u0085b@example.com', '"a,b"@example.com', 'a b@example.com', 'a@example', 'a..b@example.com', 'ä@example.com', 'a@-x.com']) {
      const r = await admin.call('user.save', { username: 'oddone', email, roleId: adminRoleId, password: 'Odd@12345' });
      expect(r.body.errorCode, JSON.stringify(email)).toBe('400016');
    }
  });

  it('one account per e-mail address', async () => {
    const r = await admin.call('user.save', { username: 'alice-two', email: 'ALICE@example.com', roleId: adminRoleId, password: 'Alice@456' });
    expect(r.body.errorCode).toBe('720001');
    expect(r.body.errorMessage).toContain('another account');
    const invite = await admin.call('user.invited', { email: 'alice@example.com', username: 'alice-three', roleId: adminRoleId });
    expect(invite.body.errorCode).toBe('720001');
  });

  it('the member directory needs NAV_PORTAL_USER', async () => {
    const role = await admin.ok('userRole.save', { name: 'Dash', code: 'DASH', permissions: ['NAV_DASHBOARD'] });
    await admin.ok('user.save', { username: 'dash', email: 'dash@example.com', roleId: role.id, password: 'Dash@1234' });
    const dash = await signedIn('dash', 'Dash@1234');
    expect((await dash.call('user.getAll')).body.errorCode).toBe('730001');
    expect((await dash.call('userRole.getAll')).body.errorCode).toBe('730001');
  });
});
