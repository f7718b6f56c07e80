/** Sign-in, refresh rotation and reuse detection, revocation, throttling, password reset, session ends. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import type { RuntimeConfig } from '../../functions/platform/runtime';
import { ROTATION_GRACE_MS } from '../../functions/services/auth/session';
import { ADMIN_PASSWORD, ApiClient, manualClock, sentMail, startHerald } from '../support/herald';

let herald: LocalHerald;
let admin: ApiClient;
const clock = manualClock();
let roleId: string;
let seq = 0;

/**
 * A time near the real present for a held clock: what the throttle counts then does not look expired to the
 * local TTL sweeper, which reads the real time.
 */
function midWindow(): number {
  const window = 900_000;
  return Math.floor(Date.now() / window) * window + window / 2;
}

/** Login throttle settings for a test: small delays so slowed attempts stay quick. */
function throttle(over: Partial<RuntimeConfig['loginThrottle']> = {}): RuntimeConfig['loginThrottle'] {
  return { windowSeconds: 900, perUserAddress: 5, perAddress: 50, perUser: 20, delayStepMs: 1, maxDelayMs: 50, ...over };
}

beforeAll(async () => {
  herald = await startHerald({ clock, config: { loginThrottle: throttle({ perAddress: 40 }) } });
  admin = new ApiClient(herald);
  admin.autoRefresh = true;
  await admin.login();
  roleId = (await admin.ok('userRole.save', { name: 'Marketer', code: 'MARKETER', permissions: ['NAV_DASHBOARD'] })).id;
});
afterAll(() => herald?.stop());

async function newUser(password = 'Passw0rd@1') {
  const username = `user${++seq}`;
  const user = await admin.ok('user.save', { username, email: `${username}@example.com`, roleId, password });
  const c = new ApiClient(herald);
  await c.login(username, password);
  return { user, client: c, username, password };
}

