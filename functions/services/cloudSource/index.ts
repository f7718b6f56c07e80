/**
 * The cloud source area's public module: the job worker runs a source's loop and a confirmed delivery's import;
 * preset parameters read their files through a source's connection.
 * Its operations reach the dispatch table through `handlers.ts`.
 */
export { continueDelivery, importConfirmed, runCloudSource } from './run';
export { fileNameMatcher, openSource } from './sources';
