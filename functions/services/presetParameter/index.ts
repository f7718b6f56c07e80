/** The preset parameter area's public module: the load job, and the values a send puts into its messages. */
export { loadPresetFile } from './load';
export { presetTokens, presetValues, type PresetValues } from './values';
