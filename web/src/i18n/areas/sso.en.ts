/** Single sign-on texts in English: the sign-in page's SSO choice, the callback page and the provider settings on /admin-pennel-sso. */
const ssoEn = {
  ssoLogin: {
    or: 'or',
    start: 'Use single sign-on (SSO)',
    orgCode: 'Organization code',
    orgCodeHint: 'The code of your organization in Herald. You sign in at its identity provider.',
    orgCodeRequired: 'Please enter your organization code.',
    continue: 'Continue to your identity provider',
    notConfigured: 'Single sign-on is not set up for this organization.',
    signingIn: 'Signing you in…',
    failed: 'The sign-in through your identity provider did not succeed.',
    denied: 'The identity provider did not sign you in.',
    again: 'Back to sign in',
  },
  ssoSetting: {
    title: 'Single sign-on (OpenID Connect)',
    text: 'People of this organization can sign in through its identity provider. A person who signs in for the first time gets an account with the default role.',
    enabled: 'Sign-in through the identity provider is on',
    issuer: 'Issuer',
    issuerHint: 'The https address of the provider; its discovery document is at /.well-known/openid-configuration.',
    issuerInvalid: 'Enter the https address of the identity provider.',
    clientId: 'Client ID',
    clientIdRequired: 'Please enter the client ID.',
    clientSecret: 'Client secret',
    isSet: 'A client secret is stored. Leave the field empty to keep it.',
    notSet: 'No client secret is stored.',
    keepPlaceholder: 'Stored – leave empty to keep',
    defaultRole: 'Role for new people',
    defaultRoleRequired: 'Please choose the role new people get.',
    emailDomains: 'E-mail domains',
    emailDomainsHint:
      'Separated by commas, such as example.com. When set, only people whose verified address is in one of them sign in (and, with Google, whose hosted domain is). Empty: everyone the provider vouches for.',
    emailDomainsInvalid: 'Name at most 20 e-mail domains, such as example.com.',
    redirectUri: 'Redirect address to register at the provider',
    postLogoutRedirectUri: 'Address after logout to register at the provider',
    saved: 'The single sign-on settings were saved.',
    removed: 'Single sign-on was removed.',
    remove: 'Remove single sign-on',
    loadFailed: 'The single sign-on settings could not be loaded.',
  },
};

export type SsoTexts = typeof ssoEn;
export default ssoEn;
