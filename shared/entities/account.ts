import * as z from 'zod';
import { E164, LINE_USER_ID } from '../phone';
import { isValidEmail, MESSAGES } from '../validation';
import { defineEntity, partitionShard, shardedPartitionValue, tenantFields } from './entity';
import { say } from '../i18n/say';

/** 16 shards: each partition key serves ~1,000 writes/s, so an import or fan-out scales 16-fold; part of the stored keys. */
export const ACCOUNT_SHARDS = 16;
export const ACCOUNT_PARTITION_KEY = 'pk' satisfies keyof ReturnType<typeof accountKey>;

export const ACCOUNT_LIMITS = {
  emails: 10,
  phones: 10,
  addressLines: 3,
  addressText: 100,
  tags: 100,
  tagLength: 64,
  attributes: 100,
  attributeText: 1000,
  name: 100,
  vehicles: 10,
  iotDevices: 50,
} as const;

/** 64 at most, no `.`, never `__proto__`: a key of `attributes`, always named through expression placeholders. */
export const ATTRIBUTE_NAME = /^\p{L}[\p{L}\p{M}\p{N}_-]{0,63}$/u;

export const ACCOUNT_MESSAGES = {
  locale: say('form.locale'),
  timeZone: say('form.timeZone'),
  country: say('form.country'),
  emailTwice: say('form.emailTwice'),
  phone: say('phone.phone'),
  phoneTwice: say('phone.phoneTwice'),
  lineUserId: say('phone.lineUserId'),
  attributeName: say('form.attributeName'),
  tooManyAttributes: say('form.tooManyAttributes', { max: ACCOUNT_LIMITS.attributes }),
  vin: say('form.vin'),
  vehicleYear: say('form.vehicleYear'),
  vinTwice: say('form.vinTwice'),
  thingTwice: say('form.thingTwice'),
  tooManyVehicles: say('form.tooManyVehicles', { max: ACCOUNT_LIMITS.vehicles }),
  tooManyIotDevices: say('form.tooManyIotDevices', { max: ACCOUNT_LIMITS.iotDevices }),
} as const;

function canonicalLocale(value: string): string | undefined {
  try {
    const [locale] = Intl.getCanonicalLocales(value);
    return locale;
  } catch {
    return undefined;
  }
}

