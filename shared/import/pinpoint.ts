/** Amazon Pinpoint endpoint exports (JSON lines) as account changes; endpoints of one user merge into one account. */
import type { Account } from '../entities/account';
import type { Device } from '../entities/device';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, ATTRIBUTE_NAME } from '../entities/account';
import { normalizePhone } from '../phone';
import type { AccountChange, RowOptions } from './accountImport';
import { say } from '../i18n/say';

export interface EndpointChange {
  change: AccountChange;
  email?: string;
  phone?: string;
  optOut?: { channel: 'EMAIL' | 'SMS'; target: string };
  device?: Omit<Device, 'accountKey' | 'orgId' | 'accountId' | 'dateUpdated' | 'source'>;
}

type Json = Record<string, unknown>;
const PUSH_CHANNELS = new Set(['APNS', 'APNS_SANDBOX', 'APNS_VOIP', 'APNS_VOIP_SANDBOX', 'GCM', 'BAIDU', 'ADM', 'PUSH']);

function attributeName(raw: string): string | undefined {
  const name = Array.from(raw.normalize('NFKC').replace(/[^\p{L}\p{M}\p{N}_-]/gu, '_'));
  const fixed = (/^\p{L}/u.test(name[0] ?? '') ? name : ['a', ...name]).slice(0, 64).join('');
  return ATTRIBUTE_NAME.test(fixed) ? fixed : undefined;
}

/** Pinpoint keeps attribute values as lists of strings. */
function attributeValue(value: unknown): string | undefined {
  const list = (Array.isArray(value) ? value : [value]).filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
  const joined = list.join(';').slice(0, 1000);
  return joined === '' ? undefined : joined;
}

const object = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export function endpointChange(line: string, options: RowOptions = {}): EndpointChange | { reason: string } | undefined {
  if (line.trim() === '') return undefined;
  let endpoint: Json;
  try {
    endpoint = object(JSON.parse(line));
  } catch {
    return { reason: say('form.jsonFormat') };
  }
  const user = object(endpoint.User);
  const id = text(user.UserId) ?? text(endpoint.Id);
  if (!id) return { reason: say('import.pinpointNoId') };
  if (id.length > 128) return { reason: say('import.pinpointUserIdLong') };
  const channel = text(endpoint.ChannelType)?.toUpperCase();
  const address = text(endpoint.Address);
  const active = (text(endpoint.EndpointStatus) ?? 'ACTIVE').toUpperCase() === 'ACTIVE';
  const optedOut = (text(endpoint.OptOut) ?? 'NONE').toUpperCase() === 'ALL';
  const consent = active && !optedOut;

  const change: AccountChange = { id, set: {}, attributes: {} };
  const out: EndpointChange = { change };
  if (channel === 'EMAIL' && address) {
    out.email = address.toLowerCase();
    change.set.emailConsent = consent;
    if (optedOut) out.optOut = { channel: 'EMAIL', target: address.toLowerCase() };
  } else if (channel === 'SMS' && address) {
    const phone = normalizePhone(address, options.defaultCountry);
    if (!phone) return { reason: say('import.pinpointAddress', { reason: ACCOUNT_MESSAGES.phone }) };
    out.phone = phone;
    change.set.smsConsent = consent;
    if (optedOut) out.optOut = { channel: 'SMS', target: phone };
  }

  const demographic = object(endpoint.Demographic);
  if (channel && PUSH_CHANNELS.has(channel)) {
    change.set.pushConsent = consent;
    const platform = channel.startsWith('APNS') ? 'IOS' : channel === 'GCM' || channel === 'BAIDU' ? 'ANDROID' : 'OTHER';
    const deviceId = text(endpoint.Id) ?? address;
    if (deviceId) {
      const os = [text(demographic.Platform), text(demographic.PlatformVersion)].filter(Boolean).join(' ');
      out.device = {
        deviceId: deviceId.slice(0, 200),
        platform,
        channel,
        ...(address ? { pushToken: address.slice(0, 4096) } : {}),
        ...(os ? { os: os.slice(0, 64) } : {}),
        ...(text(demographic.AppVersion) ? { appVersion: text(demographic.AppVersion)!.slice(0, 64) } : {}),
        ...(text(demographic.Model) ? { model: text(demographic.Model)!.slice(0, 100) } : {}),
        // Pinpoint keeps no permission states: an endpoint that may be sent to was always allowed
        permission: consent ? 'ALWAYS' : 'NOT_ALLOW',
        active,
      };
    }
  }
  const locale = text(demographic.Locale);
  if (locale) change.set.locale = locale.replace(/_/g, '-');
  const zone = text(demographic.Timezone);
  if (zone) change.set.timeZone = zone;
  const location = object(endpoint.Location);
  const country = text(location.Country);
  if (country && /^[A-Za-z]{2}$/.test(country)) change.set.country = country.toUpperCase();
  for (const [key, name] of [
    ['City', 'city'],
    ['PostalCode', 'zip'],
    ['Region', 'region'],
  ] as const) {
    const value = text(location[key]);
    if (value) change.attributes[name] = value.slice(0, 1000);
  }

  for (const source of [object(endpoint.Attributes), object(user.UserAttributes)]) {
    for (const [raw, value] of Object.entries(source)) {
      const v = attributeValue(value);
      if (v === undefined) continue;
      if (raw === 'FirstName') change.set.firstName = v.slice(0, 100);
      else if (raw === 'LastName') change.set.lastName = v.slice(0, 100);
      else {
        const name = attributeName(raw);
        if (name) change.attributes[name] = v;
      }
    }
  }
  return out;
}

/** at most 10: the account's limit */
export function withEmail(existing: Account | undefined, email: string | undefined): string[] | undefined {
  if (!email) return undefined;
  const list = existing?.emails ?? [];
  return list.some((e) => e.toLowerCase() === email) ? list : [...list, email].slice(0, ACCOUNT_LIMITS.emails);
}

export function withPhone(existing: Account | undefined, phone: string | undefined): string[] | undefined {
  if (!phone) return undefined;
  const list = existing?.phones ?? [];
  return list.includes(phone) ? list : [...list, phone].slice(0, ACCOUNT_LIMITS.phones);
}
