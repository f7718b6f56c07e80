/**
 * The userRole area's public module: what other areas and code outside `functions/services/` may use. Everything
 * else in this folder is the area's own; its operations reach the dispatch table through `handlers.ts`.
 */
export { assertMayGrant, assertNotOwnRole, assertWithinRights } from './rights';
export { administratorRole, APPROVER_PERMISSIONS, approverRole, directoryKey, directoryName, memberCountChange, newDirectory, roleCodeGuard } from './roles';
