/** The organization's SSO provider record, read by sign-in (auth) and kept by the settings screen. */
import { SSO_SETTING_ID, type SsoSetting } from '../../../shared/entities';
import type { Runtime } from '../../platform/runtime';
import { unseal } from '../../platform/keys';
import type { Store } from '../../store/store';

export function ssoRedirectUri(rt: Runtime): string {
  return `${rt.config.publicUrl.replace(/\/$/, '')}/portalui/`;
}

/** Plain http provider addresses are allowed only on loopback. */
export function providerAddressRule(rt: Runtime): { loopbackHttp: boolean } {
  return { loopbackHttp: /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(rt.config.publicUrl) };
}

export function ssoPostLogoutRedirectUri(rt: Runtime): string {
  return ssoRedirectUri(rt);
}

/** The provider of an organization and its unsealed client secret, when the organization signs in through one. */
export async function enabledSsoSetting(store: Store, rt: Runtime, orgId: number): Promise<{ setting: SsoSetting; clientSecret?: string } | null> {
  const setting = await store.get('ssoSetting', { orgId, id: SSO_SETTING_ID });
  if (!setting?.enabled) return null;
  return { setting, clientSecret: setting.clientSecretSealed ? unseal(rt.keys, setting.clientSecretSealed) : undefined };
}
