/**
 * Deployment settings, read from CDK context (`cdk.json` or `cdk deploy -c herald:publicUrl=https://...`).
 * Defaults match the runtime's own defaults (functions/platform/runtime.ts `defaultConfig`).
 */
import type { Node } from 'constructs';
import type { LogLevel } from '../functions/platform/logger';
import { MAP_TILE_URL } from '../shared/validation';

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
/** the retention periods CloudWatch Logs accepts */
export const LOG_RETENTION_DAYS: readonly number[] = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

export interface HeraldConfig {
  /** physical table name prefix (HERALD_TABLE_PREFIX); tables are `${prefix}${entity.name}` */
  tablePrefix: string;
  authType: 'NONE' | 'AES256';
  /** the portal's own app key (HERALD_APP_KEY) */
  appKey: string;
  /** public address used in mailed links (HERALD_PUBLIC_URL); empty until the CloudFront domain is known */
  publicUrl: string;
  /** a sender verified in SES (HERALD_MAIL_FROM) */
  mailFrom: string;
  logLevel: LogLevel;
  /** map tiles for the place pickers (HERALD_MAP_TILE_URL): an https XYZ template; empty for a plain grid */
  mapTileUrl: string;
  /** the credit the tile provider asks for (HERALD_MAP_ATTRIBUTION) */
  mapAttribution: string;
  /**
   * End User Messaging SMS (HERALD_SMS_*): the origination identity (a phone number, pool or sender id, or its
   * ARN; empty: AWS picks one of the account's), the SMS configuration set for events, the most to pay per
   * part in USD ("0.05") and how long a message may wait for the carrier, in seconds (empty: Herald's default)
   */
  smsOriginationIdentity: string;
  smsConfigurationSet: string;
  smsMaxPrice: string;
  smsTtlSeconds: string;
  /**
   * "true": one customer managed KMS key (rotated yearly) encrypts the tables, the assets bucket and the secrets,
   * so an operator can audit and revoke every use of the data; "false" (default): AWS owned and managed keys
   */
  customerManagedKey: string;
  /** where the alarms are mailed (a subscription to the alarm topic); empty: subscribe to AlarmTopicArn yourself */
  alarmEmail: string;
  /** days the functions' and the API's logs are kept (a CloudWatch Logs retention: 1, 3, 5, 7, 14, 30, 60, 90, ...) */
  logRetentionDays: string;
  /** the translation system's JSON API, https (HERALD_TRANSLATION_URL); empty: no translation sync */
  translationUrl: string;
  /** the Bedrock model or inference profile a brand voice without its own uses (HERALD_BEDROCK_MODEL_ID); empty: Herald's default */
  bedrockModelId: string;
  /** AI generations per organization a day (HERALD_AI_DAILY_LIMIT); empty: Herald's default (50) */
  aiDailyLimit: string;
}

export const DEFAULT_CONFIG: HeraldConfig = {
  tablePrefix: 'herald-',
  authType: 'NONE',
  appKey: 'portal',
  publicUrl: '',
  mailFrom: 'no-reply@example.com',
  logLevel: 'info',
  mapTileUrl: '',
  mapAttribution: '',
  smsOriginationIdentity: '',
  smsConfigurationSet: '',
  smsMaxPrice: '',
  smsTtlSeconds: '',
  customerManagedKey: 'false',
  alarmEmail: '',
  logRetentionDays: '30',
  translationUrl: '',
  bedrockModelId: '',
  aiDailyLimit: '',
};

