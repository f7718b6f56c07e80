/**
 * Organization administration and role delegation (issue 25 item 1): the app feature JSON, ownership transfer,
 * the white list (up to 60 KB) and the action list of the organization signed in to; a role lent for a date
 * range that ends by itself on the clock, and never more than the delegator holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';
import { ApiClient, manualClock, startHerald } from '../support/herald';
import { type Callers, twoOrganizations } from '../support/organizations';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
let herald: LocalHerald;
let callers: Callers;
const clock = manualClock(Date.UTC(2026, 10, 24, 9));

beforeAll(async () => {
  herald = await startHerald({ clock });
  callers = await twoOrganizations(herald, 'adm');
  // the clock moves by days here: long-lived clients refresh their sessions as a browser would
  for (const c of [callers.admin, callers.other]) c.autoRefresh = true;
}, 60_000);
afterAll(() => herald?.stop());

/** A member of organization 1 with a role of `permissions`, signed in. */
async function memberWith(name: string, permissions: string[]) {
  const { admin } = callers;
  const role = await admin.ok('userRole.save', { name: `Role ${name}`, code: `ROLE_${name.toUpperCase()}`, permissions });
  const user = await admin.ok('user.save', { username: name, email: `${name}@example.com`, roleId: role.id, password: 'Member@123' });
  const client = new ApiClient(herald);
  await client.login(name, 'Member@123');
  client.autoRefresh = true;
  return { id: user.id as string, roleId: role.id as string, client };
}

describe('organizations', () => {
  it('keep a valid app feature JSON and refuse one that is not a JSON object', async () => {
    const { admin } = callers;
    const org = await admin.ok('organization.detail', { id: 1 });
    const saved = await admin.ok('organization.save', { ...org, shortCode: 'DF', appFeatureJson: '{"inbox":true,"geofence":{"max":20}}' });
    expect(saved).toMatchObject({ shortCode: 'DF', appFeatureJson: '{"inbox":true,"geofence":{"max":20}}' });
    for (const bad of ['[1,2]', '{inbox:true}', '"text"']) {
      const refused = await admin.call('organization.save', { ...saved, appFeatureJson: bad }, { 'x-lang': 'ja' });
      expect(refused.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('アプリ機能 JSON は JSON オブジェクトにしてください。') });
    }
    expect((await admin.ok('organization.detail', { id: 1 })).appFeatureJson).toBe('{"inbox":true,"geofence":{"max":20}}');
  });

  it('pass ownership from its owner to an active member only; the former owner can no longer hand it on', async () => {
    const { admin } = callers;
    const created = await admin.ok('organization.save', { name: 'Owned org', code: 'OWNED_ORG' });
    // a session of its own: switching moves the session, and the shared administrator stays in organization 1
    const owner = new ApiClient(herald);
    await owner.login();
    owner.token = (await owner.ok('user.switchOrganization', { orgId: created.id })).accessToken;
    expect(created.ownerUserId).toBeTruthy();
    const roleId = (await owner.ok('userRole.getAll'))[0].id;
    const heir = await owner.ok('user.save', { username: 'heir', email: 'heir@example.com', roleId, password: 'Heir@1234' });

    // a user of no membership here, and another organization's id, answer as missing
    const outsider = await callers.admin.ok('user.save', {
      username: 'outsider',
      email: 'outsider@example.com',
      roleId: (await callers.admin.ok('userRole.getAll'))[0].id,
      password: 'Out@12345',
    });
    expect((await owner.call('organization.transfer', { id: created.id, userId: outsider.id })).body.errorCode).toBe('720003');
    expect((await owner.call('organization.transfer', { id: 1, userId: heir.id })).body.errorCode).toBe('720003');
    expect((await owner.call('organization.transfer', { id: created.id, userId: created.ownerUserId })).body.errorCode).toBe('720009');

    const moved = await owner.ok('organization.transfer', { id: created.id, userId: heir.id, version: created.version });
    expect(moved.ownerUserId).toBe(heir.id);
    const again = await owner.call('organization.transfer', { id: created.id, userId: created.ownerUserId }, { 'x-lang': 'zh' });
    expect(again.body).toMatchObject({ errorCode: '730001', errorMessage: expect.stringContaining('只有组织的所有者才能转让该组织。') });

    const heirClient = new ApiClient(herald);
    await heirClient.login('heir', 'Heir@1234');
    heirClient.token = (await heirClient.ok('user.switchOrganization', { orgId: created.id })).accessToken;
    const back = await heirClient.ok('organization.transfer', { id: created.id, userId: created.ownerUserId });
    expect(back.ownerUserId).toBe(created.ownerUserId);
    // a refreshed session opens where its user last was: back to organization 1
    await owner.ok('user.switchOrganization', { orgId: 1 });
  });

  it('an organization nobody owns yet passes only from a holder of every permission', async () => {
    const editor = await memberWith('orgeditor', ['NAV_ORGANIZATION']);
    expect((await callers.admin.ok('organization.detail', { id: 1 })).ownerUserId).toBeUndefined();
    expect((await editor.client.call('organization.transfer', { id: 1, userId: editor.id })).body.errorCode).toBe('730001');
    expect((await callers.admin.ok('organization.detail', { id: 1 })).ownerUserId).toBeUndefined();
  });

  it('keep a white list of up to 60 KB for the organization signed in to', async () => {
    const { admin, other, nobody } = callers;
    expect(await admin.ok('organization.whiteList', { id: 1 })).toMatchObject({ entries: [], bytes: 0 });
    const saved = await admin.ok('organization.saveWhiteList', { id: 1, content: 'qa@example.com\n+81 90 1234 5678, qa@example.com\n\n  acct-1 ' });
    expect(saved.entries).toEqual(['qa@example.com', '+81 90 1234 5678', 'acct-1']);
    expect((await admin.ok('organization.whiteList', { id: 1 })).entries).toEqual(saved.entries);

    const fits = 'a'.repeat(60 * 1024);
    expect((await admin.ok('organization.saveWhiteList', { id: 1, content: `${'x'.repeat(200)}\n`.repeat(300).slice(0, 60 * 1024) })).entries).toHaveLength(1);
    const tooBig = await admin.call('organization.saveWhiteList', { id: 1, content: `${fits}b` });
    expect(tooBig.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('The white list may be at most 60 KB.') });
    const longEntry = await admin.call('organization.saveWhiteList', { id: 1, content: 'x'.repeat(255) });
    expect(longEntry.body.errorCode).toBe('400016');

    // another organization's id answers as missing; a member without the permission is refused
    expect((await other.call('organization.whiteList', { id: 1 })).body.errorCode).toBe('720003');
    expect((await other.call('organization.saveWhiteList', { id: 1, content: 'evil@example.com' })).body.errorCode).toBe('720003');
    expect((await nobody.call('organization.whiteList', { id: 1 })).body.errorCode).toBe('730001');
    expect((await admin.ok('organization.whiteList', { id: 1 })).entries).toEqual(['x'.repeat(200)]);
  });

  it("list the organization's actions, and only its own", async () => {
    const { admin, other } = callers;
    await admin.ok('actionList.save', { name: 'Open coupons', code: 'OPEN_COUPONS', type: 'OPEN_PAGE' });
    const list = await admin.ok('organization.actionList', { id: 1 });
    expect(list).toEqual([expect.objectContaining({ name: 'Open coupons', code: 'OPEN_COUPONS', type: 'OPEN_PAGE' })]);
    expect((await other.call('organization.actionList', { id: 1 })).body.errorCode).toBe('720003');
  });
});

