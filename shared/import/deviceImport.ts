/**
 * A data import of kind DEVICE: each row is one device of an existing account (the key column is the account's id,
 * with the plan's case transform). The columns fill device fields; platform, permission and channel accept the
 * usual spellings (ios, Android, FCM, "always"). Reasons are prefixed with their column's name, as for accounts.
 */
import { DEVICE_IMPORT_FIELDS, DEVICE_PLATFORMS, type DeviceImportField, NOTIFICATION_PERMISSIONS, type Device } from '../entities/device';
import { fill, IMPORT_MESSAGES, type ImportPlan, parseBoolean, readRow } from './accountImport';
import { say } from '../i18n/say';

export const DEVICE_IMPORT_MESSAGES = {
  platform: say('import.platform'),
  permission: say('import.permission'),
  channel: say('import.channel'),
  needs: say('import.deviceNeeds'),
  onlyDevice: say('import.onlyDevice'),
  noAccount: say('import.noAccount'),
} as const;

/** The fields a row gives a device (its empty cells give none); the import adds the account, organization and source. */
export type DeviceFields = Pick<Device, 'deviceId' | 'platform'> & Partial<Pick<Device, 'channel' | 'permission' | 'active' | 'pushToken' | 'os' | 'appVersion' | 'model'>>;

/** What a new device has where its row says nothing: the platform's push channel, permission granted, active. */
export function newDeviceDefaults(platform: Device['platform']): Pick<Device, 'channel' | 'permission' | 'active'> {
  return { channel: platform === 'IOS' ? 'APNS' : platform === 'ANDROID' ? 'GCM' : '', permission: 'ALWAYS', active: true };
}

const LENGTHS: Partial<Record<DeviceImportField, number>> = { deviceId: 200, pushToken: 4096, os: 64, appVersion: 64, model: 100 };
const norm = (s: string) => s.toUpperCase().replace(/[\s-]+/g, '_');

function readDeviceCell(field: DeviceImportField, cell: string): { value: unknown } | { reason: string } {
  const max = LENGTHS[field];
  if (max !== undefined) return cell.length > max ? { reason: fill(IMPORT_MESSAGES.tooLong, { max }) } : { value: cell };
  switch (field) {
    case 'platform': {
      const p = norm(cell);
      const value = DEVICE_PLATFORMS.find((x) => x === p);
      return value ? { value } : { reason: DEVICE_IMPORT_MESSAGES.platform };
    }
    case 'permission': {
      const p = norm(cell);
      const value = NOTIFICATION_PERMISSIONS.find((x) => x === p);
      return value ? { value } : { reason: DEVICE_IMPORT_MESSAGES.permission };
    }
    case 'channel': {
      const p = norm(cell) === 'FCM' ? 'GCM' : norm(cell);
      return ['APNS', 'APNS_SANDBOX', 'GCM'].includes(p) ? { value: p } : { reason: DEVICE_IMPORT_MESSAGES.channel };
    }
    default: {
      const value = parseBoolean(cell);
      return value === undefined ? { reason: IMPORT_MESSAGES.boolean } : { value };
    }
  }
}

/** Whether a plan is a device plan: only device fields, and deviceId and platform among them. */
export function devicePlanProblem(plan: Pick<ImportPlan, 'mappings'>): string | undefined {
  if (plan.mappings.some((m) => !(DEVICE_IMPORT_FIELDS as readonly string[]).includes(m.target))) return DEVICE_IMPORT_MESSAGES.onlyDevice;
  const targets = new Set(plan.mappings.map((m) => m.target));
  return targets.has('deviceId') && targets.has('platform') ? undefined : DEVICE_IMPORT_MESSAGES.needs;
}

/** The device a data row gives, or every reason it cannot; `undefined` for a blank row. */
export function deviceRowChange(row: readonly string[], plan: ImportPlan): { accountId: string; device: DeviceFields } | { reason: string } | undefined {
  const read = readRow(row, plan, (m, cell) => readDeviceCell(m.target as DeviceImportField, cell));
  if (!read || !('key' in read)) return read;
  const fields = Object.fromEntries(read.values.map(([m, value]) => [m.target, value]));
  for (const required of ['deviceId', 'platform'] as const) {
    const column = plan.mappings.find((m) => m.target === required)?.column;
    if (fields[required] === undefined && column !== undefined && row[column].trim() === '') read.reasons.push(fill(IMPORT_MESSAGES.fieldRequired, { param: read.header(column) }));
  }
  return read.reasons.length > 0 ? { reason: read.reasons.join(' ') } : { accountId: read.key, device: fields as DeviceFields };
}
