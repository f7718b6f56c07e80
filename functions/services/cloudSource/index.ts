/**
 * The cloud source area's public module: the job worker runs a source's loop and a confirmed delivery's import, and
 * removes a deleted source's deliveries; preset parameters read their files through a source's connection.
 */
export { removeSourceDeliveries } from './deliveries';
export { continueDelivery, importConfirmed, runCloudSource } from './run';
export { fileNameMatcher, openSource } from './sources';
