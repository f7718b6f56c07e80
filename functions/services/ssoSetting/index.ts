/** The SSO settings area's public module: what sign-in (auth) uses. */
export { enabledSsoSetting, providerAddressRule, ssoPostLogoutRedirectUri, ssoRedirectUri } from './settings';
