import * as z from 'zod';
import { defineEntity } from './entity';

/**
 * Which organizations have texted a phone number through this deployment (written by the SMS adapter before a
 * send, once per number and organization). Every organization sends from the deployment's origination
 * identities, so a STOP the number replies reaches all of them alike: the inbound handler lists the number in
 * each organization found here (the `byPhone` index), and in no other. Never shown.
 */
export const smsContactSchema = z.object({
  /** `<orgId>#<phone>` */
  contactKey: z.string(),
  /** E.164 */
  phone: z.string().min(2).max(20),
  orgId: z.number().int(),
  dateCreated: z.number().int(),
});
export type SmsContact = z.infer<typeof smsContactSchema>;

export const smsContactEntity = defineEntity({
  name: 'smsContact',
  // organization first, one partition a number (written at send rate: an `orgId` partition would be hot); moved
  // from the phone-first `phone` + `orgId` table
  table: 'smsContactV2',
  scope: 'tenant',
  orgKey: { form: 'prefixed' },
  schema: smsContactSchema,
  partitionKey: { name: 'contactKey', type: 'S' },
  // an inbound STOP names the number only: the organizations that texted it
  indexes: [{ name: 'byPhone', partitionKey: { name: 'phone', type: 'S' }, sortKey: { name: 'orgId', type: 'N' }, projection: 'KEYS_ONLY' }],
});
