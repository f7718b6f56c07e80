/** The userRole area's public module: what other areas and code outside `functions/services/` may use. */
export { assertMayGrant, assertNotOwnRole, assertWithinRights } from './rights';
export { administratorRole, APPROVER_PERMISSIONS, approverRole, directoryKey, directoryName, memberCountChange, newDirectory, roleCodeGuard } from './roles';
