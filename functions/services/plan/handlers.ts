/** The plan areas' operations, one file per area. */
export { messageUnsubscriptionHandlers } from './messageUnsubscriptionHandlers';
export { operationRecordHandlers } from './operationRecordHandlers';
export { planActionHandlers } from './planActionHandlers';
export { planConfigHandlers } from './planConfigHandlers';
export { planHandlers } from './planHandlers';
export { planStatisticsHandlers } from './planStatisticsHandlers';
export { sentRecordHandlers } from './sentRecordHandlers';
export { triggerHandlers } from './trigger';
