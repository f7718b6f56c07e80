/** The data export area's public module: the job worker runs exports and export loops through these. */
export { runExportSetting } from './loops';
export { runDataExport } from './run';
