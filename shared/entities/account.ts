import * as z from 'zod';
import { E164, LINE_USER_ID } from '../phone';
import { isValidEmail, MESSAGES } from '../validation';
import { defineEntity, partitionShard, shardedPartitionValue, tenantFields } from './entity';
import { say } from '../i18n/say';

/**
 * Shards per organization of the account table. Each partition key value serves about 1,000 writes and 3,000
 * reads a second, so 16 shards take a bulk import or a fan-out at 16 times that, while listing a small
 * organization costs only 16 queries. Part of the stored keys: changing it means rewriting every account.
 */
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

/**
 * A custom attribute's name: a letter of any script (会員ランク, 会员等级, plan), then letters, marks, digits, `_`
 * or `-`, 64 at most (so never `__proto__`, and never a `.` that would read as a path). Stored as a key of the
 * account's `attributes` map and always named through expression placeholders, so any such name is safe there.
 */
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
/** A stored number is E.164; spaces and punctuation around an international number are dropped. */
const phone = z
  .string()
  .trim()
  .max(40)
  .transform((v) => (v.startsWith('+') ? v.replace(/[\s().-]/g, '') : v))
  .refine((v) => E164.test(v), ACCOUNT_MESSAGES.phone);
const addressText = z.string().trim().max(ACCOUNT_LIMITS.addressText);

/** A postal address for letters; every part optional, empty lines dropped. */
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
  /** ISO 3166-1 alpha-2, upper case */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, ACCOUNT_MESSAGES.country)
    .optional(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/**
 * A vehicle of the account (spec 000: account vehicle data): its VIN (ISO 3779: 17 characters, never I, O or Q),
 * make, model and model year, as the organization's app or an import says.
 */
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

/** A connected thing of the account besides its phones (a telematics unit, a charger, a meter): its own id, name and kind. */
export const iotDeviceSchema = z.object({
  thingId: z.string().trim().min(1).max(128),
  name: z.string().trim().max(100).optional(),
  type: z.string().trim().max(64).optional(),
  /** the vehicle it is fitted to, when it is */
  vin: z.string().trim().toUpperCase().max(17).optional(),
});
export type IotDevice = z.infer<typeof iotDeviceSchema>;

const attributeValue = z.union([z.string().max(ACCOUNT_LIMITS.attributeText), z.number(), z.boolean(), z.null()]);

/**
 * A recipient of an organization (spec 001 section 3.18): `id` is the organization's own key for the person.
 * Channel consents are opt-in. The partition key attribute (`pk`) is storage only: the store writes it from
 * `accountKey`, and it is not part of the record.
 */
export const accountSchema = z.object({
  ...tenantFields,
  /** the first address is the primary one */
  emails: z
    .array(email)
    .max(ACCOUNT_LIMITS.emails)
    .refine((list) => new Set(list.map((e) => e.toLowerCase())).size === list.length, ACCOUNT_MESSAGES.emailTwice)
    .default([]),
  /** E.164 numbers, the first the primary one (SMS); absent on accounts stored before phones existed */
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
  /** ISO 3166-1 alpha-2, upper case */
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
  /** the account's vehicles and IoT devices (its IoT tab); their track data are its `thing.track` app events */
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

/** The shard that holds an account. */
export function accountShard(id: string): number {
  return partitionShard(id, ACCOUNT_SHARDS);
}

/** The partition key value of one shard of an organization (fan-out reads each of the ACCOUNT_SHARDS). */
export function accountPartition(orgId: number, shard: number): string {
  return shardedPartitionValue(orgId, shard);
}

/** The organization of an account partition key (`${orgId}#${shard}`); undefined for any other value. */
export function accountOrgOf(pk: unknown): number | undefined {
  const [org, shard] = typeof pk === 'string' ? pk.split('#') : [];
  return org && shard !== undefined && Number.isInteger(Number(org)) ? Number(org) : undefined;
}

/** The table key of an account: the organization's shard, then the account's id. */
export function accountKey(orgId: number, id: string): { pk: string; id: string } {
  return { pk: accountPartition(orgId, accountShard(id)), id };
}

/**
 * The key of the email index: `${orgId}#${primary address, lower case}`. One item per address and organization
 * spreads over as many partitions as there are addresses, so an exact-address search is one small query.
 */
export function accountEmailKey(orgId: number, email: string): string {
  return `${orgId}#${email.trim().toLowerCase()}`;
}

/** Stored attributes that are keys only (the shard partition and the email index key), never part of a record. */
export const ACCOUNT_STORAGE_FIELDS = [ACCOUNT_PARTITION_KEY, 'emailKey', 'zoneKey'] as const;

/**
 * Accounts: millions per organization, so not a plain entity. No `crud` block; its store builds keys with
 * `accountKey` and enumerates an audience shard by shard, never by orgId alone.
 */
export const accountEntity = defineEntity({
  name: 'account',
  scope: 'tenant',
  schema: accountSchema,
  partitionKey: { name: ACCOUNT_PARTITION_KEY, type: 'S' },
  sortKey: { name: 'id', type: 'S' },
  shardedPartition: { shards: ACCOUNT_SHARDS },
  // each write reaches the audience snapshot's change log (functions/domain/audience/streamLambda.ts)
  stream: 'NEW_IMAGE',
  indexes: [
    { name: 'byEmail', partitionKey: { name: 'emailKey', type: 'S' }, projection: 'KEYS_ONLY' },
    // a recurring schedule's firing reads only the accounts of the zones it fires for (shared/entities/trigger.ts)
    { name: 'byZone', partitionKey: { name: 'zoneKey', type: 'S' }, sortKey: { name: 'id', type: 'S' } },
  ],
  permissions: { read: 'NAV_ACCOUNT', write: 'NAV_ACCOUNT' },
});
