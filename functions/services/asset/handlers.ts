/** Uploads and the asset manager (/library/s3-manage). */
import { AppError } from '../../../shared/errors';
import { sanitizeHtml } from '../../../shared/render/sanitizeHtml';
import { checkUpload, CONTENT_TYPES } from '../../../shared/uploads';
import type { AreaHandlers, AuthedContext } from '../../contract/context';
import { assetKey, assetPrefix, fileView, joinPath } from './assets';
import { say } from '../../../shared/i18n/say';

function storageOf(ctx: AuthedContext) {
  return ctx.rt.ports.storage;
}

function baseOf(ctx: AuthedContext, accessible = true) {
  return { publicUrl: ctx.rt.config.publicUrl, orgId: ctx.tenant.orgId, accessible };
}

export const uploadHandlers: AreaHandlers<'upload'> = {
  async index({ baseDir, use, accessible, files }, ctx) {
    const storage = storageOf(ctx);
    // every file is checked before any is stored: one refused file stores none
    const checked = files.map((f, i) => {
      const bytes = Buffer.from(f.contentBase64, 'base64');
      const check = checkUpload(use, f.name.trim(), bytes);
      if (!check.ok) throw new AppError('400016', `${f.name.slice(0, 100)}: ${check.message}`);
      const key = assetKey(ctx.tenant.orgId, joinPath(baseDir, f.name.trim()), { accessible, field: `files.${i}.name` });
      const body = check.type === 'html' ? Buffer.from(sanitizeHtml(bytes.toString('utf8')), 'utf8') : bytes;
      return { key, body, contentType: CONTENT_TYPES[check.type] };
    });
    const stored = [];
    for (const { key, body, contentType } of checked) {
      await storage.put(key, body, contentType);
      stored.push(await fileView(storage, baseOf(ctx, accessible), { key, size: body.length, lastModified: ctx.rt.clock.now() }));
    }
    return { files: stored };
  },
};

export const s3ManagerHandlers: AreaHandlers<'s3Manager'> = {
  async getList({ baseDir }, ctx) {
    const storage = storageOf(ctx);
    const prefix = baseDir ? assetKey(ctx.tenant.orgId, baseDir, { folder: true, field: 'baseDir' }) : assetPrefix(ctx.tenant.orgId);
    const listing = await storage.list(prefix);
    const folders = listing.folders.map((p) => {
      const path = p.slice(assetPrefix(ctx.tenant.orgId).length, -1);
      return { name: path.slice(path.lastIndexOf('/') + 1), path };
    });
    const files = await Promise.all(listing.files.map((f) => fileView(storage, baseOf(ctx), f)));
    return { folder: baseDir, folders, files, truncated: listing.truncated };
  },

  async saveFolder({ baseDir, name }, ctx) {
    const key = assetKey(ctx.tenant.orgId, joinPath(baseDir, name.trim()), { folder: true, field: 'name' });
    const storage = storageOf(ctx);
    if (await storage.get(key)) throw new AppError('720001', say('request.folderExists'));
    await storage.put(key, '', 'application/x-directory');
    return { ok: true };
  },

  async delete({ path, folder }, ctx) {
    const storage = storageOf(ctx);
    const key = assetKey(ctx.tenant.orgId, path, { folder });
    if (folder) {
      const inside = await storage.list(key, 1);
      if (inside.files.length > 0 || inside.folders.length > 0) throw new AppError('720009', say('request.folderNotEmpty'));
    }
    if (!(await storage.get(key))) throw new AppError('720003');
    await storage.delete(key);
    return { ok: true };
  },

  async rename({ path, name }, ctx) {
    const storage = storageOf(ctx);
    const from = assetKey(ctx.tenant.orgId, path);
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    const to = assetKey(ctx.tenant.orgId, joinPath(folder, name.trim()), { field: 'name' });
    const stored = await storage.get(from);
    if (!stored) throw new AppError('720003');
    stored.body.destroy();
    if (to === from) return fileView(storage, baseOf(ctx), { key: from, size: stored.size ?? 0, lastModified: ctx.rt.clock.now() });
    const there = await storage.get(to);
    if (there) {
      there.body.destroy();
      throw new AppError('720001', say('request.fileExists'));
    }
    await storage.copy(from, to);
    await storage.delete(from);
    return fileView(storage, baseOf(ctx), { key: to, size: stored.size ?? 0, lastModified: ctx.rt.clock.now() });
  },
};
