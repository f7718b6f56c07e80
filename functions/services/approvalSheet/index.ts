/** The approval sheet area's public module: what the plan area and the notifications use. */
export { sheetOf, sheetWrite, toSheetView } from './sheets';
