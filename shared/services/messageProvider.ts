import * as z from 'zod';
import { messageProviderEntity } from '../entities/messageProvider';
import { type CrudEntityDef, crudServices } from './crud';
import { idPayload, operation } from './operation';

export const providerTestAnswer = z.object({
  status: z.enum(['SENT', 'FAILED', 'THROTTLED', 'UNKNOWN']),
  providerId: z.string().optional(),
  detail: z.string().optional(),
  message: z.string(),
});
export type ProviderTestAnswer = z.infer<typeof providerTestAnswer>;

export const messageProviderServices = {
  ...crudServices(messageProviderEntity as unknown as CrudEntityDef),
  test: operation({
    access: 'NAV_PUSH_CHANNEL',
    payload: idPayload.extend({ to: z.string().trim().min(1).max(320) }),
    response: providerTestAnswer,
  }),
} as const;
