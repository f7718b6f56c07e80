/**
 * The account import's vehicle and IoT device columns (the account's IoT tab). A row gives at most one vehicle,
 * named by its VIN, and one IoT device, named by its id: the import adds it to the account, or updates the one
 * with that VIN or id (its empty cells keep what it has), and keeps the account's others. A cell that cannot be
 * one is refused with the entity's own message; the account's limits are the entity's too (`applyChange`).
 */
import { type Account, ACCOUNT_MESSAGES, type IotDevice, iotDeviceSchema, type Vehicle, vehicleSchema } from '../entities/account';
import { say } from '../i18n/say';

/** Each vehicle column and the vehicle's field it fills; `vehicleVin` names the vehicle. */
const VEHICLE_PARTS = { vehicleVin: 'vin', vehicleMake: 'make', vehicleModel: 'model', vehicleYear: 'year' } as const;
/** Each IoT device column and the device's field it fills; `iotDeviceId` names the device. */
const IOT_DEVICE_PARTS = { iotDeviceId: 'thingId', iotDeviceName: 'name', iotDeviceType: 'type', iotDeviceVin: 'vin' } as const;
export const VEHICLE_FIELDS = ['vehicleVin', 'vehicleMake', 'vehicleModel', 'vehicleYear'] as const satisfies readonly (keyof typeof VEHICLE_PARTS)[];
export const IOT_DEVICE_FIELDS = ['iotDeviceId', 'iotDeviceName', 'iotDeviceType', 'iotDeviceVin'] as const satisfies readonly (keyof typeof IOT_DEVICE_PARTS)[];
export type ThingField = (typeof VEHICLE_FIELDS)[number] | (typeof IOT_DEVICE_FIELDS)[number];

export const THING_MESSAGES = {
  vehicleNeedsVin: say('import.vehicleNeedsVin'),
  iotDeviceNeedsId: say('import.iotDeviceNeedsId'),
} as const;

export const isThingField = (target: string): target is ThingField => Object.hasOwn(VEHICLE_PARTS, target) || Object.hasOwn(IOT_DEVICE_PARTS, target);

/** The free-text parts, each as long as the entity allows. */
const TEXT_PARTS = {
  vehicleMake: vehicleSchema.shape.make.unwrap(),
  vehicleModel: vehicleSchema.shape.model.unwrap(),
  iotDeviceId: iotDeviceSchema.shape.thingId,
  iotDeviceName: iotDeviceSchema.shape.name.unwrap(),
  iotDeviceType: iotDeviceSchema.shape.type.unwrap(),
};

/** The value of one non-empty vehicle or IoT device cell, or the reason it cannot be one. */
export function readThingCell(field: ThingField, cell: string): { value: unknown } | { reason: string } {
  switch (field) {
    // a device is fitted to a vehicle: its VIN is read by the same rule
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

/** What a row gives the account's IoT tab: one vehicle and one IoT device at most. */
export interface ThingChange {
  vehicle?: Vehicle;
  iotDevice?: IotDevice;
}

type ReadCell = { target: string; value: unknown; header: string };

/** One thing's parts from a row's cells; the reason (named by the first part's column) when its naming part is missing. */
function thingOf(cells: readonly ReadCell[], parts: Readonly<Record<string, string>>, naming: string, missing: string): { thing?: Record<string, unknown> } | { reason: string } {
  const given = cells.filter((c) => Object.hasOwn(parts, c.target));
  if (given.length === 0) return {};
  if (!given.some((c) => c.target === naming)) return { reason: `${given[0]!.header}: ${missing}` };
  return { thing: Object.fromEntries(given.map((c) => [parts[c.target], c.value])) };
}

/** The vehicle and IoT device a row's read cells give, or why they cannot: parts without the VIN or id that names them. */
export function thingChangeOf(cells: readonly ReadCell[]): ThingChange | { reason: string } {
  const vehicle = thingOf(cells, VEHICLE_PARTS, 'vehicleVin', THING_MESSAGES.vehicleNeedsVin);
  const iotDevice = thingOf(cells, IOT_DEVICE_PARTS, 'iotDeviceId', THING_MESSAGES.iotDeviceNeedsId);
  if ('reason' in vehicle || 'reason' in iotDevice) return { reason: [vehicle, iotDevice].flatMap((t) => ('reason' in t ? [t.reason] : [])).join(' ') };
  return { ...(vehicle.thing && { vehicle: vehicle.thing as Vehicle }), ...(iotDevice.thing && { iotDevice: iotDevice.thing as IotDevice }) };
}

/** The list with the item put in: the one `same` finds updated with the item's parts, else the item added last. */
function upsert<T>(list: readonly T[] | undefined, item: T, same: (stored: T) => boolean): T[] {
  const at = list?.findIndex(same) ?? -1;
  if (at < 0) return [...(list ?? []), item];
  return list!.map((stored, i) => (i === at ? { ...stored, ...item } : stored));
}

/** The account's vehicles and IoT devices with a row's put in; the lists the row leaves alone are not named. */
export function withThings(existing: Pick<Account, 'vehicles' | 'iotDevices'> | undefined, change: ThingChange): Partial<Pick<Account, 'vehicles' | 'iotDevices'>> {
  const { vehicle, iotDevice } = change;
  return {
    ...(vehicle ? { vehicles: upsert(existing?.vehicles, vehicle, (v) => v.vin === vehicle.vin) } : {}),
    ...(iotDevice ? { iotDevices: upsert(existing?.iotDevices, iotDevice, (d) => d.thingId === iotDevice.thingId) } : {}),
  };
}

/** The plan's problem when it maps a vehicle's or device's parts without the column that names it. */
export function thingPlanProblem(targets: ReadonlySet<string>): { target: ThingField; message: string } | undefined {
  const orphan = (parts: Record<string, string>, naming: string) => (targets.has(naming) ? undefined : (Object.keys(parts).find((p) => targets.has(p)) as ThingField | undefined));
  const vehiclePart = orphan(VEHICLE_PARTS, 'vehicleVin');
  if (vehiclePart) return { target: vehiclePart, message: THING_MESSAGES.vehicleNeedsVin };
  const devicePart = orphan(IOT_DEVICE_PARTS, 'iotDeviceId');
  return devicePart ? { target: devicePart, message: THING_MESSAGES.iotDeviceNeedsId } : undefined;
}
