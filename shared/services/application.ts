/** Secrets are in `issueSecret`'s answer only: stored sealed and never read back. */
import * as z from 'zod';
import { applicationEntity } from '../entities/application';
import { type CrudEntityDef, crudServices } from './crud';
import { idPayload, operation } from './operation';

export const applicationServices = {
  ...crudServices(applicationEntity as unknown as CrudEntityDef),
  /** The old signing secret stops working at once; `key: 'server'` issues a server key alone. */
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
