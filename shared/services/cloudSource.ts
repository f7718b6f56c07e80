/** Spec 000 section 7's cloudSource catalogue; credentials go in with a save and never come back. */
import * as z from 'zod';
import type { Lang } from '../errors';
import { CLOUD_MESSAGES, cloudSourceHistorySchema, cloudSourceRecordSchema, cloudSourceSchema, HOST_KEY_FINGERPRINT } from '../entities/cloudSource';
import { idString } from '../entities/entity';
import { idPayload, importFileSize, ok, operation, pageOf, pageRequest, uploadLink } from './operation';
import { say } from '../i18n/say';

const ACCESS = 'NAV_CLOUD_SOURCE';

export const cloudSourceView = cloudSourceSchema
  .omit({ orgId: true, createdBy: true, updatedBy: true, passwordSealed: true, privateKeySealed: true, secretKeySealed: true })
  .extend({
    hasPassword: z.boolean(),
    hasPrivateKey: z.boolean(),
    hasSecretKey: z.boolean(),
    trustPrincipal: z.string().optional(),
  });
export type CloudSourceView = z.infer<typeof cloudSourceView>;

export const CLOUD_SAVE_TEXTS: Record<'ownAccountRole' | 'credentialsAgain', Record<Lang, string>> = {
  ownAccountRole: {
    en: "A role in Herald's own AWS account cannot be assumed: name a role in your account.",
    zh: '不能使用 Herald 自身 AWS 账户中的角色：请填写您账户中的角色。',
    ja: 'Herald 自身の AWS アカウントのロールは引き受けられません。お客様のアカウントのロールを指定してください。',
  },
  credentialsAgain: {
    en: 'A copy keeps no secret: type the password, private key or secret key again.',
    zh: '副本不保留任何密钥：请重新输入密码、私钥或 Secret Key。',
    ja: 'コピーには秘密情報が引き継がれません。パスワード、秘密鍵、またはシークレットキーを入力し直してください。',
  },
};

const secret = z.string().max(16_384).optional();

export const cloudSourceSavePayload = cloudSourceSchema
  .omit({
    orgId: true,
    id: true,
    version: true,
    dateCreated: true,
    dateUpdated: true,
    createdBy: true,
    updatedBy: true,
    passwordSealed: true,
    privateKeySealed: true,
    secretKeySealed: true,
    nextExecuteTime: true,
    lastExecuteTime: true,
    externalId: true,
    hostKey: true,
    pendingHostKey: true,
    credentialsNeeded: true,
  })
  .extend({
    id: idString.optional(),
    version: z.number().int().optional(),
    password: secret,
    privateKey: secret,
    secretKey: secret,
  })
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const ids = p.fileColumns.map((c) => c.columnId);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) issue(['fileColumns', i, 'columnId'], CLOUD_MESSAGES.columnTwice);
    });
    p.fileColumns.forEach((c, i) => {
      if (c.fieldType === 'attribute' && !c.attribute) issue(['fileColumns', i, 'attribute'], say('import.attributeName'));
    });
    for (const field of ['uniqueIdField', 'groupColumn', 'localeColumn'] as const) {
      const value = p[field];
      if (value && !ids.includes(value)) issue([field], CLOUD_MESSAGES.unknownColumn);
    }
    if (p.lastDataRow !== undefined && p.lastDataRow < p.firstDataRow) issue(['lastDataRow'], CLOUD_MESSAGES.lastRow);
    if (p.sourceType === 'SFTP') {
      if (!p.host) issue(['host'], CLOUD_MESSAGES.host);
      if (!p.username) issue(['username'], CLOUD_MESSAGES.username);
    }
    if (p.sourceType === 'S3') {
      if (!p.bucket) issue(['bucket'], CLOUD_MESSAGES.bucket);
      if (!p.region) issue(['region'], CLOUD_MESSAGES.region);
    }
  });
export type CloudSourceSavePayload = z.input<typeof cloudSourceSavePayload>;

export const cloudSourceHistoryView = cloudSourceHistorySchema.omit({ historyKey: true, orgId: true });
export type CloudSourceHistoryView = z.infer<typeof cloudSourceHistoryView>;

const historyRef = z.object({ sourceId: idString, id: z.string().min(1).max(64) });
const downloadLink = z.object({ url: z.string(), fileName: z.string(), expiresAt: z.number().int(), rows: z.number().int() });

export const cloudSourceServices = {
  getAll: operation({ access: ACCESS, payload: z.object({}).default({}), response: z.array(cloudSourceView) }),
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({ ...pageRequest, title: z.string().max(100).optional(), sourceType: z.string().max(10).optional() }),
    response: pageOf(cloudSourceView),
  }),
  detail: operation({ access: ACCESS, payload: idPayload, response: cloudSourceView }),
  save: operation({ access: ACCESS, payload: cloudSourceSavePayload, response: cloudSourceView }),
  delete: operation({ access: ACCESS, payload: idPayload, response: ok }),
  /** credentials are typed again on purpose */
  duplicate: operation({ access: ACCESS, payload: idPayload, response: cloudSourceView }),
  runNow: operation({ access: ACCESS, payload: idPayload, response: ok }),
  uploadUrl: operation({
    access: ACCESS,
    payload: idPayload.extend({
      fileName: z
        .string()
        .trim()
        .min(1)
        .max(255)
        .regex(/^[^/\\]+$/, say('form.fileNameSlashes')),
      size: importFileSize,
    }),
    response: uploadLink,
  }),
  /** Runs connect only to a server that shows this key. */
  confirmHostKey: operation({
    access: ACCESS,
    payload: idPayload.extend({ fingerprint: z.string().trim().regex(HOST_KEY_FINGERPRINT, say('form.hostKey')) }),
    response: cloudSourceView,
  }),
  deleteHistoryRecord: operation({ access: ACCESS, payload: historyRef, response: ok }),
} as const;

export const cloudSourceHistoryServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: z.object({ sourceId: idString, cursor: z.string().max(200).optional(), size: z.number().int().min(1).max(100).default(20), status: z.string().max(20).optional() }),
    response: z.object({ list: z.array(cloudSourceHistoryView), cursor: z.string().optional() }),
  }),
  confirm: operation({ access: ACCESS, payload: historyRef, response: cloudSourceHistoryView }),
  skip: operation({ access: ACCESS, payload: historyRef, response: cloudSourceHistoryView }),
} as const;

export const cloudSourceRecordServices = {
  getListByPage: operation({
    access: ACCESS,
    payload: historyRef.extend({ afterRow: z.number().int().min(0).default(0), size: z.number().int().min(1).max(500).default(50) }),
    response: z.object({ list: z.array(cloudSourceRecordSchema.omit({ recordKey: true })), nextRow: z.number().int().optional() }),
  }),
  export: operation({ access: ACCESS, payload: historyRef, response: downloadLink }),
} as const;
