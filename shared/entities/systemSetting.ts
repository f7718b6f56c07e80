import * as z from 'zod';
import { CHANNELS, type Channel } from '../delivery';
import { auditFields, defineEntity, idString, TENANT_KEYS } from './entity';
import { say } from '../i18n/say';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** In each recipient's time zone; a window past midnight (21:00–08:00) wraps. */
export const quietHoursSchema = z.object({
  enabled: z.boolean().default(false),
  start: z.string().regex(HH_MM, say('form.quietStart')).default('21:00'),
  end: z.string().regex(HH_MM, say('form.quietEnd')).default('08:00'),
});
export type QuietHours = z.output<typeof quietHoursSchema>;
export const FREQUENCY_CAP_MAX = 100;
const frequencyCap = z
  .number()
  .int()
  .min(0, say('form.capMin'))
  .max(FREQUENCY_CAP_MAX, say('form.capMax', { max: FREQUENCY_CAP_MAX }))
  .default(0);
export const frequencyCapsSchema = z.object(Object.fromEntries(CHANNELS.map((c) => [c, frequencyCap])) as { [C in Channel]: typeof frequencyCap });
export type FrequencyCaps = z.output<typeof frequencyCapsSchema>;
export const NO_FREQUENCY_CAPS = Object.fromEntries(CHANNELS.map((c) => [c, 0])) as FrequencyCaps;

/** Spec 001 3.11 names the field only: a plan category, group and tags applied in one pick. */
export const FEATURE_CATEGORY_PRESETS_MAX = 20;
export const featureCategoryPresetSchema = z.object({
  name: z.string().trim().min(1).max(50),
  categoryId: idString.optional(),
  groupId: idString.optional(),
  tagIds: z.array(idString).max(50).default([]),
});
export type FeatureCategoryPreset = z.output<typeof featureCategoryPresetSchema>;

export const SMS_PRICES_MAX = 50;
export const smsPriceSchema = z.object({ country: z.string().length(2), price: z.number().positive().max(1000) });
export type SmsPrice = z.output<typeof smsPriceSchema>;

/** Spec 001 3.11; one record per organization. */
export const systemSettingSchema = z.object({
  orgId: z.number().int(),
  id: z.literal('system'),
  previewAppName: z.string().max(100),
  countryList: z.array(z.string()).max(300),
  defaultCountry: z.string().max(2).default(''),
  languageAnalysis: z.boolean(),
  featureCategoryPresets: z.array(featureCategoryPresetSchema).max(FEATURE_CATEGORY_PRESETS_MAX).default([]),
  singleMessageApprovalSheet: z.boolean(),
  templateApprovalSheet: z.boolean(),
  approvalSheetTips: z.string().max(500),
  apiPushCheckDeletedTemplate: z.boolean(),
  mutableContent: z.boolean(),
  ignoreAccountNotifySetting: z.boolean(),
  convertHyperlink: z.boolean(),
  /** off: only Ad-Hoc messages (a setting saved before it: off) */
  lifecycleSendingRules: z.boolean().default(false),
  iotIdHash: z.boolean(),
  testAddresses: z.array(z.string()).max(100).default([]),
  defaultLanguage: z.enum(['en', 'zh', 'ja']).default('en'),
  defaultTimeZone: z.string().max(64).default(''),
  frequencyCaps: frequencyCapsSchema.default(NO_FREQUENCY_CAPS),
  quietHours: quietHoursSchema.default({ enabled: false, start: '21:00', end: '08:00' }),
  smsPrices: z.array(smsPriceSchema).max(SMS_PRICES_MAX).default([]),
  currency: z.string().max(3).default(''),
  ...auditFields,
});
export type SystemSetting = z.infer<typeof systemSettingSchema>;

export const systemSettingEntity = defineEntity({
  name: 'systemSetting',
  scope: 'tenant',
  schema: systemSettingSchema,
  ...TENANT_KEYS,
  permissions: { read: 'NAV_SYSTEM_SETTING', write: 'NAV_SYSTEM_SETTING' },
});

/** Deployment-wide: a provider's quota, such as SES's, is the AWS account's. */
export const sendRateSettingSchema = z.object({
  id: z.literal('rates'),
  rates: z.record(z.enum(CHANNELS), z.number().int()),
  ...auditFields,
});
export type SendRateSetting = z.infer<typeof sendRateSettingSchema>;
export type SendRates = Record<Channel, number>;

export const sendRateSettingEntity = defineEntity({
  name: 'sendRateSetting',
  scope: 'global',
  schema: sendRateSettingSchema,
  partitionKey: { name: 'id', type: 'S' },
});
