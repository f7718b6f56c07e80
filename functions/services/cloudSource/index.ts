/** The cloud source area's public module: the job worker runs a source's loop and a confirmed delivery's import. */
export { removeSourceDeliveries } from './deliveries';
export { continueDelivery, importConfirmed, runCloudSource } from './run';
export { fileNameMatcher, openSource } from './sources';
