/**
 * The preset parameter area's public module: the load and removal jobs. The values a send puts into its
 * messages are read in functions/domain/presetValues.ts, below the delivery pipeline.
 */
export { loadPresetFile, pruneRecords } from './load';
