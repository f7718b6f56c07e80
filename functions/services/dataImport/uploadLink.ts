import { IMPORT_FILE_UPLOAD } from '../../../shared/uploads';
import type { Runtime } from '../../platform/runtime';
import { UPLOAD_LINK_SECONDS } from '../../platform/storage';

/** The link a browser PUTs an import file to (a cloud source's or a preset parameter's upload). */
export async function importUploadLink(rt: Runtime, key: string, size: number) {
  const { contentType, maxBytes } = IMPORT_FILE_UPLOAD;
  const url = await rt.ports.storage.signedPutUrl(key, UPLOAD_LINK_SECONDS, { contentType, bytes: size, maxBytes });
  return { url, expiresAt: rt.clock.now() + UPLOAD_LINK_SECONDS * 1000, contentType };
}
