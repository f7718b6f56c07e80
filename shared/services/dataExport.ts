/** Data export (spec 001 3.16), capped at 100,000 records. */
import * as z from 'zod';
import { ACCOUNT_EXPORT_COLUMNS, dataExportSchema, EXPORT_TYPES, UNSUBSCRIPTION_EXPORT_COLUMNS } from '../entities/dataExport';
import { idString, requiredText } from '../entities/entity';
import { idPayload, ok, operation, pageOf, pageRequest } from './operation';
import { say } from '../i18n/say';

const ACCESS = 'NAV_DATA_EXPORT';
export const EXPORT_LINK_SECONDS = 15 * 60;

export const dataExportView = dataExportSchema.omit({ orgId: true, createdBy: true, updatedBy: true, fileKey: true });
export type DataExportView = z.infer<typeof dataExportView>;

export const COLUMNS_OF = { ACCOUNTS: ACCOUNT_EXPORT_COLUMNS, UNSUBSCRIPTIONS: UNSUBSCRIPTION_EXPORT_COLUMNS } as const;

export const dataExportCreatePayload = z
  .object({
    title: requiredText('title', 100),
    exportType: z.enum(EXPORT_TYPES, { error: say('validation.selectRequired', { param: say('field.exportType') }) }),
    columns: z.array(z.string()).max(50).optional(),
    segmentId: idString.optional(),
  })
  .superRefine((p, ctx) => {
    const allowed: readonly string[] = COLUMNS_OF[p.exportType];
    const unknown = (p.columns ?? []).filter((c) => !allowed.includes(c));
    if (unknown.length) ctx.addIssue({ code: 'custom', path: ['columns'], message: say('form.exportUnknownColumns', { columns: unknown.join(', ') }) });
    if (p.columns && p.columns.length === 0) ctx.addIssue({ code: 'custom', path: ['columns'], message: say('form.exportOneColumn') });
    if (p.segmentId && p.exportType !== 'ACCOUNTS') ctx.addIssue({ code: 'custom', path: ['segmentId'], message: say('form.exportSegment') });
  });
export type DataExportCreatePayload = z.input<typeof dataExportCreatePayload>;

export const dataExportServices = {
  create: operation({ access: ACCESS, payload: dataExportCreatePayload, response: dataExportView }),
  detail: operation({ access: ACCESS, payload: idPayload, response: dataExportView }),
  getListByPage: operation({ access: ACCESS, payload: z.object(pageRequest), response: pageOf(dataExportView) }),
  download: operation({ access: ACCESS, payload: idPayload, response: z.object({ url: z.string(), fileName: z.string(), expiresAt: z.number().int() }) }),
  delete: operation({ access: ACCESS, payload: idPayload, response: ok }),
} as const;
