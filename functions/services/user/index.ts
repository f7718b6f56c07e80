/** The user area's public module: what other areas and code outside `functions/services/` may use. */
export { buildUser, emailGuard, emailKeyOf, findUserBy, type NewUserFields, setPassword, snapshotOf, snapshotWrites, usernameGuard } from './users';
export { ensureMemberListing, joinWrites, listingRow, MEMBER_LISTING_READY } from './memberListing';
