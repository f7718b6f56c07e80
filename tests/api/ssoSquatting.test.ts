/**
 * Single sign-on cannot take an address, or an invitation sent to it (issue 38): against a real OpenID provider
 * (oidc-provider), organization B's provider signs a person in with an address it does not say it verified; the
 * account gets no address until the link mailed to it is opened in the account's session. Organization A then
 * invites that address as an administrator: B's account cannot join A nor read A's data, and the address's real
 * owner makes an account through the invitation link. A provider that says "verified" of someone else's address
 * still cannot take A's invitation to it. An organization that names its e-mail domains signs in only verified
 * addresses there (and Google's hosted domain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { ApiClient, sentMail, startHerald } from '../support/herald';
import { confirmAddressByMail, lastMailedToken } from '../support/mailLinks';
import { type LocalOidc, startOidcProvider } from '../support/oidcProvider';
import { type Callers, twoOrganizations } from '../support/organizations';

const VICTIM = 'ceo@victim-corp.test';
let herald: LocalHerald;
let oidc: LocalOidc;
let callers: Callers;
/** organization B's code and its id */
let orgB: { code: string; id: number };

/** B's sign-in page, the provider's pages as `login`, the callback: in one browser (one cookie jar). */
async function signInThroughB(login: string) {
  const browser = new ApiClient(herald);
  const started = await browser.ok('auth.checkSsoUserLoginState', { orgCode: orgB.code });
  const back = await oidc.signIn(started.loginUrl!, login);
  const answer = await browser.call<any>('auth.checkSsoUserLoginState', { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
  return answer;
}

const mailsTo = async (address: string) => (await sentMail(herald)).filter((m) => m.destination.to.includes(address));

beforeAll(async () => {
  herald = await startHerald();
  oidc = await startOidcProvider({ redirectUri: `${herald.url}/portalui/` });
  callers = await twoOrganizations(herald, 'squat');
  const orgs = await callers.admin.ok('organization.list', { page: 0, size: 50 });
  orgB = orgs.list.find((o: { code: string }) => o.code === 'OTHER_SQUAT')!;
  const roleInB = (await callers.other.ok('userRole.getAll'))[0].id;
  await callers.other.ok('ssoSetting.save', { enabled: true, issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret, defaultRoleId: roleInB, version: 0 });
}, 60_000);

afterAll(async () => {
  await oidc?.stop();
  await herald?.stop();
});

describe('an address the provider does not say it verified', () => {
  let squatter: ApiClient;
  let squatterId: string;

  it('is no address of the account made by the sign-in, nor its username; the address is only asked by mail', async () => {
    oidc.setClaims('squatter', { email: VICTIM, email_verified: false, preferred_username: VICTIM, name: 'Not the CEO' });
    const answer = await signInThroughB('squatter');
    expect(answer.body.state).toBe('S');
    const { userdetails } = answer.payload.signIn;
    squatterId = userdetails.id;
    expect(userdetails.email).not.toBe(VICTIM);
    expect(userdetails.email).toMatch(/@sso\.invalid$/);
    expect(userdetails.username).not.toBe(VICTIM);
    // a member of B, the organization whose provider signed the person in, and of no other
    expect(userdetails.organizations.map((o: { id: number }) => o.id)).toEqual([orgB.id]);
    squatter = new ApiClient(herald);
    squatter.token = answer.payload.signIn.accessToken;
    const [confirm] = await mailsTo(VICTIM);
    expect(confirm.subject).toBe('Confirm your new Herald sign-in address');
    // the mailbox's owner opening it without the account's session gives the account nothing (the link stays)
    const opened = await new ApiClient(herald).call('user.confirmEmail', { token: (await lastMailedToken(herald, VICTIM, 'email-confirm'))! }, { 'x-lang': 'ja' });
    expect(opened.body).toMatchObject({ state: 'F', errorCode: '400017' });
    expect(opened.body.errorMessage).toContain('このアドレスのアカウントでサインインしてから');
    // the provider saying it later does not make the address the account's either
    expect((await signInThroughB('squatter')).payload.signIn.userdetails.email).toMatch(/@sso\.invalid$/);
  });

  it("organization A's invitation of that address as an administrator is not the squatter's to take", async () => {
    const adminRole = (await callers.admin.ok('userRole.getAll')).find((r: { code: string }) => r.code === 'ADMIN') ?? (await callers.admin.ok('userRole.getAll'))[0];
    const invited = await callers.admin.ok('user.invited', { email: VICTIM, roleId: adminRole.id });
    expect(invited).toMatchObject({ email: VICTIM, status: 'INVITED' });
    // the invitation is a new account's (a link to set a password mailed to the address), not a join request
    expect(await squatter.ok('user.myInvitations')).toEqual([]);
    expect((await squatter.call('user.acceptInvitation', { orgId: 1 })).body.errorCode).toBe('720003');
    expect((await squatter.call('user.switchOrganization', { orgId: 1 })).body.errorCode).toBe('720003');
    expect((await squatter.ok('organization.list')).list.map((o: { id: number }) => o.id)).toEqual([orgB.id]);
    // what it reads is B's alone: A's members and A's SSO settings stay out of reach
    const members = await squatter.call<any>('user.getListByPage', { page: 0, size: 100 });
    expect(JSON.stringify(members.payload ?? '')).not.toContain(VICTIM);
    expect(JSON.stringify(members.payload ?? '')).not.toContain('nobody-squat');
  });

  it('the real owner makes an account through the invitation link, is a member of A, and the squatter cannot confirm the address afterwards', async () => {
    const token = await lastMailedToken(herald, VICTIM, 'password-new');
    expect(token).toBeTruthy();
    const owner = new ApiClient(herald);
    expect(await owner.ok('auth.resetPassword', { token: token!, password: 'Owner@1234', confirmPassword: 'Owner@1234' })).toMatchObject({ username: VICTIM });
    await owner.login(VICTIM, 'Owner@1234');
    expect((await owner.ok('organization.list')).list.map((o: { id: number }) => o.id)).toContain(1);
    const listed = await callers.admin.ok('user.getListByPage', { page: 0, size: 100, keyword: 'victim-corp' });
    expect(listed.list).toEqual([expect.objectContaining({ username: VICTIM, email: VICTIM, status: 'ACTIVE' })]);

    // the confirmation mailed for the squatter's account, even opened in its session, no longer gives it the address
    const confirmToken = await lastMailedToken(herald, VICTIM, 'email-confirm');
    expect((await squatter.call('user.confirmEmail', { token: confirmToken! })).body.errorCode).toBe('720001');
    const squatterNow = await callers.other.ok('user.getListByPage', { page: 0, size: 100 });
    expect(squatterNow.list.find((u: { id: string }) => u.id === squatterId)?.email).toMatch(/@sso\.invalid$/);
  });

  it("an unverified address, confirmed through the link mailed to it by the account's own session, becomes the account's", async () => {
    oidc.setClaims('late', { email: 'late@elsewhere.test', email_verified: false });
    const answer = await signInThroughB('late');
    expect(answer.payload.signIn.userdetails.email).toMatch(/@sso\.invalid$/);
    const late = new ApiClient(herald);
    late.token = answer.payload.signIn.accessToken;
    const token = await lastMailedToken(herald, 'late@elsewhere.test', 'email-confirm');
    expect(await late.ok('user.confirmEmail', { token: token! })).toMatchObject({ email: 'late@elsewhere.test' });
    expect((await signInThroughB('late')).payload.signIn.userdetails.email).toBe('late@elsewhere.test');
  });
});

describe('a later sign-in whose provider says it verified the address', () => {
  it('gives an account without one that address when it is free, and leaves it without when the address is taken', async () => {
    oidc.setClaims('changer', { email: 'changer@elsewhere.test', email_verified: false });
    expect((await signInThroughB('changer')).payload.signIn.userdetails.email).toMatch(/@sso\.invalid$/);
    oidc.setClaims('changer', { email: 'changer@elsewhere.test', email_verified: true });
    expect((await signInThroughB('changer')).payload.signIn.userdetails.email).toBe('changer@elsewhere.test');
    // the squatter's provider now says it verified the address the real owner has since made an account with
    oidc.setClaims('squatter', { email: VICTIM, email_verified: true });
    expect((await signInThroughB('squatter')).payload.signIn.userdetails.email).toMatch(/@sso\.invalid$/);
  });
});

describe('a provider that says "verified" of someone else\'s address', () => {
  const CFO = 'cfo@victim-corp.test';

  it("gets its account that address, but not A's invitation to it: only Herald's own link, in the account's session, shows the address", async () => {
    oidc.setClaims('liar', { email: CFO, email_verified: true });
    const answer = await signInThroughB('liar');
    expect(answer.payload.signIn.userdetails.email).toBe(CFO);
    const liar = new ApiClient(herald);
    liar.token = answer.payload.signIn.accessToken;

    const roleId = (await callers.admin.ok('userRole.getAll'))[0].id;
    await callers.admin.ok('user.invited', { email: CFO, roleId });
    // the address has an account, so the invitation asks it to join; accepting needs the address shown first
    expect((await liar.ok('user.myInvitations')).map((i: { orgId: number }) => i.orgId)).toEqual([1]);
    const refused = await liar.call('user.acceptInvitation', { orgId: 1 }, { 'x-lang': 'zh' });
    expect(refused.body).toMatchObject({ state: 'F', errorCode: '400017' });
    expect(refused.body.errorMessage).toContain('请先确认您的电子邮件地址');
    // the join mail's link reaches the mailbox's owner, who is not signed in as the account: it shows nothing
    const [join] = (await mailsTo(CFO)).filter((m) => m.subject === 'You are invited to another organization in Herald');
    expect(join.body.text).toContain('#/email-confirm?token=');
    const token = await lastMailedToken(herald, CFO, 'email-confirm');
    expect((await new ApiClient(herald).call('user.confirmEmail', { token: token! })).body.errorCode).toBe('400017');
    expect((await liar.call('user.acceptInvitation', { orgId: 1 })).body.errorCode).toBe('400017');
    expect((await liar.call('user.switchOrganization', { orgId: 1 })).body.errorCode).toBe('720003');
    expect((await liar.ok('organization.list')).list.map((o: { id: number }) => o.id)).toEqual([orgB.id]);
  });

  it("a person of B whose mailbox it is opens the join mail's link in their session and joins A", async () => {
    const answer = await signInThroughB('mover');
    const mover = new ApiClient(herald);
    mover.token = answer.payload.signIn.accessToken;
    const roleId = (await callers.admin.ok('userRole.getAll'))[0].id;
    await callers.admin.ok('user.invited', { email: 'mover@idp.example', roleId });
    await confirmAddressByMail(mover, 'mover@idp.example');
    await mover.ok('user.acceptInvitation', { orgId: 1 });
    expect((await mover.ok('organization.list')).list.map((o: { id: number }) => o.id).sort()).toEqual([1, orgB.id].sort());
  });
});

describe("an organization's e-mail domains", () => {
  async function limitTo(emailDomains: string[]) {
    const detail = await callers.other.ok('ssoSetting.detail');
    return callers.other.ok('ssoSetting.save', { ...detail, clientSecret: '', emailDomains, version: detail.version });
  }

  it('are checked on save: domain names only, at most 20, kept in lower case', async () => {
    const detail = await callers.other.ok('ssoSetting.detail');
    for (const emailDomains of [['not a domain'], ['@corp.test'], Array.from({ length: 21 }, (_, i) => `d${i}.test`)]) {
      const r = await callers.other.call('ssoSetting.save', { ...detail, emailDomains, version: detail.version });
      expect(r.body.errorCode, JSON.stringify(emailDomains)).toBe('400016');
    }
    const zh = await callers.other.call('ssoSetting.save', { ...detail, emailDomains: ['x y'], version: detail.version }, { 'x-lang': 'zh' });
    expect(zh.body.errorMessage).toContain('最多填写 20 个电子邮件域名');
    expect((await limitTo(['Corp.TEST'])).emailDomains).toEqual(['corp.test']);
  });

  it('sign in only a verified address in one of them, and a hosted domain (hd) when the token has one', async () => {
    await limitTo(['corp.test']);
    oidc.setClaims('outsider', { email: 'outsider@idp.example', email_verified: true });
    oidc.setClaims('unverified', { email: 'unverified@corp.test', email_verified: false });
    oidc.setClaims('insider', { email: 'insider@corp.test', email_verified: true });
    oidc.setClaims('wronghd', { email: 'wronghd@corp.test', email_verified: true });
    for (const login of ['outsider', 'unverified', 'wronghd']) {
      // Google names the hosted domain in the ID token (hd)
      if (login === 'wronghd') oidc.rewriteNextIdToken((t) => oidc.reSigned(t, (c) => ({ ...c, hd: 'other.test' })));
      const refused = await signInThroughB(login);
      expect(refused.body, login).toMatchObject({ state: 'F', errorCode: '710003' });
      expect(refused.body.errorMessage).toContain('verified e-mail address is in its own domains');
      expect((await callers.other.ok('user.getListByPage', { page: 0, size: 100, keyword: login })).list).toEqual([]);
    }
    const ja = new ApiClient(herald);
    const started = await ja.ok('auth.checkSsoUserLoginState', { orgCode: orgB.code });
    const back = await oidc.signIn(started.loginUrl!, 'outsider');
    const jaAnswer = await ja.call('auth.checkSsoUserLoginState', { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }, { 'x-lang': 'ja' });
    expect(jaAnswer.body.errorMessage).toContain('確認済みのメールアドレスが組織のドメインに属する人だけ');

    const insider = await signInThroughB('insider');
    expect(insider.body.state).toBe('S');
    expect(insider.payload.signIn.userdetails.email).toBe('insider@corp.test');
    oidc.setClaims('righthd', { email: 'righthd@corp.test', email_verified: true });
    oidc.rewriteNextIdToken((t) => oidc.reSigned(t, (c) => ({ ...c, hd: 'corp.test' })));
    expect((await signInThroughB('righthd')).body.state).toBe('S');
    await limitTo([]);
    expect((await signInThroughB('outsider')).body.state).toBe('S');
  });
});
