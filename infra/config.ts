/** Deployment settings from CDK context; defaults match functions/platform/runtime.ts `defaultConfig`. */
import type { Node } from 'constructs';
import type { LogLevel } from '../functions/platform/logger';
import { MAP_TILE_URL } from '../shared/validation';

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
export const LOG_RETENTION_DAYS: readonly number[] = [1, 3, 5, 7, 14, 30, 60, 90, 120, 150, 180, 365, 400, 545, 731, 1096, 1827, 2192, 2557, 2922, 3288, 3653];

export interface HeraldConfig {
  tablePrefix: string;
  authType: 'NONE' | 'AES256';
  appKey: string;
  /** empty until the CloudFront domain is known */
  publicUrl: string;
  mailFrom: string;
  logLevel: LogLevel;
  mapTileUrl: string;
  mapAttribution: string;
  /** End User Messaging SMS (HERALD_SMS_*); an empty identity lets AWS pick one of the account's */
  smsOriginationIdentity: string;
  smsConfigurationSet: string;
  smsMaxPrice: string;
  smsTtlSeconds: string;
  /** "true": one customer managed key (rotated yearly) for tables, bucket and secrets, so an operator can audit and revoke every use */
  customerManagedKey: string;
  alarmEmail: string;
  logRetentionDays: string;
  translationUrl: string;
  bedrockModelId: string;
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
