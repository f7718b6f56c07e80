/** Cloud sources (spec 001 3.13): recipient files pulled on a loop from SFTP, S3 or upload, checked and imported as accounts. */
import * as z from 'zod';
import { ATTRIBUTE_TYPES, IMPORT_TARGETS, KEY_CASES } from '../import/accountImport';
import { CSV_DELIMITERS, CSV_ENCODINGS } from '../import/csv';
import { sheetNameSchema } from '../import/xlsx';
import { isValidEmail, MESSAGES } from '../validation';
import { EXPORT_LOOPS } from './dataExport';
import { COMPOSED_KEYS, defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { say } from '../i18n/say';

export const CLOUD_SOURCE_TYPES = ['SFTP', 'S3', 'UPLOAD'] as const;
export const CLOUD_ALERT_TYPES = ['FAILURE', 'HELD', 'DONE'] as const;
export const CLOUD_HISTORY_STATUSES = ['CHECKING', 'HELD', 'IMPORTING', 'CONFIRMED', 'SKIPPED', 'DONE', 'FAILED'] as const;
export type CloudHistoryStatus = (typeof CLOUD_HISTORY_STATUSES)[number];

export const CLOUD_MESSAGES = {
  columnId: say('form.cloudColumnId'),
  regex: say('form.cloudRegex'),
  unknownColumn: say('form.cloudUnknownColumn'),
  columnTwice: say('form.cloudColumnTwice'),
  host: say('validation.inputRequired', { param: say('field.host') }),
  username: say('admin.username'),
  credential: say('form.cloudCredential'),
  bucket: say('validation.inputRequired', { param: say('field.bucket') }),
  region: say('validation.inputRequired', { param: say('field.region') }),
  s3Credential: say('form.cloudS3Credential'),
  lastRow: say('form.lastRow'),
  roleArn: say('form.roleArn'),
  fileName: say('form.cloudFileName'),
} as const;

export const HOST_KEY_FINGERPRINT = /^SHA256:[A-Za-z0-9+/]{43}$/;

export const CLOUD_RUN_PROBLEMS = [
  'credentials',
  'hostKeyUnconfirmed',
  'hostKeyChanged',
  'addressRefused',
  'unreachable',
  'ownAccountRole',
  'roleRefused',
  'fileNameMismatch',
] as const;
export type CloudRunProblem = (typeof CLOUD_RUN_PROBLEMS)[number];

export const fileColumnSchema = z.object({
  columnId: z.string({ error: CLOUD_MESSAGES.columnId }).trim().min(1, CLOUD_MESSAGES.columnId).max(200),
  regex: z
    .string()
    .max(500)
    .refine((r) => {
      try {
        new RegExp(r, 'u');
        return true;
      } catch {
        return false;
      }
    }, CLOUD_MESSAGES.regex)
    .default(''),
  checkTitle: z.boolean().default(true),
  fieldType: z.enum([...IMPORT_TARGETS, 'ignore']).default('ignore'),
  attribute: z.string().trim().max(64).optional(),
  format: z.enum(ATTRIBUTE_TYPES).default('text'),
});
export type FileColumn = z.infer<typeof fileColumnSchema>;

const email = z.string().trim().max(254).refine(isValidEmail, MESSAGES.emailIncorrect);

export const cloudSourceSchema = z.object({
  ...tenantFields,
  title: requiredText('title', 100),
  sourceType: z.enum(CLOUD_SOURCE_TYPES),
  host: z.string().trim().max(255).default(''),
  port: z.number().int().min(1).max(65_535).default(22),
  filePath: z.string().trim().max(1024).default(''),
  fileName: z
    .string({ error: CLOUD_MESSAGES.fileName })
    .trim()
    .min(1, CLOUD_MESSAGES.fileName)
    .max(255)
    .regex(/^[^/\\]+$/, CLOUD_MESSAGES.fileName),
  username: z.string().trim().max(128).default(''),
  accessKey: z.string().trim().max(128).default(''),
  roleArn: z
    .string()
    .trim()
    .max(2048)
    .regex(/^(arn:aws[a-z-]*:iam::[0-9]{12}:role\/[\w+=,.@/-]+)?$/, CLOUD_MESSAGES.roleArn)
    .default(''),
  bucket: z.string().trim().max(63).default(''),
  region: z
    .string()
    .trim()
    .max(32)
    .regex(/^([a-z]{2}(-[a-z]+)+-[0-9])?$/, 'Please choose a region such as ap-northeast-1.')
    .default(''),
  resourceName: z.string().trim().max(200).default(''),
  fileColumns: z.array(fileColumnSchema).min(1, CLOUD_MESSAGES.columnId).max(200),
  uniqueIdField: z
    .string({ error: say('validation.chooseRequired', { param: say('field.uniqueIdColumn') }) })
    .trim()
    .min(1, say('validation.chooseRequired', { param: say('field.uniqueIdColumn') })),
  keyCase: z.enum(KEY_CASES).default('NORMAL'),
  firstDataRow: z.number().int().min(1).max(1_000_000).default(2),
  lastDataRow: z.number().int().min(1).optional(),
  encoding: z.enum(CSV_ENCODINGS).default('UTF-8'),
  splitChar: z.enum(CSV_DELIMITERS).default(','),
  sheetName: sheetNameSchema,
  groupColumn: z.string().trim().max(200).optional(),
  localeColumn: z.string().trim().max(200).optional(),
  emailReceivers: z.array(email).max(10).default([]),
  multiSend: z.boolean().default(false),
  loopType: z.enum(EXPORT_LOOPS, { error: say('validation.selectRequired', { param: say('field.loopType') }) }).default('DAILY'),
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  alertTypes: z.array(z.enum(CLOUD_ALERT_TYPES)).max(3).default(['FAILURE']),
  largeFileRowLimit: z.number().int().min(1).max(50_000_000).default(1_000_000),
  holdForConfirmation: z.boolean().default(false),
  nextExecuteTime: z.number().int().optional(),
  lastExecuteTime: z.number().int().optional(),
  passwordSealed: z.string().optional(),
  privateKeySealed: z.string().optional(),
  secretKeySealed: z.string().optional(),
  /** the role's trust policy requires it (sts:ExternalId), against the confused deputy */
  externalId: z.string().max(64).optional(),
  /** every connection is checked against it before signing in */
  hostKey: z.string().regex(HOST_KEY_FINGERPRINT).optional(),
  pendingHostKey: z.string().regex(HOST_KEY_FINGERPRINT).optional(),
  /** a copy keeps no secret: it does not run until a save gives its credentials again */
  credentialsNeeded: z.boolean().default(false),
});
export type CloudSource = z.infer<typeof cloudSourceSchema>;

export const cloudSourceEntity = defineEntity({
  name: 'cloudSource',
  scope: 'tenant',
  schema: cloudSourceSchema,
  ...TENANT_KEYS,
  privateFields: ['passwordSealed', 'privateKeySealed', 'secretKeySealed'],
  permissions: { read: 'NAV_CLOUD_SOURCE', write: 'NAV_CLOUD_SOURCE' },
});

export const cloudHistoryKeyOf = (orgId: number, sourceId: string) => `${orgId}#${sourceId}`;

const count = z.number().int().nonnegative();

export const cloudSourceHistorySchema = z.object({
  historyKey: z.string(),
  id: z.string(),
  orgId: z.number().int(),
  sourceId: z.string(),
  trigger: z.enum(['LOOP', 'MANUAL']),
  fileName: z.string(),
  fileSize: count,
  fileModified: z.number().int(),
  status: z.enum(CLOUD_HISTORY_STATUSES),
  rows: count,
  valid: count,
  invalid: count,
  created: count,
  updated: count,
  error: z.string().optional(),
  problem: z.enum(CLOUD_RUN_PROBLEMS).optional(),
  dateCreated: z.number().int(),
  dateUpdated: z.number().int(),
  finishedAt: z.number().int().optional(),
  decidedBy: z.string().optional(),
});
export type CloudSourceHistory = z.infer<typeof cloudSourceHistorySchema>;

export const cloudSourceHistoryEntity = defineEntity({
  name: 'cloudSourceHistory',
  table: 'cloudSourceHistoryV2',
  scope: 'tenant',
  orgKey: { form: 'composed', restKey: 'historyKey', sort: { name: 'id', type: 'S' } },
  schema: cloudSourceHistorySchema,
  ...COMPOSED_KEYS,
});

export const cloudRecordKeyOf = (orgId: number, sourceId: string, historyId: string) => `${orgId}#${sourceId}#${historyId}`;

export const cloudSourceRecordSchema = z.object({
  recordKey: z.string(),
  row: z.number().int(),
  stage: z.enum(['CHECK', 'IMPORT']),
  reason: z.string(),
  key: z.string().optional(),
});
export type CloudSourceRecord = z.infer<typeof cloudSourceRecordSchema>;

export const cloudSourceRecordEntity = defineEntity({
  name: 'cloudSourceRecord',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: cloudSourceRecordSchema,
  partitionKey: { name: 'recordKey', type: 'S' },
  sortKey: { name: 'row', type: 'N' },
});

export const CLOUD_RECORDS_KEPT = 10_000;
