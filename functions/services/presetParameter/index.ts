/** The preset parameter area's public module: the load and removal jobs. */
export { loadPresetFile, pruneRecords } from './load';
