// The data import area's public module: cloud sources import the rows of a delivered file with the same page import
// as the import screen.
export { importRows, type PageResult } from './importRows';
export { importUploadLink } from './uploadLink';
