/** The preset parameter area's public module: the load and removal jobs, and the values a send puts into its messages. */
export { loadPresetFile, pruneRecords } from './load';
export { presetTokens, presetValues, type PresetValues } from './values';
