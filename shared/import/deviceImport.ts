/** A DEVICE import: each row one device of an existing account, keyed by its id. */
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

export type DeviceFields = Pick<Device, 'deviceId' | 'platform'> & Partial<Pick<Device, 'channel' | 'permission' | 'active' | 'pushToken' | 'os' | 'appVersion' | 'model'>>;

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

export function devicePlanProblem(plan: Pick<ImportPlan, 'mappings'>): string | undefined {
  if (plan.mappings.some((m) => !(DEVICE_IMPORT_FIELDS as readonly string[]).includes(m.target))) return DEVICE_IMPORT_MESSAGES.onlyDevice;
  const targets = new Set(plan.mappings.map((m) => m.target));
  return targets.has('deviceId') && targets.has('platform') ? undefined : DEVICE_IMPORT_MESSAGES.needs;
}

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
