import * as z from 'zod';
import { auditFields, defineEntity } from './entity';

/** A registered app: the portal itself is one; its key names it in the `x-app-key` header. */
export const appSchema = z.object({
  appKey: z.string().min(1).max(64),
  name: z.string().min(1).max(100),
  description: z.string().max(500).default(''),
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
  appType: z.enum(['PORTAL', 'IOS', 'Android', 'OAuth', 'ApiKey', 'BearerToken', 'BasicAuth']),
  secretSealed: z.string(),
  ...auditFields,
});
export type App = z.infer<typeof appSchema>;

export const appEntity = defineEntity({
  name: 'app',
  scope: 'global',
  schema: appSchema,
  partitionKey: { name: 'appKey', type: 'S' },
  privateFields: ['secretSealed'],
  permissions: { read: 'NAV_APP', write: 'NAV_APP' },
});
