/** Where an organization's assets live in the storage port. */
import { PATHS } from '../../../shared/paths';
import type { AssetFileView } from '../../../shared/services';
import { assetNameProblem, UPLOAD_MESSAGES } from '../../../shared/uploads';
import { badField } from '../../contract/problems';
import type { StoragePort } from '../../platform/storage';
import { say } from '../../../shared/i18n/say';

export const PRIVATE_LINK_SECONDS = 3600;

/** S3's longest key in UTF-8 bytes, less room for the prefix of Heralds sharing a bucket (s3Storage's keyPrefix). */
export const MAX_ASSET_KEY_BYTES = 1024 - 64;
/** The longest folder or file name in UTF-8 bytes: what a file system holds as one name (sync tools, s3rver). */
export const MAX_ASSET_NAME_BYTES = 200;

export function assetPrefix(orgId: number, accessible = true): string {
  return `${accessible ? 'assets' : 'private'}/${orgId}/`;
}

/** The storage key of an asset path (a folder's ends with `/`), or 400016 when a name breaks the asset-name rules or S3 or a disk could not hold it. */
export function assetKey(orgId: number, path: string, opts: { accessible?: boolean; folder?: boolean; field?: string } = {}): string {
  const key = assetPrefix(orgId, opts.accessible ?? true) + path + (opts.folder ? '/' : '');
  const field = opts.field ?? 'path';
  // every name by the asset manager's rules (no empty name, dot name, control character): storage is never asked
  if (path.split('/').some((name) => assetNameProblem(name) !== null)) badField(field, UPLOAD_MESSAGES.badName);
  if (path.split('/').some((name) => Buffer.byteLength(name) > MAX_ASSET_NAME_BYTES)) {
    badField(field, say('request.assetNameBytes', { max: MAX_ASSET_NAME_BYTES }));
  }
  if (Buffer.byteLength(key) > MAX_ASSET_KEY_BYTES) badField(field, say('request.assetPathBytes', { max: MAX_ASSET_KEY_BYTES - Buffer.byteLength(assetPrefix(orgId)) }));
  return key;
}

export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

export function publicUrl(baseUrl: string, orgId: number, path: string): string {
  return `${baseUrl.replace(/\/$/, '')}${PATHS.assets}/${orgId}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

export async function fileView(
  storage: StoragePort,
  base: { publicUrl: string; orgId: number; accessible: boolean },
  file: { key: string; size: number; lastModified: number },
): Promise<AssetFileView> {
  const path = file.key.slice(assetPrefix(base.orgId, base.accessible).length);
  const cut = path.lastIndexOf('/');
  return {
    path,
    name: path.slice(cut + 1),
    folder: cut < 0 ? '' : path.slice(0, cut),
    size: file.size,
    url: base.accessible ? publicUrl(base.publicUrl, base.orgId, path) : await storage.signedGetUrl(file.key, PRIVATE_LINK_SECONDS),
    dateUpdated: file.lastModified,
  };
}
