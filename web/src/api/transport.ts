/** One POST of the `{service, payload}` envelope, in NONE or AES256 mode, with the headers of spec 000 section 7. */
import type { ResponseEnvelope } from '../../../shared/envelope';
import { API_PATH, HTTP_TIMEOUT_MS } from './constants';
import { ApiError, CLIENT_CODES } from './apiError';
import { deviceId } from './device';
import { portalSettings } from './portalSettings';

/** The codec pulls in crypto-js and pako, so it arrives as its own chunk, fetched while start-up settings load. */
const codec = () => import('../../../shared/envelope');

let languageHeader: () => string | null = () => null;
/** The UI language sent as `x-lang`, so the server translates its errorMessage. */
export function setLanguageHeader(source: () => string | null): void {
  languageHeader = source;
}

export async function post(service: string, payload: unknown, accessToken: string | null): Promise<unknown> {
  const [settings, envelope] = await Promise.all([portalSettings(), codec()]);
  const body = envelope.encodeRequest(service, payload ?? {}, settings.authType, settings.appSecret);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-device-id': deviceId(),
    'x-app-key': settings.appKey,
    'x-timestamp': String(Date.now()),
  };
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const lang = languageHeader();
  if (lang) headers['x-lang'] = lang;

  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), HTTP_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(API_PATH, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'include', signal: abort.signal });
  } catch {
    throw new ApiError(abort.signal.aborted ? CLIENT_CODES.timeout : CLIENT_CODES.network);
  } finally {
    clearTimeout(timer);
  }
  let answer: ResponseEnvelope;
  try {
    answer = (await res.json()) as ResponseEnvelope;
  } catch {
    throw new ApiError(CLIENT_CODES.badAnswer, null, null, res.status);
  }
  if (answer.state !== 'S') {
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiError(answer.errorCode ?? CLIENT_CODES.badAnswer, answer.error, answer.errorMessage, res.status, retryAfter > 0 ? retryAfter : undefined);
  }
  try {
    return envelope.decodeResponsePayload(answer, settings.authType, settings.appSecret);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new ApiError(typeof code === 'string' ? code : CLIENT_CODES.badAnswer, null, null, res.status);
  }
}

/**
 * An upload with the same headers as every call: a multipart form, or (in AES256 mode, spec 000 section 7) JSON
 * holding the files as base64. Reports progress (0 to 1) as the bytes go out. Answers the envelope's payload; a
 * refusal is an ApiError as for any call.
 */
export async function postUpload(path: string, body: FormData | string, accessToken: string | null, onProgress?: (fraction: number) => void): Promise<unknown> {
  const settings = await portalSettings();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('x-device-id', deviceId());
    xhr.setRequestHeader('x-app-key', settings.appKey);
    xhr.setRequestHeader('x-timestamp', String(Date.now()));
    if (accessToken) xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
    if (typeof body === 'string') xhr.setRequestHeader('content-type', 'application/json');
    const lang = languageHeader();
    if (lang) xhr.setRequestHeader('x-lang', lang);
    xhr.timeout = HTTP_TIMEOUT_MS * 4;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(CLIENT_CODES.network));
    xhr.ontimeout = () => reject(new ApiError(CLIENT_CODES.timeout));
    xhr.onload = () => {
      let answer: ResponseEnvelope;
      try {
        answer = JSON.parse(xhr.responseText) as ResponseEnvelope;
      } catch {
        return reject(new ApiError(CLIENT_CODES.badAnswer, null, null, xhr.status));
      }
      if (answer.state !== 'S') return reject(new ApiError(answer.errorCode ?? CLIENT_CODES.badAnswer, answer.error, answer.errorMessage, xhr.status));
      resolve(answer.payload);
    };
    xhr.send(body);
  });
}
