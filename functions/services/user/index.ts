/**
 * The user area's public module: what other areas and code outside `functions/services/` may use. Everything else
 * in this folder is the area's own; its operations reach the dispatch table through `handlers.ts`.
 */
export { buildUser, emailGuard, emailKeyOf, findUserBy, type NewUserFields, setPassword, snapshotOf, snapshotWrites, usernameGuard } from './users';
export { ensureMemberListing, joinWrites, listingRow, MEMBER_LISTING_READY } from './memberListing';
