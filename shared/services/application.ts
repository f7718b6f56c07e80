/**
 * The organization's mobile apps: the registry's generic operations, and issuing a signing secret for the app
 * SDK API. The secret is in the answer of `issueSecret` only; it is stored sealed and never read back.
 */
import * as z from 'zod';
import { applicationEntity } from '../entities/application';
import { type CrudEntityDef, crudServices } from './crud';
import { idPayload, operation } from './operation';

export const applicationServices = {
  ...crudServices(applicationEntity as unknown as CrudEntityDef),
  /** A new signing secret (the old one stops working at once), with the app key; shown once. */
  issueSecret: operation({
    access: 'NAV_APP',
    payload: idPayload,
    response: z.object({ appKey: z.string(), secret: z.string(), secretIssuedAt: z.number().int() }),
  }),
} as const;