describe('onboarding', () => {
  it("a new organization's onboarding is pending until its own administrator marks it done; nobody else can", async () => {
    const { admin, other } = callers;
    const created = await admin.ok('organization.save', { name: 'Onboarded', code: 'ONBOARDED' });
    expect(created.onboardingPending).toBe(true);
    // the seeded organization never onboards
    expect((await admin.ok('organization.detail', { id: 1 })).onboardingPending).toBe(false);

    // a member of it without the organization permission
    // its administrator signed in to it in a session of its own (a switch moves the whole session)
    const inNew = new ApiClient(herald);
    await inNew.login();
    inNew.token = (await inNew.ok('user.switchOrganization', { orgId: created.id })).accessToken;
    const plain = await inNew.ok('userRole.save', { name: 'Plain', code: 'PLAIN', permissions: ['NAV_DASHBOARD'] });
    await inNew.ok('user.save', { username: 'onboard-plain', email: 'onboard-plain@example.com', roleId: plain.id, password: 'Plain@1234' });
    const member = new ApiClient(herald);
    const signIn = await member.login('onboard-plain', 'Plain@1234');
    expect(signIn.userdetails.organizations).toEqual([expect.objectContaining({ id: created.id, onboardingPending: true })]);

    // another organization's administrator, the same administrator signed in to another organization, and a member without the permission: refused, still pending
    expect((await other.call('organization.completeOnboarding', { id: created.id })).body.errorCode).toBe('720003');
    expect((await admin.call('organization.completeOnboarding', { id: created.id })).body.errorCode).toBe('720003');
    expect((await member.call('organization.completeOnboarding', { id: created.id })).body.errorCode).toBe('730001');
    expect((await inNew.ok('organization.detail', { id: created.id })).onboardingPending).toBe(true);

    // its administrator marks it done: only this organization, and for good
    expect((await inNew.ok('organization.completeOnboarding', { id: created.id })).onboardingPending).toBe(false);
    expect((await inNew.ok('organization.completeOnboarding', { id: created.id })).onboardingPending).toBe(false);
    expect((await member.login('onboard-plain', 'Plain@1234')).userdetails.organizations[0].onboardingPending).toBe(false);
    const otherOrg = (await other.ok('organization.list')).list[0];
    expect(otherOrg.onboardingPending).toBe(true);
    // the admin's next sessions open in organization 1 again, as the later tests expect
    await inNew.ok('user.switchOrganization', { orgId: 1 });
  });
});

