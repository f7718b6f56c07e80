import * as z from 'zod';
import { assetNameProblem, UPLOAD_MESSAGES } from '../uploads';
import { ok, operation } from './operation';
import { say } from '../i18n/say';

/** The largest upload (3 MB GIF) as base64, with room for its JSON. */
const MAX_BASE64 = Math.ceil((3 * 1024 * 1024 + 1) / 3) * 4 + 8;

const assetName = z.string().refine((n) => assetNameProblem(n) === null, UPLOAD_MESSAGES.badName);
export const folderPath = z
  .string()
  .trim()
  .max(200)
  .default('')
  .transform((p) => p.replace(/^\/+|\/+$/g, ''))
  .refine((p) => p === '' || (p.split('/').length <= 5 && p.split('/').every((s) => assetNameProblem(s) === null)), 'Use folder names of the asset manager, at most 5 deep.');

export const assetFileView = z.object({
  path: z.string(),
  name: z.string(),
  folder: z.string(),
  size: z.number().int(),
  url: z.string(),
  dateUpdated: z.number(),
});
export type AssetFileView = z.infer<typeof assetFileView>;

export const uploadServices = {
  /** The upload routes of spec 000 section 7 arrive here; the type is checked by the bytes, HTML sanitised. */
  index: operation({
    access: ['NAV_S3', 'NAV_TEMPLATE_MESSAGE', 'NAV_CREATE_NOTIFICATION', 'NAV_BRAND_VOICE'],
    payload: z.object({
      baseDir: folderPath,
      use: z.enum(['image', 'gif', 'thumbnail', 'file', 'list', 'brandSample']).default('file'),
      /** public as images in mail need, or signed links only */
      accessible: z.boolean().default(true),
      files: z
        .array(z.object({ name: z.string().max(300), contentBase64: z.string().max(MAX_BASE64, say('form.uploadTooLarge', { max: '3MB' })) }))
        .min(1, UPLOAD_MESSAGES.none)
        .max(10),
    }),
    response: z.object({ files: z.array(assetFileView) }),
  }),
} as const;

export const s3ManagerServices = {
  getList: operation({
    access: 'NAV_S3',
    payload: z.object({ baseDir: folderPath }).default({ baseDir: '' }),
    response: z.object({ folder: z.string(), folders: z.array(z.object({ name: z.string(), path: z.string() })), files: z.array(assetFileView), truncated: z.boolean() }),
  }),
  saveFolder: operation({ access: 'NAV_S3', payload: z.object({ baseDir: folderPath, name: assetName }), response: ok }),
  delete: operation({
    access: 'NAV_S3',
    payload: z.object({ path: folderPath.refine((p) => p !== '', 'Name a file or a folder.'), folder: z.boolean().default(false) }),
    response: ok,
  }),
  rename: operation({ access: 'NAV_S3', payload: z.object({ path: folderPath.refine((p) => p !== '', 'Name a file.'), name: assetName }), response: assetFileView }),
} as const;