/** The IANA name as Intl spells it (`asia/tokyo` is `Asia/Tokyo`); offsets such as `+09:00` are not names. */
function canonicalTimeZone(value: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function canonical(value: string | undefined, ctx: z.RefinementCtx, message: string): string {
  if (value !== undefined) return value;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
}

const email = z.string().trim().max(254).refine(isValidEmail, MESSAGES.emailIncorrect);
const phone = z
  .string()
  .trim()
  .max(40)
  .transform((v) => (v.startsWith('+') ? v.replace(/[\s().-]/g, '') : v))
  .refine((v) => E164.test(v), ACCOUNT_MESSAGES.phone);
const addressText = z.string().trim().max(ACCOUNT_LIMITS.addressText);

export const postalAddressSchema = z.object({
  recipientName: addressText.optional(),
  lines: z
    .array(addressText)
    .max(ACCOUNT_LIMITS.addressLines)
    .transform((lines) => lines.filter(Boolean))
    .default([]),
  city: addressText.optional(),
  region: addressText.optional(),
  postcode: z.string().trim().max(20).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, ACCOUNT_MESSAGES.country)
    .optional(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** Spec 000 account vehicle data; a VIN per ISO 3779 (17 characters, never I, O or Q). */
export const vehicleSchema = z.object({
  vin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-HJ-NPR-Z0-9]{17}$/, ACCOUNT_MESSAGES.vin),
  make: z.string().trim().max(64).optional(),
  model: z.string().trim().max(64).optional(),
  year: z.number().int().min(1886, ACCOUNT_MESSAGES.vehicleYear).max(2100, ACCOUNT_MESSAGES.vehicleYear).optional(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const iotDeviceSchema = z.object({
  thingId: z.string().trim().min(1).max(128),
  name: z.string().trim().max(100).optional(),
  type: z.string().trim().max(64).optional(),
  vin: z.string().trim().toUpperCase().max(17).optional(),
});
export type IotDevice = z.infer<typeof iotDeviceSchema>;

const attributeValue = z.union([z.string().max(ACCOUNT_LIMITS.attributeText), z.number(), z.boolean(), z.null()]);

/** A recipient (spec 001 3.18); `pk` is storage only, written from `accountKey`. */
export const accountSchema = z.object({
  ...tenantFields,
  emails: z
    .array(email)
    .max(ACCOUNT_LIMITS.emails)
    .refine((list) => new Set(list.map((e) => e.toLowerCase())).size === list.length, ACCOUNT_MESSAGES.emailTwice)
    .default([]),
  /** E.164, the first the primary (SMS); absent on accounts older than phones */
  phones: z
    .array(phone)
    .max(ACCOUNT_LIMITS.phones)
    .refine((list) => new Set(list).size === list.length, ACCOUNT_MESSAGES.phoneTwice)
    .optional(),
  lineUserId: z.string().trim().regex(LINE_USER_ID, ACCOUNT_MESSAGES.lineUserId).optional(),
  address: postalAddressSchema.optional(),
  firstName: z.string().trim().max(ACCOUNT_LIMITS.name).optional(),
  lastName: z.string().trim().max(ACCOUNT_LIMITS.name).optional(),
  locale: z
    .string()
    .trim()
    .transform((v, ctx) => canonical(canonicalLocale(v), ctx, ACCOUNT_MESSAGES.locale))
    .optional(),
  timeZone: z
    .string()
    .trim()
    .transform((v, ctx) => canonical(canonicalTimeZone(v), ctx, ACCOUNT_MESSAGES.timeZone))
    .optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, ACCOUNT_MESSAGES.country)
    .optional(),
  tags: z
    .array(z.string().trim().min(1).max(ACCOUNT_LIMITS.tagLength))
    .max(ACCOUNT_LIMITS.tags)
    .transform((list) => [...new Set(list)])
    .default([]),
  attributes: z
    .record(z.string(), attributeValue)
    .superRefine((attributes, ctx) => {
      const names = Object.keys(attributes);
      if (names.length > ACCOUNT_LIMITS.attributes) {
        ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.tooManyAttributes });
      }
      for (const name of names.filter((n) => !ATTRIBUTE_NAME.test(n))) {
        ctx.addIssue({ code: 'custom', path: [name], message: ACCOUNT_MESSAGES.attributeName });
      }
    })
    .default({}),
  emailConsent: z.boolean().default(false),
  smsConsent: z.boolean().default(false),
  pushConsent: z.boolean().default(false),
  lineConsent: z.boolean().default(false),
  vehicles: z
    .array(vehicleSchema)
    .max(ACCOUNT_LIMITS.vehicles, ACCOUNT_MESSAGES.tooManyVehicles)
    .refine((list) => new Set(list.map((v) => v.vin)).size === list.length, ACCOUNT_MESSAGES.vinTwice)
    .optional(),
  iotDevices: z
    .array(iotDeviceSchema)
    .max(ACCOUNT_LIMITS.iotDevices, ACCOUNT_MESSAGES.tooManyIotDevices)
    .refine((list) => new Set(list.map((d) => d.thingId)).size === list.length, ACCOUNT_MESSAGES.thingTwice)
    .optional(),
});
export type Account = z.infer<typeof accountSchema>;
export type AttributeValue = z.infer<typeof attributeValue>;

export function accountShard(id: string): number {
  return partitionShard(id, ACCOUNT_SHARDS);
}

export function accountPartition(orgId: number, shard: number): string {
  return shardedPartitionValue(orgId, shard);
}

export function accountOrgOf(pk: unknown): number | undefined {
  const [org, shard] = typeof pk === 'string' ? pk.split('#') : [];
  return org && shard !== undefined && Number.isInteger(Number(org)) ? Number(org) : undefined;
}

export function accountKey(orgId: number, id: string): { pk: string; id: string } {
  return { pk: accountPartition(orgId, accountShard(id)), id };
}

/** One key per address and organization: an exact-address search is one small query on no hot partition. */
export function accountEmailKey(orgId: number, email: string): string {
  return `${orgId}#${email.trim().toLowerCase()}`;
}

export const ACCOUNT_STORAGE_FIELDS = [ACCOUNT_PARTITION_KEY, 'emailKey', 'zoneKey'] as const;

/** Millions per organization, so no `crud`: its store reads an audience shard by shard, never by orgId alone. */
export const accountEntity = defineEntity({
  name: 'account',
  scope: 'tenant',
  schema: accountSchema,
  partitionKey: { name: ACCOUNT_PARTITION_KEY, type: 'S' },
  sortKey: { name: 'id', type: 'S' },
  shardedPartition: { shards: ACCOUNT_SHARDS },
  stream: 'NEW_IMAGE',
  indexes: [
    { name: 'byEmail', partitionKey: { name: 'emailKey', type: 'S' }, projection: 'KEYS_ONLY' },
    // a recurring schedule's firing reads only the accounts of the zones it fires for (shared/entities/trigger.ts)
    { name: 'byZone', partitionKey: { name: 'zoneKey', type: 'S' }, sortKey: { name: 'id', type: 'S' } },
  ],
  permissions: { read: 'NAV_ACCOUNT', write: 'NAV_ACCOUNT' },
});
