/** The message console area's public module: the send ledger's page read, which the message detail shares. */
export { sentRecordPage } from './records';
