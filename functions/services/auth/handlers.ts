import type { PasswordReset, User } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { APP_VERSION } from '../../../shared/services';
import type { AreaHandlers, RequestContext } from '../../api/context';
import { configurationFor } from './configuration';
import { verifyPassword } from './passwords';
import { membershipsOf, revokeSession, rotateSession, startSession } from './session';
import { assertUnderLimits, clearLimit, countAttempt, type Limit } from './throttle';
import { hashToken, issueAccessToken, randomToken, splitRefreshToken } from './tokens';
import { findUserBy, setPassword } from '../user/users';

function loginLimits(ctx: RequestContext, usernameKey: string): { user: Limit; address: Limit } {
  const t = ctx.rt.config.loginThrottle;
  return {
    user: { key: `login:user:${usernameKey}`, max: t.perUser, windowSeconds: t.windowSeconds },
    address: { key: `login:ip:${ctx.sourceIp}`, max: t.perAddress, windowSeconds: t.windowSeconds },
  };
}

/** Sends a single-use password link; `purpose` decides the wording and lifetime. */
export async function sendPasswordLink(ctx: RequestContext, user: User, purpose: 'reset' | 'invite'): Promise<void> {
  const { rt, store } = ctx;
  const token = randomToken(32);
  const lifetime = purpose === 'invite' ? rt.config.inviteSeconds : rt.config.passwordResetSeconds;
  const reset: PasswordReset = {
    id: hashToken(token),
    userId: user.id,
    securityStamp: user.securityStamp,
    used: false,
    expiresAt: Math.floor(rt.clock.now() / 1000) + lifetime,
  };
  await store.put('passwordReset', reset);
  const link = `${rt.config.publicUrl.replace(/\/$/, '')}/portalui/#/password-new?token=${encodeURIComponent(token)}`;
  const hours = Math.round(lifetime / 3600);
  const subject = purpose === 'invite' ? 'You are invited to Herald' : 'Reset your Herald password';
  const intro =
    purpose === 'invite'
      ? `You have been invited to Herald as ${user.username}. Set your password to sign in:`
      : `Someone asked to reset the password of ${user.username}. If it was you, set a new password here:`;
  await rt.mailer.send({
    to: user.email,
    subject,
    text: `${intro}\n\n${link}\n\nThe link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.`,
    html: `<p>${intro}</p><p><a href="${link}">${link}</a></p><p>The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.</p>`,
  });
}

export const authHandlers: AreaHandlers<'auth'> = {
  async init(_p, ctx) {
    return { authType: ctx.rt.config.authType, version: APP_VERSION, loginType: 'NATIVE', loginUrl: null };
  },

  async login({ username, password }, ctx) {
    const usernameKey = username.trim().toLowerCase();
    const now = ctx.rt.clock.now();
    const limits = loginLimits(ctx, usernameKey);
    await assertUnderLimits(ctx.store, now, [limits.user, limits.address]);
    const user = await findUserBy(ctx.store, 'usernameKey', usernameKey);
    // Unknown user and wrong password answer alike (710002), in about the same time.
    const passed = await verifyPassword(user?.passwordHash, password);
    if (!user || !passed) {
      await countAttempt(ctx.store, now, [limits.user, limits.address]);
      throw new AppError('710002');
    }
    if (user.status !== 'ACTIVE') throw new AppError('710003');
    await clearLimit(ctx.store, now, limits.user);
    return startSession(ctx, user, await membershipsOf(ctx.store, user.id));
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
    if (ctx.identity) await revokeSession(ctx.store, ctx.identity.sessionId, 'logout');
    const parts = refreshToken ? splitRefreshToken(refreshToken) : null;
    if (parts) {
      const session = await ctx.store.get<{ currentTokenHash: string }>('session', { id: parts.sessionId });
      if (session && session.currentTokenHash === hashToken(parts.secret)) await revokeSession(ctx.store, parts.sessionId, 'logout');
    }
    return { ok: true, logoutUrl: null };
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

  async checkSsoUserLoginState() {
    return { enabled: false, loginUrl: null };
  },

  async passwordEmail({ email }, ctx) {
    const now = ctx.rt.clock.now();
    const emailKey = email.trim().toLowerCase();
    const limits: Limit[] = [
      { key: `reset:email:${emailKey}`, max: 3, windowSeconds: 3600 },
      { key: `reset:ip:${ctx.sourceIp}`, max: 20, windowSeconds: 3600 },
    ];
    await assertUnderLimits(ctx.store, now, limits);
    await countAttempt(ctx.store, now, limits);
    const user = await findUserBy(ctx.store, 'emailKey', emailKey);
    // The answer is the same whether or not an account has this address.
    if (user && user.status !== 'INACTIVE') await sendPasswordLink(ctx, user, user.status === 'INVITED' ? 'invite' : 'reset');
    return { ok: true };
  },

  async resetPassword({ token, oldPassword, password, confirmPassword }, ctx) {
    if (password !== confirmPassword) throw new AppError('710006');
    const { store, rt } = ctx;
    if (token) {
      const reset = await store.get<PasswordReset>('passwordReset', { id: hashToken(token) });
      if (!reset || reset.used || reset.expiresAt * 1000 <= rt.clock.now()) {
        throw new AppError('400017', 'The link is invalid, used or expired. Ask for a new one.');
      }
      const user = await store.get<User>('user', { id: reset.userId });
      if (!user) throw new AppError('710001');
      if (user.securityStamp !== reset.securityStamp) throw new AppError('400017', 'The link is no longer valid. Ask for a new one.');
      await store.update('passwordReset', { id: reset.id }, { used: true }, {
        ConditionExpression: '#u = :f',
        ExpressionAttributeNames: { '#u': 'used' },
        ExpressionAttributeValues: { ':f': false },
      }, '400017');
      await setPassword(ctx, user, password, user.id);
      return { ok: true };
    }
    const identity = ctx.identity ?? null;
    if (!identity) throw new AppError('400018');
    const user = await store.get<User>('user', { id: identity.userId });
    if (!user) throw new AppError('710001');
    if (!(await verifyPassword(user.passwordHash, oldPassword ?? ''))) throw new AppError('710007');
    if (await verifyPassword(user.passwordHash, password)) throw new AppError('710008');
    await setPassword(ctx, user, password, user.id);
    return { ok: true };
  },
};
