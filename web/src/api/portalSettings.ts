/**
 * Start-up settings: the auth type from the initial-settings call (spec 000 section 7) and the portal's app key
 * (and, in AES256 mode, its secret) from the web config. Read once per page load.
 */
import type { AuthType } from '../../../shared/envelope';
import { INIT_PATH, WEB_CONFIG_PATH } from './constants';
import { ApiError, CLIENT_CODES } from './apiError';

export interface PortalSettings {
  authType: AuthType;
  version: string;
  appKey: string;
  appSecret: string;
}

interface WebConfig {
  appKey: string;
  authType: AuthType;
  appSecret: string | null;
}

interface InitAnswer {
  state: 'S' | 'F';
  payload: { authType: AuthType; version: string } | null;
  errorCode?: string | null;
}

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'include', ...init });
  } catch {
    throw new ApiError(CLIENT_CODES.network);
  }
  try {
    return (await res.json()) as T;
  } catch {
    throw new ApiError(CLIENT_CODES.badAnswer, null, null, res.status);
  }
}

let pending: Promise<PortalSettings> | null = null;

async function load(): Promise<PortalSettings> {
  const [init, config] = await Promise.all([
    getJson<InitAnswer>(INIT_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    getJson<WebConfig>(WEB_CONFIG_PATH),
  ]);
  if (init.state !== 'S' || !init.payload) throw new ApiError(init.errorCode ?? CLIENT_CODES.badAnswer);
  return {
    authType: init.payload.authType,
    version: init.payload.version,
    appKey: config.appKey,
    appSecret: config.appSecret ?? '',
  };
}

export function portalSettings(): Promise<PortalSettings> {
  if (!pending) {
    pending = load();
    // A failed start-up read is tried again on the next call instead of being remembered.
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}
