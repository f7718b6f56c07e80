import * as z from 'zod';
import { type ChannelsWith, channelsWith } from '../delivery';
import { defineEntity, requiredText, TENANT_KEYS, tenantFields } from './entity';
import { type FieldKey, fieldName, say } from '../i18n/say';

/** An organization's own e-mail or SMS provider (spec 001 3.9); secrets are sealed at rest and never answered. */
export const MESSAGE_PROVIDERS = {
  EMAIL: ['SES', 'SMTP', 'EMAIL_API'],
  SMS: ['END_USER_MESSAGING_SMS', 'TWILIO'],
} as const satisfies { readonly [C in ChannelsWith<'ownProviders'>]: readonly string[] };
export type ProviderChannel = keyof typeof MESSAGE_PROVIDERS;
export type ProviderKind = (typeof MESSAGE_PROVIDERS)[ProviderChannel][number];
export const PROVIDER_KINDS = [...MESSAGE_PROVIDERS.EMAIL, ...MESSAGE_PROVIDERS.SMS] as const;
export const providerChannelOf = (kind: ProviderKind): ProviderChannel => channelsWith('ownProviders').find((c) => (MESSAGE_PROVIDERS[c] as readonly string[]).includes(kind))!;

export const SMTP_SECURITY = ['STARTTLS', 'TLS'] as const;

export const PROVIDER_SECRETS = ['password', 'secretKey', 'apiKey'] as const;
export type ProviderSecret = (typeof PROVIDER_SECRETS)[number];

/** A secret counts when typed now or stored; SES and End User Messaging take keys or a role with the external id. */
type NeededField = 'region' | 'fromEmail' | 'host' | 'port' | 'apiUrl' | 'apiKey' | 'username' | 'password';
/** the compiler asks for a name when a provider needs a new field */
const NEEDED_NAMES: Record<NeededField, FieldKey> = {
  region: 'region',
  fromEmail: 'senderEmail',
  host: 'host',
  port: 'port',
  apiUrl: 'apiUrl',
  apiKey: 'apiKey',
  username: 'username',
  password: 'password',
};

export const PROVIDER_NEEDS: Record<ProviderKind, readonly NeededField[]> = {
  SES: ['region', 'fromEmail'],
  SMTP: ['host', 'port', 'fromEmail'],
  EMAIL_API: ['apiUrl', 'apiKey', 'fromEmail'],
  END_USER_MESSAGING_SMS: ['region'],
  TWILIO: ['username', 'password'],
};

export const MESSAGE_PROVIDER_MESSAGES = {
  awsCredentials: say('provider.awsCredentials'),
  twilioFrom: say('provider.twilioFrom'),
  roleArn: say('form.roleArn'),
  ownAccountRole: say('provider.ownAccountRole'),
  twilioAccountSid: say('provider.twilioAccountSid'),
} as const;

export function neededFieldName(kind: ProviderKind, field: NeededField): string {
  if (kind === 'TWILIO' && field === 'username') return fieldName('accountSid');
  if (kind === 'TWILIO' && field === 'password') return fieldName('authToken');
  return fieldName(NEEDED_NAMES[field]);
}

const optionalText = (max: number) => z.string().trim().max(max).default('');
const secretInput = z.string().max(4096).optional();

export const messageProviderSchema = z.object({
  ...tenantFields,
  title: requiredText('title', 100),
  provider: z.enum(PROVIDER_KINDS, { error: say('provider.provider') }),
  channelType: z.enum(channelsWith('ownProviders')).optional(),
  isDefault: z.boolean().default(false),
  enabled: z.boolean().default(true),
  fromEmail: z.union([z.literal(''), z.email({ error: say('validation.emailInvalid') }).max(320)]).default(''),
  replyEmail: z.union([z.literal(''), z.email({ error: say('validation.emailInvalid') }).max(320)]).default(''),
  fromPhone: optionalText(200),
  alphanumericSender: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9 ]{3,11})?$/, say('provider.sender'))
    .default(''),
  messagingServiceSid: z
    .string()
    .trim()
    .regex(/^(MG[0-9a-fA-F]{32})?$/, say('provider.serviceSid'))
    .default(''),
  host: z
    .string()
    .trim()
    .max(253)
    .regex(/^([A-Za-z0-9.-]+)?$/, say('provider.host'))
    .default(''),
  port: z.number().int().min(1).max(65535).optional(),
  smtpSecurity: z.enum(SMTP_SECURITY).default('STARTTLS'),
  username: optionalText(200),
  accessKey: optionalText(128),
  roleArn: z
    .string()
    .trim()
    .regex(/^(arn:aws[a-z-]*:iam::[0-9]{12}:role\/[\w+=,.@/-]{1,128})?$/, MESSAGE_PROVIDER_MESSAGES.roleArn)
    .default(''),
  /** the role's trust policy requires it */
  externalId: z.string().optional(),
  region: z
    .string()
    .trim()
    .regex(/^([a-z]{2}(-[a-z]+)+-[0-9])?$/, say('provider.region'))
    .default(''),
  configurationSetName: optionalText(64),
  apiUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: say('provider.httpsUrl') }).max(2048)]).default(''),
  password: secretInput,
  secretKey: secretInput,
  apiKey: secretInput,
  passwordSealed: z.string().optional(),
  secretKeySealed: z.string().optional(),
  apiKeySealed: z.string().optional(),
  passwordSet: z.boolean().default(false),
  secretKeySet: z.boolean().default(false),
  apiKeySet: z.boolean().default(false),
});
export type MessageProvider = z.infer<typeof messageProviderSchema>;

