import * as z from 'zod';
import { defineEntity } from './entity';

/** Every organization sends from the deployment's identities, so an inbound STOP is listed for each organization found here. */
export const smsContactSchema = z.object({
  contactKey: z.string(),
  phone: z.string().min(2).max(20),
  orgId: z.number().int(),
  dateCreated: z.number().int(),
});
export type SmsContact = z.infer<typeof smsContactSchema>;

export const smsContactEntity = defineEntity({
  name: 'smsContact',
  // one partition a number: written at send rate, an `orgId` partition would be hot
  table: 'smsContactV2',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: smsContactSchema,
  partitionKey: { name: 'contactKey', type: 'S' },
  indexes: [{ name: 'byPhone', partitionKey: { name: 'phone', type: 'S' }, sortKey: { name: 'orgId', type: 'N' }, projection: 'KEYS_ONLY' }],
});
