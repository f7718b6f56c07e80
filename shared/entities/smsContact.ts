import * as z from 'zod';
import { defineEntity } from './entity';

/**
 * Which organizations have texted a phone number through this deployment (written by the SMS adapter before a
 * send, once per number and organization). Every organization sends from the deployment's origination
 * identities, so a STOP the number replies reaches all of them alike: the inbound handler lists the number in
 * each organization found here, and in no other. Never shown: it holds numbers of several organizations.
 */
export const smsContactSchema = z.object({
  /** E.164 */
  phone: z.string().min(2).max(20),
  orgId: z.number().int(),
  dateCreated: z.number().int(),
});
export type SmsContact = z.infer<typeof smsContactSchema>;

export const smsContactEntity = defineEntity({
  name: 'smsContact',
  scope: 'global',
  schema: smsContactSchema,
  partitionKey: { name: 'phone', type: 'S' },
  sortKey: { name: 'orgId', type: 'N' },
});