describe('login', () => {
  it('answers the stored sign-in object of spec 000 section 3', async () => {
    const c = new ApiClient(herald);
    const s = await c.login();
    expect(s).toMatchObject({ tokenType: 'Bearer', loginType: 'NATIVE', loginUrl: null, logoutUrl: null });
    expect(s.userdetails.organizations).toEqual([expect.objectContaining({ id: 1, isSelected: true, role: expect.objectContaining({ code: 'ADMIN' }) })]);
    expect(s.userdetails.rolePermissions).toContain('NAV_PORTAL_USER');
    expect(JSON.stringify(s)).not.toMatch(/passwordHash|securityStamp|argon2/);
  });

  it('asks for a missing username or password with the spec messages', async () => {
    const c = new ApiClient(herald);
    expect((await c.call('auth.login', { username: ' ', password: 'x' })).body.errorMessage).toContain('Please enter your username!');
    expect((await c.call('auth.login', { username: 'admin', password: '' })).body.errorMessage).toContain('Please enter your password!');
  });

  it('answers an unknown user and a wrong password alike (710002)', async () => {
    const c = new ApiClient(herald);
    const unknown = await c.call('auth.login', { username: 'nobody-here', password: 'Wrong@123' });
    const wrong = await c.call('auth.login', { username: 'admin', password: 'Wrong@123' });
    expect(unknown.status).toBe(401);
    expect({ ...unknown.body }).toEqual({ ...wrong.body });
    expect(wrong.body.errorCode).toBe('710002');
  });

  it('throttles repeated failures of one user from one address with a clear message, and the window ends', async () => {
    const { username, password } = await newUser();
    const c = new ApiClient(herald);
    for (let i = 0; i < 5; i++) expect((await c.call('auth.login', { username, password: 'Wrong@999' })).body.errorCode).toBe('710002');
    const blocked = await c.call('auth.login', { username, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('400014');
    expect(blocked.body.errorMessage).toMatch(/Try again in \d+ minutes?/);
    // Another user is not affected.
    expect((await c.call('auth.login', { username: 'admin', password: ADMIN_PASSWORD })).body.state).toBe('S');
    clock.advance(16 * 60_000);
    expect((await c.call('auth.login', { username, password })).body.state).toBe('S');
  });

  it('the window rolls from the first failure: failures either side of a quarter hour still add up', async () => {
    // five failures in one minute that straddles a clock-aligned 15-minute boundary
    const boundary = Math.ceil(Date.now() / 900_000) * 900_000;
    const near = manualClock(boundary - 30_000);
    const local = await startHerald({ clock: near, config: { loginThrottle: throttle() } });
    const c = new ApiClient(local);
    for (let i = 0; i < 5; i++) {
      expect((await c.call('auth.login', { username: 'admin', password: 'Wrong@999' })).body.errorCode).toBe('710002');
      near.advance(15_000);
    }
    const blocked = await c.call('auth.login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(blocked.body.errorCode).toBe('400014');
    // the window opened at the first failure, 75 s ago: 825 s (14 minutes, rounded up) remain
    expect(blocked.body.errorMessage).toMatch(/Try again in 14 minutes\./);
    near.advance(825_000 - 1_000);
    expect((await c.call('auth.login', { username: 'admin', password: ADMIN_PASSWORD })).body.errorCode).toBe('400014');
    near.advance(1_000);
    expect((await c.call('auth.login', { username: 'admin', password: ADMIN_PASSWORD })).body.state).toBe('S');
    await local.stop();
  });

  it('failures from one address slow that address down but never refuse a right password there', async () => {
    // every call from one named address (the viewer header), held mid-window
    const local = await startHerald({
      clock: manualClock(midWindow()),
      config: { viewerIpHeader: 'x-herald-viewer-ip', loginThrottle: throttle({ perAddress: 6, delayStepMs: 150, maxDelayMs: 1000 }) },
    });
    const c = new ApiClient(local);
    c.headers['x-herald-viewer-ip'] = '203.0.113.9';
    for (let i = 0; i < 8; i++) await c.call('auth.login', { username: `spray${i}`, password: 'Wrong@999' });
    const started = Date.now();
    const r = await c.call('auth.login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(r.body.state).toBe('S');
    // 8 failures against a limit of 6: three steps of 150 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    await local.stop();
  });

  it("a stranger's failures refuse only the stranger's address; the owner signs in from elsewhere", async () => {
    const local = await startHerald({ clock: manualClock(midWindow()), config: { viewerIpHeader: 'x-herald-viewer-ip', loginThrottle: throttle({ perUserAddress: 5 }) } });
    const stranger = new ApiClient(local);
    stranger.headers['x-herald-viewer-ip'] = '203.0.113.1';
    const owner = new ApiClient(local);
    owner.headers['x-herald-viewer-ip'] = '203.0.113.2';
    for (let i = 0; i < 5; i++) expect((await stranger.call('auth.login', { username: 'admin', password: 'Wrong@999' })).body.errorCode).toBe('710002');
    const blocked = await stranger.call('auth.login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(blocked.body.errorCode).toBe('400014');
    expect(blocked.body.errorMessage).toMatch(/Try again in \d+ minutes?/);
    expect((await owner.call('auth.login', { username: 'admin', password: ADMIN_PASSWORD })).body.state).toBe('S');
    await local.stop();
  });

  it('a username attacked from many addresses is slowed down, never locked: the right password still works', async () => {
    const local = await startHerald({
      clock: manualClock(midWindow()),
      config: { viewerIpHeader: 'x-herald-viewer-ip', loginThrottle: throttle({ perUser: 5, delayStepMs: 100, maxDelayMs: 300 }) },
    });
    for (let i = 0; i < 8; i++) {
      const bot = new ApiClient(local);
      bot.headers['x-herald-viewer-ip'] = `198.51.100.${i + 1}`;
      await bot.call('auth.login', { username: 'admin', password: 'Wrong@999' });
    }
    const owner = new ApiClient(local);
    owner.headers['x-herald-viewer-ip'] = '192.0.2.10';
    const started = Date.now();
    expect((await owner.call('auth.login', { username: 'admin', password: ADMIN_PASSWORD })).body.state).toBe('S');
    // Held back by the ceiling (300 ms), not refused.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await local.stop();
  });

  it('refuses an inactive account with 710003', async () => {
    const { user, password, username } = await newUser();
    await admin.ok('user.save', { ...user, status: 'INACTIVE' });
    const r = await new ApiClient(herald).call('auth.login', { username, password });
    expect(r.body.errorCode).toBe('710003');
  });
});

describe('tokens and refresh', () => {
  it('validToken, getToken, and an expired access token answers 710005', async () => {
    const { client } = await newUser();
    expect((await client.ok('auth.validToken')).valid).toBe(true);
    const fresh = await client.ok('auth.getToken');
    expect(fresh.accessToken).toMatch(/^ey/);
    clock.advance(16 * 60_000);
    const r = await client.call('auth.validToken');
    expect(r.status).toBe(401);
    expect(r.body.errorCode).toBe('710005');
    const s = await client.ok('auth.refreshToken', { refreshToken: client.refresh });
    client.token = s.accessToken;
    expect((await client.ok('auth.validToken')).valid).toBe(true);
  });

  it('rotates refresh tokens; a replayed one revokes the whole family', async () => {
    const { client } = await newUser();
    const first = client.refresh!;
    const s2 = await client.ok('auth.refreshToken', { refreshToken: first });
    expect(s2.refreshToken).not.toBe(first);
    // The old token is dead, and presenting it again after the grace of a lost race is a replay...
    clock.advance(ROTATION_GRACE_MS);
    const replay = await client.call('auth.refreshToken', { refreshToken: first });
    expect(replay.body.errorCode).toBe('710004');
    // ...which ends the family: the newest refresh token and its access token are dead too.
    expect((await client.call('auth.refreshToken', { refreshToken: s2.refreshToken })).body.errorCode).toBe('710004');
    client.token = s2.accessToken;
    expect((await client.call('auth.validToken')).body.errorCode).toBe('710005');
  });

  it('ten concurrent refreshes of one token: one winner, who keeps the session; the losers are refused', async () => {
    const { client } = await newUser();
    const results = await Promise.all(Array.from({ length: 10 }, () => client.call<any>('auth.refreshToken', { refreshToken: client.refresh })));
    const winners = results.filter((r) => r.body.state === 'S');
    expect(winners).toHaveLength(1);
    for (const r of results.filter((x) => x.body.state !== 'S')) expect([r.status, r.body.errorCode]).toEqual([401, '710004']);
    // a loser retrying within the grace is refused too, and still does not end the family
    clock.advance(ROTATION_GRACE_MS - 1000);
    expect((await client.call('auth.refreshToken', { refreshToken: client.refresh })).body.errorCode).toBe('710004');
    const pair = winners[0]!.payload;
    client.token = pair.accessToken;
    expect((await client.ok('auth.validToken')).valid).toBe(true);
    const next = await client.ok('auth.refreshToken', { refreshToken: pair.refreshToken });
    client.token = next.accessToken;
    expect((await client.ok('auth.validToken')).valid).toBe(true);
  });

  it('a token replayed after the grace still revokes the family', async () => {
    const { client } = await newUser();
    const first = client.refresh!;
    const s2 = await client.ok('auth.refreshToken', { refreshToken: first });
    clock.advance(ROTATION_GRACE_MS + 1);
    expect((await client.call('auth.refreshToken', { refreshToken: first })).body.errorCode).toBe('710004');
    expect((await client.call('auth.refreshToken', { refreshToken: s2.refreshToken })).body.errorCode).toBe('710004');
  });

  it('refuses garbage refresh tokens with 710004', async () => {
    const c = new ApiClient(herald);
    for (const t of ['x', 'a'.repeat(40) + '.' + 'b'.repeat(40), '../../etc']) {
      expect((await c.call('auth.refreshToken', { refreshToken: t })).body.errorCode).toBe('710004');
    }
  });

  it('a session idle past the limit ends with 600003', async () => {
    const { client } = await newUser();
    clock.advance(9 * 3600_000);
    const r = await client.call('auth.refreshToken', { refreshToken: client.refresh });
    expect(r.body.errorCode).toBe('600003');
  });
});

describe('revocation', () => {
  it('logout revokes the session: access and refresh tokens stop working', async () => {
    const { client } = await newUser();
    const { refresh, token } = client;
    expect((await client.ok('auth.logout', { refreshToken: refresh })).ok).toBe(true);
    client.token = token;
    expect((await client.call('auth.validToken')).body.errorCode).toBe('710005');
    expect((await client.call('auth.refreshToken', { refreshToken: refresh })).body.errorCode).toBe('710004');
  });

  it('a password change ends the user sessions elsewhere with 600005', async () => {
    const { client, user, username, password } = await newUser();
    const other = new ApiClient(herald);
    await other.login(username, password);
    expect((await client.ok('auth.resetPassword', { oldPassword: password, password: 'Changed@99', confirmPassword: 'Changed@99' })).ok).toBe(true);
    expect((await other.call('auth.validToken')).body.errorCode).toBe('600005');
    expect((await other.call('auth.refreshToken', { refreshToken: other.refresh })).body.errorCode).toBe('600005');
    const again = new ApiClient(herald);
    await again.login(username, 'Changed@99');
    void user;
  });

  it('password-edit checks the current password (710007), reuse (710008), confirmation (710006) and the rule (400016)', async () => {
    const { client, password } = await newUser();
    expect((await client.call('auth.resetPassword', { oldPassword: 'Wrong@123', password: 'Newer@123', confirmPassword: 'Newer@123' })).body.errorCode).toBe('710007');
    expect((await client.call('auth.resetPassword', { oldPassword: password, password, confirmPassword: password })).body.errorCode).toBe('710008');
    expect((await client.call('auth.resetPassword', { oldPassword: password, password: 'Newer@123', confirmPassword: 'Newer@124' })).body.errorCode).toBe('710006');
    const weak = await client.call('auth.resetPassword', { oldPassword: password, password: 'weakpass', confirmPassword: 'weakpass' });
    expect(weak.body.errorCode).toBe('400016');
    expect(weak.body.errorMessage).toContain('payload.password');
  });

  it('password-edit guesses of the current password are throttled like sign-in: five wrong, then even the right one waits', async () => {
    const { client, username, password } = await newUser();
    const change = (oldPassword: string) => client.call('auth.resetPassword', { oldPassword, password: 'Newer@123', confirmPassword: 'Newer@123' });
    for (let i = 0; i < 5; i++) expect((await change(`Wrong@${i}00`)).body.errorCode).toBe('710007');
    const blocked = await change(password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.errorCode).toBe('400014');
    expect(blocked.body.errorMessage).toMatch(/Try again in 15 minutes/);
    // the password is unchanged, and sign-in (its own counter) still takes it
    await new ApiClient(herald).login(username, password);
    clock.advance(14 * 60_000);
    expect((await change(password)).body.errorCode).toBe('400014');
    clock.advance(2 * 60_000);
    await client.login(username, password); // the access token has expired meanwhile
    expect(await client.ok('auth.resetPassword', { oldPassword: password, password: 'Newer@123', confirmPassword: 'Newer@123' })).toEqual({ ok: true });
    await new ApiClient(herald).login(username, 'Newer@123');
  });

  it('an admin changing role or email ends that user sessions with 600005', async () => {
    const { client, user } = await newUser();
    const other = await admin.ok('userRole.save', { name: `Other ${seq}`, code: `OTHER${seq}`, permissions: [] });
    await admin.ok('user.save', { ...user, roleId: other.id });
    expect((await client.call('auth.validToken')).body.errorCode).toBe('600005');
    const second = await newUser();
    await admin.ok('user.save', { ...second.user, email: `changed${seq}@example.com` });
    expect((await second.client.call('auth.validToken')).body.errorCode).toBe('600005');
  });

  it('a deleted user session answers 710001', async () => {
    const { client, user } = await newUser();
    await admin.ok('user.delete', { id: user.id });
    expect((await client.call('auth.validToken')).body.errorCode).toBe('710001');
    expect((await client.call('auth.refreshToken', { refreshToken: client.refresh })).body.errorCode).toBe('710001');
  });
});

describe('forgotten password by email', () => {
  it('sends a single-use link through SES that sets a new password', async () => {
    const { username, user } = await newUser();
    const anon = new ApiClient(herald);
    expect((await anon.ok('auth.passwordEmail', { email: user.email })).ok).toBe(true);
    expect((await anon.ok('auth.passwordEmail', { email: 'nobody@example.com' })).ok).toBe(true);
    await herald.jobs.idle();
    const mail = (await sentMail(herald)).reverse().find((m) => m.destination.to.includes(user.email));
    expect(mail?.subject).toBe('Reset your Herald password');
    const token = decodeURIComponent(/token=([^\s"<&]+)/.exec(mail!.body.text!)![1]);
    const reset = { token, password: 'Reset@123', confirmPassword: 'Reset@123' };
    expect((await anon.ok('auth.resetPassword', reset)).ok).toBe(true);
    expect((await anon.call('auth.resetPassword', reset)).body.errorCode).toBe('400017');
    await new ApiClient(herald).login(username, 'Reset@123');
  });

  it('an expired link is refused', async () => {
    const { user } = await newUser();
    const anon = new ApiClient(herald);
    await anon.ok('auth.passwordEmail', { email: user.email });
    await herald.jobs.idle();
    const mail = (await sentMail(herald)).reverse().find((m) => m.destination.to.includes(user.email));
    const token = decodeURIComponent(/token=([^\s"<&]+)/.exec(mail!.body.text!)![1]);
    clock.advance(2 * 3600_000);
    expect((await anon.call('auth.resetPassword', { token, password: 'Reset@123', confirmPassword: 'Reset@123' })).body.errorCode).toBe('400017');
  });

  it('a newer link supersedes the older ones', async () => {
    const { user } = await newUser();
    const anon = new ApiClient(herald);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      await anon.ok('auth.passwordEmail', { email: user.email });
      await herald.jobs.idle();
      const mail = (await sentMail(herald)).reverse().find((m) => m.destination.to.includes(user.email));
      tokens.push(decodeURIComponent(/token=([^\s"<&]+)/.exec(mail!.body.text!)![1]));
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    const reset = { password: 'Reset@123', confirmPassword: 'Reset@123' };
    expect((await anon.call('auth.resetPassword', { token: tokens[0], ...reset })).body.errorCode).toBe('400017');
    expect((await anon.ok('auth.resetPassword', { token: tokens[1], ...reset })).ok).toBe(true);
  });

  it('an invitation mails a link that activates the account', async () => {
    const invited = await admin.ok('user.invited', { email: `invitee${++seq}@example.com`, roleId });
    expect(invited.status).toBe('INVITED');
    const mail = (await sentMail(herald)).reverse().find((m) => m.destination.to.includes(invited.email));
    expect(mail?.subject).toBe('You are invited to Herald');
    const token = decodeURIComponent(/token=([^\s"<&]+)/.exec(mail!.body.text!)![1]);
    await new ApiClient(herald).ok('auth.resetPassword', { token, password: 'Invite@123', confirmPassword: 'Invite@123' });
    const s = await new ApiClient(herald).login(invited.username, 'Invite@123');
    expect(s.userdetails.rolePermissions).toEqual(['NAV_DASHBOARD']);
  });
});

describe('configuration and version', () => {
  it('answers the configuration object after sign-in', async () => {
    const cfg = await admin.ok('auth.configuration');
    expect(cfg.orgId).toBe(1);
    expect(cfg.pushChannelTypes.map((c: { code: string }) => c.code)).toEqual(expect.arrayContaining(['PUSH_NATIVE', 'EMAIL', 'SMS']));
  });
  it('checks the client version', async () => {
    expect(await new ApiClient(herald).ok('auth.checkVersion', { version: '4.1.0' })).toEqual({ version: '4.1.0', upToDate: true });
    expect((await new ApiClient(herald).ok('auth.checkVersion', { version: '3.0.0' })).upToDate).toBe(false);
  });
});