export function readConfig(node: Node, overrides: Partial<HeraldConfig> = {}): HeraldConfig {
  const ctx = (key: keyof HeraldConfig): string => {
    if (overrides[key] !== undefined) return String(overrides[key]);
    const v: unknown = node.tryGetContext(`herald:${key}`);
    return v === undefined || v === null ? String(DEFAULT_CONFIG[key]) : String(v);
  };
  const config: HeraldConfig = {
    tablePrefix: ctx('tablePrefix'),
    authType: ctx('authType') as HeraldConfig['authType'],
    appKey: ctx('appKey'),
    publicUrl: ctx('publicUrl').replace(/\/+$/, ''),
    mailFrom: ctx('mailFrom'),
    logLevel: ctx('logLevel') as HeraldConfig['logLevel'],
    mapTileUrl: ctx('mapTileUrl'),
    mapAttribution: ctx('mapAttribution'),
    smsOriginationIdentity: ctx('smsOriginationIdentity'),
    smsConfigurationSet: ctx('smsConfigurationSet'),
    smsMaxPrice: ctx('smsMaxPrice'),
    smsTtlSeconds: ctx('smsTtlSeconds'),
    customerManagedKey: ctx('customerManagedKey'),
    alarmEmail: ctx('alarmEmail'),
    logRetentionDays: ctx('logRetentionDays'),
    translationUrl: ctx('translationUrl'),
    bedrockModelId: ctx('bedrockModelId'),
    aiDailyLimit: ctx('aiDailyLimit'),
  };
  if (config.customerManagedKey !== 'true' && config.customerManagedKey !== 'false') {
    throw new Error(`herald:customerManagedKey must be true or false, not "${config.customerManagedKey}"`);
  }
  if (config.alarmEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(config.alarmEmail)) {
    throw new Error(`herald:alarmEmail must be a mail address, not "${config.alarmEmail}"`);
  }
  if (!LOG_RETENTION_DAYS.includes(Number(config.logRetentionDays))) {
    throw new Error(`herald:logRetentionDays must be one of ${LOG_RETENTION_DAYS.join(', ')}, not "${config.logRetentionDays}"`);
  }
  if (config.smsMaxPrice && !/^\d{0,2}\.\d{1,5}$/.test(config.smsMaxPrice)) {
    throw new Error(`herald:smsMaxPrice must be US dollars such as 0.05, not "${config.smsMaxPrice}"`);
  }
  if (config.smsOriginationIdentity && !/^[A-Za-z0-9_:/+-]{1,256}$/.test(config.smsOriginationIdentity)) {
    throw new Error(`herald:smsOriginationIdentity must be a phone number, pool or sender id, or its ARN, not "${config.smsOriginationIdentity}"`);
  }
  if (config.mapTileUrl && !MAP_TILE_URL.test(config.mapTileUrl)) {
    throw new Error(`herald:mapTileUrl must be an https address with {z}, {x} and {y}, not "${config.mapTileUrl}"`);
  }
  if (!/^[A-Za-z0-9_.-]*$/.test(config.tablePrefix)) {
    throw new Error(`herald:tablePrefix "${config.tablePrefix}" may only hold letters, digits, "_", "-" and "."`);
  }
  if (config.authType !== 'NONE' && config.authType !== 'AES256') {
    throw new Error(`herald:authType must be NONE or AES256, not "${config.authType}"`);
  }
  if (!LOG_LEVELS.includes(config.logLevel)) {
    throw new Error(`herald:logLevel must be one of ${LOG_LEVELS.join(', ')}, not "${config.logLevel}"`);
  }
  if (config.translationUrl && !/^https:\/\/[^/\s]+\S*$/.test(config.translationUrl)) {
    throw new Error(`herald:translationUrl must be an https address, not "${config.translationUrl}"`);
  }
  // a model id (amazon.nova-lite-v1:0), an inference profile id (eu.anthropic.claude-...) or either's ARN
  if (config.bedrockModelId && !/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,2047}$/.test(config.bedrockModelId)) {
    throw new Error(`herald:bedrockModelId must be a Bedrock model or inference profile id or ARN, not "${config.bedrockModelId}"`);
  }
  if (config.aiDailyLimit && !(/^\d{1,7}$/.test(config.aiDailyLimit) && Number(config.aiDailyLimit) > 0)) {
    throw new Error(`herald:aiDailyLimit must be a whole number of generations from 1, not "${config.aiDailyLimit}"`);
  }
  if (config.publicUrl && !/^https?:\/\/[^/\s]+/.test(config.publicUrl)) {
    throw new Error(`herald:publicUrl must be an absolute http(s) address, not "${config.publicUrl}"`);
  }
  return config;
}
