import { AppError } from '../../../shared/errors';
import { APP_VERSION, isProviderAddress } from '../../../shared/services';
import type { AreaHandlers, RequestContext } from '../../contract/context';
import { configurationFor } from './configuration';
import { rotateSession, startSession } from './session';
import { verifyPassword } from '../../platform/passwords';
import { hashToken } from '../../platform/randomTokens';
import { signInLinks, spendLink } from './links';
import { finishSsoSignIn, startSsoSignIn } from './sso';
import { type Limit, tooMany } from './throttle';
import { issueAccessToken, splitRefreshToken } from './tokens';
import { providerAddressRule } from '../ssoSetting';
import { emailKeyOf, setPassword } from '../user';

function loginLimits(ctx: RequestContext, usernameKey: string) {
  const t = ctx.rt.config.loginThrottle;
  const limit = (key: string, max: number): Limit => ({ key, max, windowSeconds: t.windowSeconds });
  return {
    pair: limit(`login:pair:${usernameKey}:${ctx.sourceIp}`, t.perUserAddress),
    address: limit(`login:ip:${ctx.sourceIp}`, t.perAddress),
    user: limit(`login:user:${usernameKey}`, t.perUser),
  };
}

function slowDown(ctx: RequestContext, counts: number[], limits: Limit[]): number {
  const over = Math.max(0, ...limits.map((l, i) => counts[i] - l.max + 1));
  const { delayStepMs, maxDelayMs } = ctx.rt.config.loginThrottle;
  return Math.min(maxDelayMs, over * delayStepMs);
}

export const authHandlers: AreaHandlers<'auth'> = {
  async init(_p, ctx) {
    return { authType: ctx.rt.config.authType, version: APP_VERSION, loginType: 'NATIVE', loginUrl: null };
  },

  async login({ username, password }, ctx) {
    const usernameKey = username.trim().toLowerCase();
    const now = ctx.rt.clock.now();
    const limits = loginLimits(ctx, usernameKey);
    const [pair, ...soft] = await ctx.rateLimits.countsOf(now, [limits.pair, limits.address, limits.user]);
    if (pair.count >= limits.pair.max) throw tooMany(now, pair);
    const delay = slowDown(
      ctx,
      soft.map((w) => w.count),
      [limits.address, limits.user],
    );
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    const user = await ctx.users.findBy('usernameKey', usernameKey);
    // Unknown user and wrong password answer alike (710002), in about the same time.
    const passed = await verifyPassword(user?.passwordHash, password);
    if (!user || !passed) {
      await ctx.rateLimits.count(now, [limits.pair, limits.address, limits.user]);
      throw new AppError('710002');
    }
    if (user.status !== 'ACTIVE') throw new AppError('710003');
    await ctx.rateLimits.clear(now, limits.pair);
    return startSession(ctx, user, await ctx.users.memberships(user.id));
  },

  async getToken(_p, ctx) {
    const { identity } = ctx;
    const access = await issueAccessToken(ctx.rt, {
      sub: identity.userId,
      org: identity.orgId,
      rol: identity.roleId,
      sid: identity.sessionId,
      stp: identity.securityStamp,
    });
    return { tokenType: 'Bearer', accessToken: access.token, expiresIn: ctx.rt.config.accessTokenSeconds };
  },

  async refreshToken({ refreshToken }, ctx) {
    return rotateSession(ctx, refreshToken);
  },

  async logout({ refreshToken }, ctx) {
    let logoutUrl: string | null = null;
    if (ctx.identity) {
      await ctx.sessions.revoke(ctx.identity.sessionId, 'logout');
      logoutUrl = (await ctx.sessions.get(ctx.identity.sessionId))?.logoutUrl ?? null;
    }
    const parts = refreshToken ? splitRefreshToken(refreshToken) : null;
    if (parts) {
      const session = await ctx.sessions.get(parts.sessionId);
      if (session && session.currentTokenHash === hashToken(parts.secret)) {
        await ctx.sessions.revoke(parts.sessionId, 'logout');
        logoutUrl ??= session.logoutUrl ?? null;
      }
    }
    // a single sign-on session ends at the provider too (spec 000 section 4), at an https address only
    return { ok: true, logoutUrl: isProviderAddress(logoutUrl, providerAddressRule(ctx.rt).loopbackHttp) ? logoutUrl : null };
  },

  async validToken(_p, ctx) {
    return { valid: true, userId: ctx.identity.userId, orgId: ctx.identity.orgId, expiresAt: ctx.identity.tokenExpiresAt };
  },

  async configuration(_p, ctx) {
    return configurationFor(ctx);
  },

  async checkVersion({ version }) {
    return { version: APP_VERSION, upToDate: !version || version === APP_VERSION };
  },

  async checkSsoUserLoginState({ orgCode, code, state }, ctx) {
    if (code !== undefined && state !== undefined) {
      const signIn = await finishSsoSignIn(ctx, code, state);
      return { enabled: true, loginUrl: signIn.loginUrl, signIn };
    }
    const loginUrl = orgCode ? await startSsoSignIn(ctx, orgCode) : null;
    return { enabled: loginUrl !== null, loginUrl, signIn: null };
  },

  async passwordEmail({ email }, ctx) {
    const now = ctx.rt.clock.now();
    const emailKey = emailKeyOf(email);
    const t = ctx.rt.config.resetThrottle;
    const limits: Limit[] = [
      { key: `reset:email:${emailKey}`, max: t.perEmail, windowSeconds: 3600 },
      { key: `reset:ip:${ctx.sourceIp}`, max: t.perAddress, windowSeconds: 3600 },
    ];
    await ctx.rateLimits.assertUnder(now, limits);
    await ctx.rateLimits.count(now, limits);
    // The look-up and the mail happen after the answer: same answer, same time, account or not.
    ctx.afterCommit(() => ctx.rt.jobs.post({ kind: 'passwordEmail', email: emailKey }));
    return { ok: true };
  },

  async resetPassword({ token, oldPassword, password, confirmPassword }, ctx) {
    if (password !== confirmPassword) throw new AppError('710006');
    if (token) {
      const { user } = await spendLink(signInLinks(ctx), token, ['reset', 'invite']);
      await setPassword(ctx, user, password, user.id, true);
      return { ok: true, username: user.username };
    }
    const identity = ctx.identity ?? null;
    if (!identity) throw new AppError('400018');
    const user = await ctx.users.get(identity.userId);
    if (!user) throw new AppError('710001');
    // a stolen access token guesses the current password no faster than sign-in allows
    const now = ctx.rt.clock.now();
    const t = ctx.rt.config.loginThrottle;
    const guesses: Limit = { key: `password:user:${user.id}`, max: t.perUserAddress, windowSeconds: t.windowSeconds };
    await ctx.rateLimits.assertUnder(now, [guesses]);
    if (!(await verifyPassword(user.passwordHash, oldPassword ?? ''))) {
      await ctx.rateLimits.count(now, [guesses]);
      throw new AppError('710007');
    }
    if (await verifyPassword(user.passwordHash, password)) throw new AppError('710008');
    await setPassword(ctx, user, password, user.id);
    await ctx.rateLimits.clear(now, guesses);
    return { ok: true };
  },
};