const AWS_KINDS = ['SES', 'END_USER_MESSAGING_SMS'] as const;
const EMAIL_KINDS = MESSAGE_PROVIDERS.EMAIL;
const SMS_KINDS = MESSAGE_PROVIDERS.SMS;

export const messageProviderEntity = defineEntity({
  name: 'messageProvider',
  scope: 'tenant',
  schema: messageProviderSchema,
  ...TENANT_KEYS,
  privateFields: ['password', 'secretKey', 'apiKey', 'passwordSealed', 'secretKeySealed', 'apiKeySealed'],
  listColumns: [
    { field: 'title', label: 'entity.messageProvider.title', sortable: true, filter: 'text' },
    { field: 'channelType', label: 'entity.messageProvider.channelType', sortable: true, filter: 'select', format: 'option' },
    { field: 'provider', label: 'entity.messageProvider.provider', sortable: true, filter: 'select', format: 'option' },
    { field: 'isDefault', label: 'entity.messageProvider.isDefault', sortable: true, filter: 'boolean', format: 'boolean' },
    { field: 'enabled', label: 'entity.messageProvider.enabled', filter: 'boolean', format: 'boolean' },
    { field: 'dateCreated', label: 'common.dateCreated', sortable: true, format: 'dateTime' },
  ],
  permissions: { read: 'NAV_PUSH_CHANNEL', write: 'NAV_PUSH_CHANNEL' },
  crud: {
    titleField: 'title',
    defaultSort: { field: 'title', order: 'asc' },
    form: [
      { field: 'title', kind: 'text' },
      { field: 'provider', kind: 'select', options: PROVIDER_KINDS },
      { field: 'isDefault', kind: 'boolean' },
      { field: 'enabled', kind: 'boolean' },
      { field: 'fromEmail', kind: 'email', when: { field: 'provider', values: EMAIL_KINDS } },
      { field: 'replyEmail', kind: 'email', when: { field: 'provider', values: EMAIL_KINDS } },
      { field: 'fromPhone', kind: 'text', when: { field: 'provider', values: SMS_KINDS } },
      { field: 'alphanumericSender', kind: 'text', when: { field: 'provider', values: SMS_KINDS } },
      { field: 'messagingServiceSid', kind: 'text', when: { field: 'provider', values: ['TWILIO'] } },
      { field: 'host', kind: 'text', when: { field: 'provider', values: ['SMTP'] } },
      { field: 'port', kind: 'number', when: { field: 'provider', values: ['SMTP'] } },
      { field: 'smtpSecurity', kind: 'select', options: SMTP_SECURITY, when: { field: 'provider', values: ['SMTP'] } },
      { field: 'username', kind: 'text', when: { field: 'provider', values: ['SMTP', 'TWILIO'] } },
      { field: 'password', kind: 'secret', when: { field: 'provider', values: ['SMTP', 'TWILIO'] } },
      { field: 'region', kind: 'text', when: { field: 'provider', values: AWS_KINDS } },
      { field: 'accessKey', kind: 'text', when: { field: 'provider', values: AWS_KINDS } },
      { field: 'secretKey', kind: 'secret', when: { field: 'provider', values: AWS_KINDS } },
      { field: 'roleArn', kind: 'text', wide: true, when: { field: 'provider', values: AWS_KINDS } },
      { field: 'configurationSetName', kind: 'text', when: { field: 'provider', values: AWS_KINDS } },
      { field: 'apiUrl', kind: 'url', wide: true, when: { field: 'provider', values: ['EMAIL_API', 'TWILIO'] } },
      { field: 'apiKey', kind: 'secret', when: { field: 'provider', values: ['EMAIL_API'] } },
    ],
    unique: [{ field: 'title', code: '720001', message: say('provider.titleTaken') }],
    derive: (fields) =>
      typeof fields.provider === 'string' && (PROVIDER_KINDS as readonly string[]).includes(fields.provider)
        ? { channelType: providerChannelOf(fields.provider as ProviderKind) }
        : {},
    onlyOne: { field: 'isDefault', per: 'channelType' },
  },
});
