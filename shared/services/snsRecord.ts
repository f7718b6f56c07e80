import * as z from 'zod';
import { SNS_RECORD_SOURCES } from '../entities/snsRecord';
import { idPayload, operation, pageOf, pageRequest } from './operation';

export const snsRecordView = z.object({
  id: z.string(),
  source: z.enum(SNS_RECORD_SOURCES),
  fromNumber: z.string(),
  toNumber: z.string().optional(),
  keyword: z.string().optional(),
  body: z.string(),
  providerMessageId: z.string().optional(),
  optOut: z.boolean(),
  receivedAt: z.number().int(),
});
export type SnsRecordView = z.infer<typeof snsRecordView>;

export const snsRecordServices = {
  getListByPage: operation({
    access: 'NAV_SNS',
    payload: z.object({
      ...pageRequest,
      fromNumber: z.string().max(32).optional(),
      body: z.string().max(200).optional(),
      source: z.enum(SNS_RECORD_SOURCES).optional(),
      optOut: z.boolean().optional(),
    }),
    response: pageOf(snsRecordView),
  }),
  detail: operation({ access: 'NAV_SNS', payload: idPayload, response: snsRecordView }),
} as const;
