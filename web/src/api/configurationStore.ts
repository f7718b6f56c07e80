/** The configuration object (spec 000 section 3): loaded after sign-in and cached for the session. */
import type { Configuration } from '../../../shared/services';

const KEY = 'herald.configuration';

export function cachedConfiguration(): Configuration | undefined {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Configuration) : undefined;
  } catch {
    return undefined;
  }
}

export function storeConfiguration(value: Configuration): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // kept by SWR in memory only
  }
}

export function clearConfiguration(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}
