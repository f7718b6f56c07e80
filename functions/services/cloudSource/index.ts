/**
 * The cloud source area's public module: the job worker runs a source's loop and a confirmed delivery's import.
 * Its operations reach the dispatch table through `handlers.ts`.
 */
export { importConfirmed, runCloudSource } from './run';
