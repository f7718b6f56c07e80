/** Where the API lives and how long a call may take (spec 000 section 9). */
import { PATHS } from '../../../shared/paths';

/** The same origin unless the build says otherwise. */
export const API_ROOT: string = import.meta.env.VITE_API_ROOT ?? '';
export const API_PATH = `${API_ROOT}${PATHS.api}`;
export const INIT_PATH = `${API_ROOT}${PATHS.init}`;
export const WEB_CONFIG_PATH = `${API_ROOT}${PATHS.webConfig}`;
/** HTTP timeout of every API call. */
export const HTTP_TIMEOUT_MS = 100_000;
/** Access tokens are refreshed this long before they expire. */
export const REFRESH_AHEAD_MS = 60_000;
