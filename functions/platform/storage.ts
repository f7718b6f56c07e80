/**
 * The file storage port: objects under keys in Herald's bucket (uploads, exports, letters, assets), read back as
 * streams, and short-lived signed links that let a browser download or upload one object without credentials.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType?: string;
  size?: number;
}

export interface StoredListing {
  folders: string[];
  files: { key: string; size: number; lastModified: number }[];
  /** more objects than `max` are there */
  truncated: boolean;
}

/** SigV4 signs links for a week at most. */
export const MAX_LINK_SECONDS = 7 * 24 * 3600;

export const UPLOAD_LINK_SECONDS = 15 * 60;

/** What a signed upload link lets through: a body of exactly `bytes` (at most `maxBytes`) with this Content-Type. */
export interface UploadTerms {
  contentType: string;
  bytes: number;
  maxBytes: number;
}

export interface StoragePort {
  put(key: string, body: string | Uint8Array, contentType?: string): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** the objects and the sub-folders directly under `prefix` (a folder, ending with `/`), up to `max` objects */
  list(prefix: string, max?: number): Promise<StoredListing>;
  copy(from: string, to: string): Promise<void>;
  signedGetUrl(key: string, expiresInSeconds: number, fileName?: string): Promise<string>;
  signedPutUrl(key: string, expiresInSeconds: number, terms?: UploadTerms): Promise<string>;
}

/** Whether storage refused a request as malformed (S3's 400: an invalid or too long key), not failed itself. */
export function isStorageRefusal(e: unknown): boolean {
  return (e as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode === 400;
}
