/** A row gives at most one vehicle (by VIN) and one device (by id), added or updated; its empty cells keep what is stored. */
import { type Account, ACCOUNT_MESSAGES, type IotDevice, iotDeviceSchema, type Vehicle, vehicleSchema } from '../entities/account';
import { say } from '../i18n/say';

const VEHICLE_PARTS = { vehicleVin: 'vin', vehicleMake: 'make', vehicleModel: 'model', vehicleYear: 'year' } as const;
const IOT_DEVICE_PARTS = { iotDeviceId: 'thingId', iotDeviceName: 'name', iotDeviceType: 'type', iotDeviceVin: 'vin' } as const;
export const VEHICLE_FIELDS = ['vehicleVin', 'vehicleMake', 'vehicleModel', 'vehicleYear'] as const satisfies readonly (keyof typeof VEHICLE_PARTS)[];
export const IOT_DEVICE_FIELDS = ['iotDeviceId', 'iotDeviceName', 'iotDeviceType', 'iotDeviceVin'] as const satisfies readonly (keyof typeof IOT_DEVICE_PARTS)[];
export type ThingField = (typeof VEHICLE_FIELDS)[number] | (typeof IOT_DEVICE_FIELDS)[number];

export const THING_MESSAGES = {
  vehicleNeedsVin: say('import.vehicleNeedsVin'),
  iotDeviceNeedsId: say('import.iotDeviceNeedsId'),
} as const;

export const isThingField = (target: string): target is ThingField => Object.hasOwn(VEHICLE_PARTS, target) || Object.hasOwn(IOT_DEVICE_PARTS, target);

const TEXT_PARTS = {
  vehicleMake: vehicleSchema.shape.make.unwrap(),
  vehicleModel: vehicleSchema.shape.model.unwrap(),
  iotDeviceId: iotDeviceSchema.shape.thingId,
  iotDeviceName: iotDeviceSchema.shape.name.unwrap(),
  iotDeviceType: iotDeviceSchema.shape.type.unwrap(),
};

export function readThingCell(field: ThingField, cell: string): { value: unknown } | { reason: string } {
  switch (field) {
    case 'vehicleVin':
    case 'iotDeviceVin': {
      const vin = vehicleSchema.shape.vin.safeParse(cell.normalize('NFKC'));
      return vin.success ? { value: vin.data } : { reason: ACCOUNT_MESSAGES.vin };
    }
    case 'vehicleYear': {
      const digits = cell.normalize('NFKC').trim();
      const year = vehicleSchema.shape.year.safeParse(/^\d{1,6}$/.test(digits) ? Number(digits) : Number.NaN);
      return year.success ? { value: year.data } : { reason: ACCOUNT_MESSAGES.vehicleYear };
    }
    default: {
      const max = TEXT_PARTS[field].maxLength ?? Number.POSITIVE_INFINITY;
      return cell.length > max ? { reason: say('import.keyTooLong', { max }) } : { value: cell };
    }
  }
}

export interface ThingChange {
  vehicle?: Vehicle;
  iotDevice?: IotDevice;
}

type ReadCell = { target: string; value: unknown; header: string };

function thingOf(cells: readonly ReadCell[], parts: Readonly<Record<string, string>>, naming: string, missing: string): { thing?: Record<string, unknown> } | { reason: string } {
  const given = cells.filter((c) => Object.hasOwn(parts, c.target));
  if (given.length === 0) return {};
  if (!given.some((c) => c.target === naming)) return { reason: `${given[0]!.header}: ${missing}` };
  return { thing: Object.fromEntries(given.map((c) => [parts[c.target], c.value])) };
}

export function thingChangeOf(cells: readonly ReadCell[]): ThingChange | { reason: string } {
  const vehicle = thingOf(cells, VEHICLE_PARTS, 'vehicleVin', THING_MESSAGES.vehicleNeedsVin);
  const iotDevice = thingOf(cells, IOT_DEVICE_PARTS, 'iotDeviceId', THING_MESSAGES.iotDeviceNeedsId);
  if ('reason' in vehicle || 'reason' in iotDevice) return { reason: [vehicle, iotDevice].flatMap((t) => ('reason' in t ? [t.reason] : [])).join(' ') };
  return { ...(vehicle.thing && { vehicle: vehicle.thing as Vehicle }), ...(iotDevice.thing && { iotDevice: iotDevice.thing as IotDevice }) };
}

function upsert<T>(list: readonly T[] | undefined, item: T, same: (stored: T) => boolean): T[] {
  const at = list?.findIndex(same) ?? -1;
  if (at < 0) return [...(list ?? []), item];
  return list!.map((stored, i) => (i === at ? { ...stored, ...item } : stored));
}

export function withThings(existing: Pick<Account, 'vehicles' | 'iotDevices'> | undefined, change: ThingChange): Partial<Pick<Account, 'vehicles' | 'iotDevices'>> {
  const { vehicle, iotDevice } = change;
  return {
    ...(vehicle ? { vehicles: upsert(existing?.vehicles, vehicle, (v) => v.vin === vehicle.vin) } : {}),
    ...(iotDevice ? { iotDevices: upsert(existing?.iotDevices, iotDevice, (d) => d.thingId === iotDevice.thingId) } : {}),
  };
}

export function thingPlanProblem(targets: ReadonlySet<string>): { target: ThingField; message: string } | undefined {
  const orphan = (parts: Record<string, string>, naming: string) => (targets.has(naming) ? undefined : (Object.keys(parts).find((p) => targets.has(p)) as ThingField | undefined));
  const vehiclePart = orphan(VEHICLE_PARTS, 'vehicleVin');
  if (vehiclePart) return { target: vehiclePart, message: THING_MESSAGES.vehicleNeedsVin };
  const devicePart = orphan(IOT_DEVICE_PARTS, 'iotDeviceId');
  return devicePart ? { target: devicePart, message: THING_MESSAGES.iotDeviceNeedsId } : undefined;
}
