/**
 * The SSO settings area's public module: what sign-in (auth) uses. Its operations reach the dispatch table
 * through `handlers.ts`.
 */
export { enabledSsoSetting, providerAddressRule, ssoPostLogoutRedirectUri, ssoRedirectUri } from './settings';
