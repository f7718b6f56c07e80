/** The auth area's public module: what other areas and code outside `functions/services/` may use. */
export { type LinkPurpose, escapeHtml, expiryText, issueLink, mailAddressConfirmation, sendPasswordLink, signInLinks, spendLink } from './links';
export { runPasswordEmailJob } from './passwordEmailJob';
export { hasNoAddress } from './ssoAddress';
export { authenticate, type Membership, membershipsOf, permissionsIn, revokeUserSessions, startSession, switchSessionOrg } from './session';
export { assertUnderLimits, countAttempt, takeFromLimit } from './throttle';
export { capabilitiesOf, ownOrganization, userDirectory } from './capabilities';
export type { Limit } from './throttle';
