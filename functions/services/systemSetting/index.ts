/**
 * The system setting area's public module: what other areas and code outside `functions/services/` may use.
 * Everything else in this folder is the area's own; its operations reach the dispatch table through `handlers.ts`.
 */
export { currentSendRates, storedSendRates } from './rates';
export { organizationSettingOf } from './organizationSetting';
