/** Global constants of spec 000 section 9 that the browser uses (the API's own are in api/constants.ts). */
export { APP_VERSION } from '../../../shared/version';
export const PRODUCT_NAME = 'Herald';
/** A lazily loaded script chunk that has not arrived by then is reported as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** How long an error toast stays. */
export const ERROR_TOAST_MS = 3_000;
/** How often the notification bell reads the unread count again. */
export const UNREAD_REFRESH_MS = 30_000;
