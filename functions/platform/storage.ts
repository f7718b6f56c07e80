/**
 * The file storage port: objects under keys in Herald's bucket (uploads, exports, letters, assets), read back as
 * streams, and short-lived signed links that let a browser download or upload one object without credentials.
 * One S3 adapter serves both AWS and the local server, where it talks to the s3rver stand-in
 * (functions/platform/s3Storage.ts); it loads on first use (functions/platform/awsPorts.ts).
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType?: string;
  size?: number;
}

export interface StoredListing {
  /** the sub-folders' prefixes, ending with `/` */
  folders: string[];
  files: { key: string; size: number; lastModified: number }[];
  /** more objects than `max` are there */
  truncated: boolean;
}

/** SigV4 signs links for a week at most. */
export const MAX_LINK_SECONDS = 7 * 24 * 3600;

/** How long a link the browser PUTs a file to (a cloud source's or a preset's) works. */
export const UPLOAD_LINK_SECONDS = 15 * 60;

/**
 * What a signed upload link lets through: a body of exactly `bytes` (refused above `maxBytes`, the use's limit,
 * e.g. shared/uploads.ts) with this Content-Type. Both are signed, so S3 refuses any other length or type.
 */
export interface UploadTerms {
  contentType: string;
  bytes: number;
  maxBytes: number;
}

export interface StoragePort {
  /** writes the whole object; an object under the same key is replaced */
  put(key: string, body: string | Uint8Array, contentType?: string): Promise<void>;
  /** undefined when there is no object under the key */
  get(key: string): Promise<StoredObject | undefined>;
  /** removes the object; a missing one is not an error */
  delete(key: string): Promise<void>;
  /** the objects and the sub-folders directly under `prefix` (a folder, ending with `/`), up to `max` objects */
  list(prefix: string, max?: number): Promise<StoredListing>;
  /** copies an object to another key (a rename is a copy and a delete) */
  copy(from: string, to: string): Promise<void>;
  /**
   * a link that downloads the object for `expiresInSeconds` (1 to MAX_LINK_SECONDS); with `fileName`, the browser
   * saves it under that name (a link to another origin cannot name its download itself)
   */
  signedGetUrl(key: string, expiresInSeconds: number, fileName?: string): Promise<string>;
  /**
   * a link that uploads the object with an HTTP PUT for `expiresInSeconds`; with `terms`, the upload must send
   * that Content-Type and Content-Length (a RangeError when the length is not 1 to `maxBytes`)
   */
  signedPutUrl(key: string, expiresInSeconds: number, terms?: UploadTerms): Promise<string>;
}

/** Whether storage refused a request as malformed (S3's 400: an invalid or too long key), not failed itself. */
export function isStorageRefusal(e: unknown): boolean {
  return (e as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode === 400;
}
