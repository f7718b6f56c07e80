/**
 * The organization's mobile apps: the registry's generic operations, and issuing a signing secret for the app
 * SDK API and a server key for user tokens. Each is in the answer of `issueSecret` only; both are stored sealed and
 * never read back.
 */
import * as z from 'zod';
import { applicationEntity } from '../entities/application';
import { type CrudEntityDef, crudServices } from './crud';
import { idPayload, operation } from './operation';

export const applicationServices = {
  ...crudServices(applicationEntity as unknown as CrudEntityDef),
  /**
   * A new signing secret (the old one stops working at once), with the app key, or with `key: 'server'` a new
   * server key alone; shown once. The first signing secret comes with the app's first server key.
   */
  issueSecret: operation({
    access: 'NAV_APP',
    payload: idPayload.extend({ key: z.enum(['signing', 'server']).default('signing') }),
    response: z.object({
      appKey: z.string(),
      secret: z.string().optional(),
      secretIssuedAt: z.number().int().optional(),
      serverKey: z.string().optional(),
      serverKeyIssuedAt: z.number().int().optional(),
    }),
  }),
} as const;