describe('role delegation', () => {
  let lender: Awaited<ReturnType<typeof memberWith>>;
  let taker: Awaited<ReturnType<typeof memberWith>>;
  const canReadTags = async (c: ApiClient) => (await c.call('planTag.getAll')).body.state === 'S';

  beforeAll(async () => {
    lender = await memberWith('lender', ['NAV_PLAN_TAG']);
    taker = await memberWith('taker', []);
  });

  it("lends the delegator's role from its start until its end, checked at each call on the clock", async () => {
    const start = clock.now() + HOUR;
    const saved = await lender.client.ok('userDelegate.save', { toUserId: taker.id, startAt: start, endAt: start + 2 * DAY });
    expect(saved).toMatchObject({ fromUserId: lender.id, toUserId: taker.id, roleId: lender.roleId, state: 'SCHEDULED', toUsername: 'taker' });
    expect(await canReadTags(taker.client)).toBe(false);

    clock.advance(2 * HOUR);
    await taker.client.login('taker', 'Member@123');
    expect(await canReadTags(taker.client)).toBe(true);
    // the portal's menu sees the lent permission too
    const signIn = await taker.client.login('taker', 'Member@123');
    expect(signIn.userdetails.rolePermissions).toContain('NAV_PLAN_TAG');
    expect((await taker.client.ok('userDelegate.getListByPage', { page: 0, size: 10 })).list[0]).toMatchObject({ id: saved.id, state: 'ACTIVE' });

    // an hour before its end it still lends; once the end has passed, with no job run, the call is refused
    clock.advance(2 * DAY - 2 * HOUR);
    await taker.client.login('taker', 'Member@123');
    expect(await canReadTags(taker.client)).toBe(true);
    clock.advance(HOUR);
    expect(await canReadTags(taker.client)).toBe(false);
    await lender.client.login('lender', 'Member@123');
    expect((await lender.client.ok('userDelegate.getListByPage', { page: 0, size: 10 })).list[0]).toMatchObject({ id: saved.id, state: 'ENDED' });
  });

  it('lends only what the delegator holds now, and ends at once when deleted', async () => {
    await lender.client.login('lender', 'Member@123');
    await taker.client.login('taker', 'Member@123');
    const d = await lender.client.ok('userDelegate.save', { toUserId: taker.id, startAt: clock.now() - HOUR, endAt: clock.now() + DAY });
    expect(await canReadTags(taker.client)).toBe(true);

    // the taker passes on their own role, never the lent one
    const third = await memberWith('third', []);
    await taker.client.ok('userDelegate.save', { toUserId: third.id, startAt: clock.now() - HOUR, endAt: clock.now() + DAY });
    expect(await canReadTags(third.client)).toBe(false);

    // the lender's role changes: the delegation lends nothing any more
    const { admin } = callers;
    const plain = await admin.ok('userRole.save', { name: 'Plain', code: 'PLAIN', permissions: [] });
    const lenderUser = (await admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'lender' })).list[0];
    await admin.ok('user.save', { ...lenderUser, roleId: plain.id });
    expect(await canReadTags(taker.client)).toBe(false);
    await admin.ok('user.save', { ...(await admin.ok('user.getListByPage', { page: 0, size: 50, keyword: 'lender' })).list[0], roleId: lender.roleId });
    expect(await canReadTags(taker.client)).toBe(true);

    await admin.ok('userDelegate.delete', { id: d.id });
    expect(await canReadTags(taker.client)).toBe(false);
  });

  it('refuses bad ranges, oneself, other users without the permission, and other organizations', async () => {
    await lender.client.login('lender', 'Member@123');
    const now = clock.now();
    const self = await lender.client.call('userDelegate.save', { toUserId: lender.id, startAt: now, endAt: now + DAY }, { 'x-lang': 'ja' });
    expect(self.body).toMatchObject({ errorCode: '720009', errorMessage: expect.stringContaining('ユーザーは自分自身に委任できません。') });
    const backwards = await lender.client.call('userDelegate.save', { toUserId: taker.id, startAt: now + DAY, endAt: now });
    expect(backwards.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('The start date should be earlier than the end date!') });
    expect((await lender.client.call('userDelegate.save', { toUserId: taker.id, startAt: now - 2 * DAY, endAt: now - DAY })).body.errorCode).toBe('720009');
    // lending someone else's role needs NAV_PORTAL_USER
    const forOther = await taker.client.call('userDelegate.save', { fromUserId: lender.id, toUserId: taker.id, startAt: now, endAt: now + DAY });
    expect(forOther.body.errorCode).toBe('730001');
    // an administrator may set one up for a member
    const byAdmin = await callers.admin.ok('userDelegate.save', { fromUserId: lender.id, toUserId: taker.id, startAt: now, endAt: now + DAY });
    expect(byAdmin.fromUserId).toBe(lender.id);

    // another organization: its users and delegation ids answer as missing, and it sees none of ours
    const { other } = callers;
    await other.login('other-adm', 'Other@123');
    expect((await other.call('userDelegate.save', { toUserId: taker.id, startAt: now, endAt: now + DAY })).body.errorCode).toBe('720003');
    expect((await other.call('userDelegate.delete', { id: byAdmin.id })).body.errorCode).toBe('720003');
    expect((await other.ok('userDelegate.getListByPage', { page: 0, size: 50 })).list).toEqual([]);
    expect(await canReadTags(taker.client)).toBe(true);
  });

  it("a manager cannot lend another user's role that holds more than the manager's own rights", async () => {
    const manager = await memberWith('manager', ['NAV_PORTAL_USER', 'NAV_PLAN_TAG']);
    const richer = await memberWith('richer', ['NAV_PORTAL_USER', 'NAV_PLAN_TAG', 'NAV_SEGMENT']);
    const receiver = await memberWith('receiver', []);
    const now = clock.now();
    const canReadSegments = async (c: ApiClient) => (await c.call('segment.getListByPage', { page: 0, size: 10 })).body.state === 'S';

    // a role within the manager's rights may be lent for its holder
    const within = await manager.client.ok('userDelegate.save', { fromUserId: lender.id, toUserId: receiver.id, startAt: now - HOUR, endAt: now + DAY });
    expect(within).toMatchObject({ fromUserId: lender.id, roleId: lender.roleId });

    // one holding NAV_SEGMENT, which the manager lacks, is refused and lends nothing
    const beyond = await manager.client.call('userDelegate.save', { fromUserId: richer.id, toUserId: receiver.id, startAt: now - HOUR, endAt: now + DAY });
    expect(beyond.body).toMatchObject({ errorCode: '730001', errorMessage: expect.stringContaining("This user's role holds permissions you do not hold.") });
    expect(await canReadSegments(receiver.client)).toBe(false);
    expect((await manager.client.ok('userDelegate.getListByPage', { page: 0, size: 50 })).list.some((d: { fromUserId: string }) => d.fromUserId === richer.id)).toBe(false);

    // nor may the manager move their own delegation onto that role's holder, or take over or end one an administrator made
    const moved = await manager.client.call('userDelegate.save', { ...within, fromUserId: richer.id });
    expect(moved.body.errorCode).toBe('730001');
    const byAdmin = await callers.admin.ok('userDelegate.save', { fromUserId: richer.id, toUserId: receiver.id, startAt: now - HOUR, endAt: now + DAY });
    expect(await canReadSegments(receiver.client)).toBe(true);
    expect((await manager.client.call('userDelegate.save', { ...byAdmin, toUserId: manager.id })).body.errorCode).toBe('730001');
    expect((await manager.client.call('userDelegate.delete', { id: byAdmin.id })).body.errorCode).toBe('730001');
    expect(await canReadSegments(manager.client)).toBe(false);
    expect(await canReadSegments(receiver.client)).toBe(true);
    await callers.admin.ok('userDelegate.delete', { id: byAdmin.id });
    await manager.client.ok('userDelegate.delete', { id: within.id });
  });
});

