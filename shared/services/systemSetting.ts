import * as z from 'zod';
import { CHANNELS, type Channel } from '../delivery';
import {
  FEATURE_CATEGORY_PRESETS_MAX,
  featureCategoryPresetSchema,
  frequencyCapsSchema,
  NO_FREQUENCY_CAPS,
  quietHoursSchema,
  SMS_PRICES_MAX,
  smsPriceSchema,
} from '../entities/systemSetting';
import { isTimeZone } from '../plan/plan';
import { isValidEmail, MESSAGES } from '../validation';
import { operation } from './operation';
import { TEST_MAIL_LIMITS } from './plan';
import { say } from '../i18n/say';

const rate = z
  .number()
  .int()
  .min(1, say('form.rateMin', { min: 1 }))
  .max(100_000, say('form.rateMax', { max: '100,000' }));
export const sendRatesSchema = z.object(Object.fromEntries(CHANNELS.map((c) => [c, rate])) as { [C in Channel]: typeof rate });

const organizationSettingFields = {
  previewAppName: z.string().trim().max(100).default(''),
  countryList: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, say('form.countryCodes')),
    )
    .max(300)
    .default([]),
  defaultCountry: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'Use a two-letter country code (ISO 3166), such as JP or US.')
    .default(''),
  languageAnalysis: z.boolean().default(false),
  featureCategoryPresets: z
    .array(featureCategoryPresetSchema)
    .max(FEATURE_CATEGORY_PRESETS_MAX)
    .refine((list) => new Set(list.map((p) => p.name.toLowerCase())).size === list.length, say('form.presetNames'))
    .default([]),
  singleMessageApprovalSheet: z.boolean().default(true),
  templateApprovalSheet: z.boolean().default(false),
  approvalSheetTips: z.string().trim().max(500).default(''),
  apiPushCheckDeletedTemplate: z.boolean().default(true),
  mutableContent: z.boolean().default(false),
  ignoreAccountNotifySetting: z.boolean().default(false),
  convertHyperlink: z.boolean().default(true),
  lifecycleSendingRules: z.boolean().default(false),
  iotIdHash: z.boolean().default(false),
  testAddresses: z
    .array(z.string().trim().toLowerCase().max(254).refine(isValidEmail, MESSAGES.emailIncorrect))
    .max(TEST_MAIL_LIMITS.testAddresses, say('form.testAddressesMax', { max: TEST_MAIL_LIMITS.testAddresses }))
    .default([]),
  defaultLanguage: z.enum(['en', 'zh', 'ja']).default('en'),
  defaultTimeZone: z
    .string()
    .trim()
    .max(64)
    .refine((zone) => zone === '' || isTimeZone(zone), 'Choose a time zone from the list, such as Asia/Tokyo.')
    .default(''),
  frequencyCaps: frequencyCapsSchema.default(NO_FREQUENCY_CAPS),
  quietHours: quietHoursSchema.default({ enabled: false, start: '21:00', end: '08:00' }),
  smsPrices: z
    .array(
      z.object({
        country: z
          .string()
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, say('form.countryCodes')),
        price: z.number().positive(say('form.smsPricePositive')).max(1000, say('form.smsPriceMax')),
      }),
    )
    .max(SMS_PRICES_MAX, say('form.smsPricesMax', { max: SMS_PRICES_MAX }))
    .refine((list) => new Set(list.map((p) => p.country)).size === list.length, say('form.smsPriceTwice'))
    .default([]),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => code === '' || isCurrency(code), say('form.currencyCode'))
    .default(''),
};

/** Intl formats any three letters (YEN too), so the list decides. */
let currencies: ReadonlySet<string> | undefined;
function isCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(code);
}

const pricesNeedCurrency = (p: { smsPrices: unknown[]; currency: string }) => p.smsPrices.length === 0 || p.currency !== '';

export const organizationSettingView = z.object({
  previewAppName: z.string(),
  countryList: z.array(z.string()),
  defaultCountry: z.string(),
  languageAnalysis: z.boolean(),
  featureCategoryPresets: z.array(featureCategoryPresetSchema),
  singleMessageApprovalSheet: z.boolean(),
  templateApprovalSheet: z.boolean(),
  approvalSheetTips: z.string(),
  apiPushCheckDeletedTemplate: z.boolean(),
  mutableContent: z.boolean(),
  ignoreAccountNotifySetting: z.boolean(),
  convertHyperlink: z.boolean(),
  lifecycleSendingRules: z.boolean(),
  iotIdHash: z.boolean(),
  testAddresses: z.array(z.string()),
  defaultLanguage: z.enum(['en', 'zh', 'ja']),
  defaultTimeZone: z.string(),
  frequencyCaps: frequencyCapsSchema,
  quietHours: quietHoursSchema,
  smsPrices: z.array(smsPriceSchema),
  currency: z.string(),
  version: z.number().int(),
});
export type OrganizationSettingView = z.infer<typeof organizationSettingView>;

export const sendRatesView = z.object({
  rates: sendRatesSchema,
  version: z.number().int(),
  /** only the first organization's administrators (the deployment's operators) change the rates */
  editable: z.boolean(),
});
export type SendRatesView = z.infer<typeof sendRatesView>;

export const systemSettingServices = {
  detail: operation({
    access: 'NAV_SYSTEM_SETTING',
    payload: z.object({}).default({}),
    response: z.object({ organization: organizationSettingView, sending: sendRatesView }),
  }),
  save: operation({
    access: 'NAV_SYSTEM_SETTING',
    payload: z
      .object({ ...organizationSettingFields, version: z.number().int().nonnegative() })
      .refine(pricesNeedCurrency, { path: ['currency'], message: say('form.currencyNeeded') }),
    response: organizationSettingView,
  }),
  saveSendRates: operation({
    access: 'NAV_SYSTEM_SETTING',
    payload: z.object({ rates: sendRatesSchema, version: z.number().int().nonnegative() }),
    response: sendRatesView,
  }),
} as const;
