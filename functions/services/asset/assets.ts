/**
 * Where an organization's assets live in the storage port: public ones under `assets/<orgId>/`, served by the
 * router's asset path to anyone (images in mail must load without signing in), private ones under
 * `private/<orgId>/`, reached only by signed links. A folder is a marker object whose key ends with `/`.
 */
import { PATHS } from '../../../shared/paths';
import type { AssetFileView } from '../../../shared/services';
import type { StoragePort } from '../../platform/storage';

export const PRIVATE_LINK_SECONDS = 3600;

export function assetPrefix(orgId: number, accessible = true): string {
  return `${accessible ? 'assets' : 'private'}/${orgId}/`;
}

/** `folder/name` joined, '' for the top folder. */
export const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/** The public address of an asset: the router's asset path, each segment encoded. */
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
