/**
 * The one typed client over the service catalogue: `call('user.getListByPage', {...})` answers the operation's
 * response type. Answers are re-validated with the catalogue's schemas (loaded as their own chunk).
 */
import type { PayloadIn, Result, ServiceName } from '../../../shared/services';
import { ApiError } from './apiError';
import { PATHS } from '../../../shared/paths';
import type { UploadUse } from '../../../shared/uploads';
import { API_ROOT } from './constants';
import { handleApiError } from './errorHandler';
import { freshAccessToken, getSession, refreshSession } from './session';
import { portalSettings } from './portalSettings';
import { post, postUpload } from './transport';

export interface CallOptions {
  /** no toast or redirect on failure: the caller shows the problem itself */
  quiet?: boolean;
}

/** Calls that never carry a token. */
const ANONYMOUS = new Set<ServiceName>(['auth.login', 'auth.refreshToken', 'auth.passwordEmail', 'auth.init', 'auth.checkSsoUserLoginState', 'auth.checkVersion']);

const catalogue = () => import('../../../shared/services');

type PayloadArgs<S extends ServiceName> = undefined extends PayloadIn<S> ? [payload?: PayloadIn<S>, opts?: CallOptions] : [payload: PayloadIn<S>, opts?: CallOptions];

/** The answer as the catalogue reads it; one that breaks its schema is refused, never used. */
async function validated<S extends ServiceName>(service: S, raw: unknown): Promise<Result<S>> {
  const { findOperation } = await catalogue();
  const op = findOperation(service);
  if (!op) throw new ApiError('400011', null, `Unknown service ${service}.`);
  const parsed = op.response.safeParse(raw);
  if (!parsed.success) {
    console.error(`The answer of ${service} does not match the catalogue`, parsed.error.issues);
    throw new ApiError('400000', null, `The answer of ${service} does not match the catalogue.`);
  }
  return parsed.data as Result<S>;
}

async function send(service: ServiceName, payload: unknown): Promise<unknown> {
  const anonymous = ANONYMOUS.has(service);
  const token = anonymous ? null : await freshAccessToken();
  try {
    return await post(service, payload, token);
  } catch (e) {
    // An access token that expired in between (a sleeping laptop): refresh once and try again.
    if (!anonymous && e instanceof ApiError && e.code === '710005' && getSession() && !getSession()?.ended) {
      const s = await refreshSession();
      return post(service, payload, s.accessToken);
    }
    throw e;
  }
}

export async function call<S extends ServiceName>(service: S, ...[payload, opts]: PayloadArgs<S>): Promise<Result<S>> {
  // Start fetching the schemas alongside the request.
  const schemas = catalogue();
  try {
    const raw = await send(service, payload);
    await schemas;
    return await validated(service, raw);
  } catch (e) {
    const error = e instanceof ApiError ? e : new ApiError('400000', null, e instanceof Error ? e.message : null);
    if (!opts?.quiet) handleApiError(error);
    throw error;
  }
}

/**
 * Uploads files (progress from 0 to 1) with the multipart form route, or in AES256 mode the base64 JSON route;
 * answered like `upload.index`: the files as stored. Refusals (a type, a size, a name) come back with the
 * spec's message in the server's text.
 */
export async function uploadFiles(
  fields: { baseDir: string; use: UploadUse; accessible?: boolean },
  files: File[],
  onProgress?: (fraction: number) => void,
  opts?: CallOptions,
): Promise<Result<'upload.index'>> {
  const settings = await portalSettings();
  let body: FormData | string;
  let path: string;
  if (settings.authType === 'AES256') {
    // the encrypted mode sends the files as base64 in JSON (uploadBase64Info)
    const uploadBase64Info = await Promise.all(files.map(async (f) => ({ fileName: f.name, content: toBase64(new Uint8Array(await f.arrayBuffer())) })));
    body = JSON.stringify({ baseDir: fields.baseDir, use: fields.use, accessible: fields.accessible ?? true, uploadBase64Info });
    path = `${API_ROOT}${PATHS.upload}`;
  } else {
    const form = new FormData();
    form.set('baseDir', fields.baseDir);
    form.set('use', fields.use);
    form.set('accessible', String(fields.accessible ?? true));
    for (const f of files) form.append('files', f, f.name);
    body = form;
    path = `${API_ROOT}${PATHS.upload}Form`;
  }
  const schemas = catalogue();
  try {
    const token = await freshAccessToken();
    const raw = await postUpload(path, body, token, onProgress);
    await schemas;
    return await validated('upload.index', raw);
  } catch (e) {
    const error = e instanceof ApiError ? e : new ApiError('400000', null, e instanceof Error ? e.message : null);
    if (!opts?.quiet) handleApiError(error);
    throw error;
  }
}

/** Bytes as base64, in slices (a spread of a whole file would overflow the call stack). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
