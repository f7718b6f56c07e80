export type AuthType = 'NONE' | 'AES256';
export const AUTH_TYPES: readonly AuthType[] = ['NONE', 'AES256'];

/** checked while inflating, so a gzip bomb stops early */
export const MAX_PAYLOAD_BYTES = 1024 * 1024;

export interface ResponseEnvelope {
  state: 'S' | 'F';
  payload: unknown;
  sign: string | null;
  errorCode: string | null;
  error: string | null;
  errorMessage: string | null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const isBase64 = (text: string) => text.length % 4 === 0 && BASE64.test(text);
