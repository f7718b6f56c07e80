/**
 * The templateMessage area's public module: a message that uses a library template reads it here. Its operations
 * reach the dispatch table through `handlers.ts`.
 */
export { assertUnlockedFor, requireTemplate, withContents } from './templates';
