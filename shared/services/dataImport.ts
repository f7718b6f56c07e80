/** Data import (spec 001 3.13): rows arrive in pages, in order, so the file is never held whole on either side. */
import * as z from 'zod';
import { dataImportSchema, IMPORT_KINDS } from '../entities/dataImport';
import { idString } from '../entities/entity';
import { DEVICE_IMPORT_FIELDS } from '../entities/device';
import { IMPORT_LIMITS, IMPORT_MESSAGES, importPlanSchema } from '../import/accountImport';
import { devicePlanProblem } from '../import/deviceImport';
import { idPayload, operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

const ACCESS = 'NAV_DATA_IMPORT';

export const IMPORT_CELL_MAX = 4000;

export const dataImportView = dataImportSchema.omit({ orgId: true, createdBy: true, updatedBy: true });
export type DataImportView = z.infer<typeof dataImportView>;

export const dataImportCreatePayload = importPlanSchema
  .safeExtend({
    kind: z.enum(IMPORT_KINDS).default('ACCOUNT'),
    fileName: z.string().trim().min(1, say('form.uploadNone')).max(IMPORT_LIMITS.fileName),
    totalBytes: z.number().int().nonnegative(),
  })
  .superRefine((p, ctx) => {
    if (p.kind === 'DEVICE') {
      const problem = devicePlanProblem(p);
      if (problem) ctx.addIssue({ code: 'custom', path: ['mappings'], message: problem });
    } else if (p.kind === 'ACCOUNT') {
      p.mappings.forEach((m, i) => {
        if ((DEVICE_IMPORT_FIELDS as readonly string[]).includes(m.target))
          ctx.addIssue({ code: 'custom', path: ['mappings', i, 'target'], message: IMPORT_MESSAGES.notAccountField });
      });
    }
  });
export type DataImportCreatePayload = z.input<typeof dataImportCreatePayload>;

export const importFailureView = z.object({ row: z.number().int(), reason: z.string(), key: z.string().optional(), warning: z.boolean().optional() });
export type ImportFailureView = z.infer<typeof importFailureView>;

export const dataImportServices = {
  create: operation({ access: ACCESS, payload: dataImportCreatePayload, response: dataImportView }),
  appendRows: operation({
    access: ACCESS,
    payload: z.object({
      id: idString,
      fromRow: z.number().int().min(2),
      rows: z
        .array(z.array(z.string().max(IMPORT_CELL_MAX)))
        .min(1)
        .max(IMPORT_LIMITS.pageRows),
      bytesRead: z.number().int().nonnegative(),
    }),
    response: dataImportView,
  }),
  finish: operation({ access: ACCESS, payload: idPayload, response: dataImportView }),
  cancel: operation({ access: ACCESS, payload: idPayload, response: dataImportView }),
  detail: operation({ access: ACCESS, payload: idPayload, response: dataImportView }),
  getListByPage: operation({ access: ACCESS, payload: z.object(pageRequest), response: pageOf(dataImportView) }),
  getFailures: operation({
    access: ACCESS,
    payload: z.object({ id: idString, afterRow: z.number().int().min(0).optional(), size: z.number().int().min(1).max(500).default(100) }),
    response: z.object({ list: z.array(importFailureView), nextRow: z.number().int().optional() }),
  }),
} as const;
