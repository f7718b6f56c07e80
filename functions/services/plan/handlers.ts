/**
 * The plan areas' operations, one file per area: messages (wizard, builder, lists, test mails), the state
 * machine's actions, standing triggers, the numbers of a sending, the operation record, the sent-records, the
 * unsubscriptions and the builder's choices. The dispatch table imports them from here.
 */
export { messageUnsubscriptionHandlers } from './messageUnsubscriptionHandlers';
export { operationRecordHandlers } from './operationRecordHandlers';
export { planActionHandlers } from './planActionHandlers';
export { planConfigHandlers } from './planConfigHandlers';
export { planHandlers } from './planHandlers';
export { planStatisticsHandlers } from './planStatisticsHandlers';
export { sentRecordHandlers } from './sentRecordHandlers';
export { triggerHandlers } from './trigger';
