/**
 * The organization's own e-mail and SMS providers (shared/entities/messageProvider.ts): the registry's generic
 * operations, with secrets sealed on save, and a test send through one provider that reports its own answer.
 */
import * as z from 'zod';
import { messageProviderEntity } from '../entities/messageProvider';
import { type CrudEntityDef, crudServices } from './crud';
import { idPayload, operation } from './operation';

export const providerTestAnswer = z.object({
  status: z.enum(['SENT', 'FAILED', 'THROTTLED', 'UNKNOWN']),
  providerId: z.string().optional(),
  /** the provider's own words (not translated), where it gave any */
  detail: z.string().optional(),
  /** what became of the test, in the reader's language */
  message: z.string(),
});
export type ProviderTestAnswer = z.infer<typeof providerTestAnswer>;

export const messageProviderServices = {
  ...crudServices(messageProviderEntity as unknown as CrudEntityDef),
  /** one test message through this provider (whether or not it is the default): an e-mail address or a phone number */
  test: operation({
    access: 'NAV_PUSH_CHANNEL',
    payload: idPayload.extend({ to: z.string().trim().min(1).max(320) }),
    response: providerTestAnswer,
  }),
} as const;
