/** The single sign-on provider settings (/admin-pennel-sso). */
import { permissionsOf, SSO_SETTING_ID, type SsoSetting } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import { SSO_MESSAGES, type SsoSettingView } from '../../../shared/services';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { seal } from '../../platform/keys';
import { auditNew, auditNext, checkVersion } from '../../store/audit';
import { CONDITIONS } from '../../store/store';
import { assertMayGrant } from '../userRole';
import { ssoPostLogoutRedirectUri, ssoRedirectUri } from './settings';

function viewOf(ctx: AuthedContext, stored: SsoSetting | undefined): SsoSettingView {
  const addresses = { redirectUri: ssoRedirectUri(ctx.rt), postLogoutRedirectUri: ssoPostLogoutRedirectUri(ctx.rt) };
  if (!stored) return { enabled: false, issuer: '', clientId: '', clientSecretSet: false, defaultRoleId: '', emailDomains: [], ...addresses, version: 0 };
  return {
    enabled: stored.enabled,
    issuer: stored.issuer,
    clientId: stored.clientId,
    clientSecretSet: Boolean(stored.clientSecretSealed),
    defaultRoleId: stored.defaultRoleId,
    emailDomains: stored.emailDomains ?? [],
    ...addresses,
    version: stored.version,
    dateUpdated: stored.dateUpdated,
    updatedBy: stored.updatedBy,
  };
}

export const ssoSettingHandlers: AreaHandlers<'ssoSetting'> = {
  async detail(_p, ctx) {
    return viewOf(ctx, await ctx.tenant.get('ssoSetting', SSO_SETTING_ID));
  },

  async save({ enabled, issuer, clientId, clientSecret, defaultRoleId, emailDomains, version }, ctx) {
    const now = ctx.rt.clock.now();
    const stored = await ctx.tenant.get('ssoSetting', SSO_SETTING_ID);
    checkVersion(stored ?? { version: 0 }, version);
    // the role every new person gets must be one of this organization's
    const role = await ctx.tenant.get('userRole', defaultRoleId);
    if (!role) throw new AppError('720003', SSO_MESSAGES.roleMissing);
    // every account the provider brings in gets this role: the caller grants it, so must hold all of it
    assertMayGrant(ctx, permissionsOf(role));
    const next: SsoSetting = ctx.tenant.own({
      id: SSO_SETTING_ID,
      enabled,
      issuer,
      clientId,
      // an empty or left-out secret keeps the stored one: the screen never has it to send back
      clientSecretSealed: clientSecret ? seal(ctx.rt.keys, clientSecret) : stored?.clientSecretSealed,
      defaultRoleId,
      emailDomains,
      ...(stored ? auditNext(stored, now, ctx.identity.userId) : auditNew(now, ctx.identity.userId)),
    });
    await ctx.tenant.put('ssoSetting', next, stored ? CONDITIONS.versionIs(stored.version) : CONDITIONS.isNew('orgId'), '720007');
    return viewOf(ctx, next);
  },

  async remove({ version }, ctx) {
    const stored = await ctx.tenant.require('ssoSetting', SSO_SETTING_ID);
    checkVersion(stored, version);
    await ctx.tenant.deleteIf('ssoSetting', SSO_SETTING_ID, CONDITIONS.versionIs(stored.version), '720007');
    return viewOf(ctx, undefined);
  },
};
