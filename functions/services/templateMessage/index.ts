/** The templateMessage area's public module: a message that uses a library template reads it here. */
export { assertUnlockedFor, requireTemplate, withContents } from './templates';
