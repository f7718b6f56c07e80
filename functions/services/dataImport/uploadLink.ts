import { IMPORT_FILE_UPLOAD } from '../../../shared/uploads';
import type { Runtime } from '../../platform/runtime';
import { UPLOAD_LINK_SECONDS } from '../../platform/storage';

/**
 * The link a browser PUTs an import file to (a cloud source's or a preset parameter's upload): signed for exactly
 * `size` bytes, under the import file limit, of the import content type, so storage refuses any other body.
 */
export async function importUploadLink(rt: Runtime, key: string, size: number) {
  const { contentType, maxBytes } = IMPORT_FILE_UPLOAD;
  const url = await rt.ports.storage.signedPutUrl(key, UPLOAD_LINK_SECONDS, { contentType, bytes: size, maxBytes });
  return { url, expiresAt: rt.clock.now() + UPLOAD_LINK_SECONDS * 1000, contentType };
}
