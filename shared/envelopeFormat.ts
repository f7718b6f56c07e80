/** The envelope's format, without a codec: what the browser's codec (./envelope) and the router's share. */
export type AuthType = 'NONE' | 'AES256';
export const AUTH_TYPES: readonly AuthType[] = ['NONE', 'AES256'];

/** Largest inflated payload the router accepts; checked while inflating, so a gzip bomb stops early. */
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

/** Padded base64 of whole 4-character groups, as both codecs write it. */
export const isBase64 = (text: string) => text.length % 4 === 0 && BASE64.test(text);
