/** Global constants of spec 000 section 9 that the browser uses. */
import { PATHS } from '../../../shared/paths';

export { APP_VERSION } from '../../../shared/version';
export const PRODUCT_NAME = 'Herald';
/** HTTP timeout of every API call. */
export const HTTP_TIMEOUT_MS = 100_000;
/** A lazily loaded script chunk that has not arrived by then is reported as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** How long an error toast stays. */
export const ERROR_TOAST_MS = 3_000;
/** How often the notification bell reads the unread count again. */
export const UNREAD_REFRESH_MS = 30_000;
/** Access tokens are refreshed this long before they expire. */
export const REFRESH_AHEAD_MS = 60_000;
/** Where the API lives; the same origin unless the build says otherwise. */
export const API_ROOT: string = import.meta.env.VITE_API_ROOT ?? '';
export const API_PATH = `${API_ROOT}${PATHS.api}`;
export const INIT_PATH = `${API_ROOT}${PATHS.init}`;
export const WEB_CONFIG_PATH = `${API_ROOT}${PATHS.webConfig}`;