describe('applications of every API type', () => {
  /** The stored record as DynamoDB holds it: a secret must not be there in the clear either. */
  const storedApp = async (id: string) => JSON.stringify(await new Store(herald.rt).get('application', { orgId: 1, id }));

  it('seal the OAuth client secret, the bearer token and the basic password: asked for when missing, never answered, kept when left empty', async () => {
    const { admin } = callers;
    const missing = await admin.call('application.save', { name: 'CRM', appType: 'OAuth', clientId: 'crm-client' }, { 'x-lang': 'ja' });
    expect(missing.body).toMatchObject({ errorCode: '720006', errorMessage: expect.stringContaining('クライアントシークレットを入力してください！') });

    const oauth = await admin.call('application.save', {
      name: 'CRM',
      appType: 'OAuth',
      clientId: 'crm-client',
      clientSecret: 'oauth-secret-4711',
      authType: 'AES256',
      databaseUrl: 'https://db.example.com',
      apiSendRepeat: true,
    });
    expect(oauth.payload).toMatchObject({
      appType: 'OAuth',
      clientId: 'crm-client',
      clientSecretSet: true,
      authType: 'AES256',
      databaseUrl: 'https://db.example.com',
      apiSendRepeat: true,
      apiSendNotificationShowInbox: false,
    });
    const id = (oauth.payload as { id: string }).id;
    expect(JSON.stringify(oauth.body)).not.toContain('oauth-secret-4711');
    expect(await storedApp(id)).not.toContain('oauth-secret-4711');
    const detail = await admin.ok('application.detail', { id });
    expect(JSON.stringify(detail)).not.toMatch(/oauth-secret-4711|Sealed/);
    // an edit that leaves the secret empty keeps it
    const before = await storedApp(id);
    const edited = await admin.ok('application.save', { ...detail, name: 'CRM (prod)', clientSecret: '' });
    expect(edited).toMatchObject({ name: 'CRM (prod)', clientSecretSet: true });
    expect(JSON.parse(await storedApp(id)).clientSecretSealed).toBe(JSON.parse(before).clientSecretSealed);

    expect((await admin.call('application.save', { name: 'Bearer', appType: 'BearerToken' })).body.errorCode).toBe('720006');
    const bearer = await admin.ok('application.save', { name: 'Bearer', appType: 'BearerToken', bearerToken: 'tok-9876' });
    expect(bearer.bearerTokenSet).toBe(true);
    expect((await admin.call('application.save', { name: 'Basic', appType: 'BasicAuth', password: 'pw-1' })).body.errorCode).toBe('720006');
    const basic = await admin.ok('application.save', { name: 'Basic', appType: 'BasicAuth', username: 'api-user', password: 'Basic-pw-555' });
    expect(basic).toMatchObject({ username: 'api-user', passwordSet: true });
    const listed = JSON.stringify(await admin.ok('application.getListByPage', { page: 0, size: 50 }));
    expect(listed).not.toMatch(/tok-9876|Basic-pw-555|oauth-secret-4711/);
  });

  it('keep custom header and query entries with their values sealed; an API key app needs one', async () => {
    const { admin, other } = callers;
    expect((await admin.call('application.save', { name: 'Keyed', appType: 'ApiKey' })).body.errorCode).toBe('720006');
    const bad = await admin.call('application.save', { name: 'Keyed', appType: 'ApiKey', customHeaders: [{ key: 'X Api Key', value: 'v', place: 'header' }] });
    expect(bad.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('A header name has letters, digits and - only.') });
    const keyed = await admin.ok('application.save', {
      name: 'Keyed',
      appType: 'ApiKey',
      customHeaders: [
        { key: 'X-Api-Key', value: 'key-value-31337', place: 'header' },
        { key: 'tenant', value: 'shop-1', place: 'query' },
      ],
    });
    expect(keyed.customHeaders).toEqual([
      { key: 'X-Api-Key', value: '', place: 'header' },
      { key: 'tenant', value: '', place: 'query' },
    ]);
    expect(await storedApp(keyed.id)).not.toMatch(/key-value-31337|shop-1/);
    // left empty, a value stays; a new entry needs its value
    const kept = await admin.ok('application.save', { ...keyed, customHeaders: [{ key: 'X-Api-Key', value: '', place: 'header' }] });
    expect(Object.keys(JSON.parse(await storedApp(kept.id)).headerValuesSealed)).toEqual(['X-Api-Key']);
    const noValue = await admin.call('application.save', { ...kept, customHeaders: [...kept.customHeaders, { key: 'X-New', value: '', place: 'header' }] });
    expect(noValue.body.errorCode).toBe('720006');
    // another organization's app answers as missing
    expect((await other.call('application.detail', { id: keyed.id })).body.errorCode).toBe('720003');
  });
});
