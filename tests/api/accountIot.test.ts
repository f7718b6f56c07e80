/**
 * The account's IoT data (issue 41 item 8, spec 000: account vehicle, device and track data): the app SDK keeps an
 * account's vehicles and IoT devices on it, and its `thing.track` events are the account's track data, read
 * newest first a page at a time (one thing's too). The account import adds and updates vehicles and devices row by
 * row. Bad input gets a catalogue error or a failed row in the reader's language; another organization's account
 * answers as missing, and an import never reaches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalHerald } from '../../functions/local/boot';
import { csvHead, uploadPages } from '../../shared/import/upload';
import { createSdkClient, type SdkClient, SdkError } from '../../shared/sdk/client';
import { IMPORT_CELL_MAX } from '../../shared/services';
import { type ApiClient, startHerald } from '../support/herald';
import { twoOrganizations } from '../support/organizations';

let herald: LocalHerald;
let admin: ApiClient;
let other: ApiClient;
let app: SdkClient;

const VIN = '1HGCM82633A004352';
const SECOND_VIN = 'JTDKB20U993123456';

beforeAll(async () => {
  herald = await startHerald();
  ({ admin, other } = await twoOrganizations(herald, 'iot'));
  const saved = await admin.ok('application.save', { name: 'Car app', appType: 'IOS', bundleId: 'com.example.car' });
  const { appKey, secret } = await admin.ok('application.issueSecret', { id: saved.id });
  app = createSdkClient({ baseUrl: herald.url, appKey, secret });
}, 120_000);
afterAll(() => herald?.stop());

async function refusal(promise: Promise<unknown>): Promise<SdkError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SdkError);
  return err as SdkError;
}

describe("an account's vehicles, IoT devices and track data", () => {
  it('keeps what the app reports on the account, each list replaced by the next', async () => {
    await app.identify({
      accountId: 'driver-1',
      vehicles: [{ vin: VIN.toLowerCase(), make: 'Honda', model: 'Accord', year: 2003 }],
      iotDevices: [{ thingId: 'tcu-1', name: 'Telematics unit', type: 'TELEMATICS', vin: VIN }],
    });
    const account = await admin.ok('account.detail', { id: 'driver-1' });
    // the VIN as ISO 3779 writes it
    expect(account.vehicles).toEqual([{ vin: VIN, make: 'Honda', model: 'Accord', year: 2003 }]);
    expect(account.iotDevices).toEqual([{ thingId: 'tcu-1', name: 'Telematics unit', type: 'TELEMATICS', vin: VIN }]);
    await app.attributes({ accountId: 'driver-1', vehicles: [{ vin: SECOND_VIN, make: 'Toyota', model: 'Prius', year: 2009 }] });
    const after = await admin.ok('account.detail', { id: 'driver-1' });
    expect(after.vehicles?.map((v: { vin: string }) => v.vin)).toEqual([SECOND_VIN]);
    // a call without a list leaves it as it was
    expect(after.iotDevices).toHaveLength(1);
  });

  it('reads the track points newest first, a page at a time, and one thing alone', async () => {
    await app.identify({ accountId: 'driver-2' });
    const at = Date.now() - 3_600_000;
    const points = Array.from({ length: 5 }, (_, i) => ({
      id: `pt-${i}`,
      type: 'thing.track' as const,
      thingId: i % 2 === 0 ? 'tcu-2' : VIN,
      at: at + i * 60_000,
      properties: { lat: 35.68 + i / 100, lng: 139.76, speed: 40 + i },
    }));
    // the track points among other events, which the track data leave out
    await app.events({ accountId: 'driver-2', events: [...points, { type: 'custom', name: 'open_app', at: at + 30_000 }] });
    const pages: { eventKey: string; at: number; thingId: string; properties?: Record<string, unknown> }[][] = [];
    let cursor: string | undefined;
    do {
      const page = await admin.ok('account.tracks', { id: 'driver-2', size: 2, ...(cursor ? { cursor } : {}) });
      pages.push(page.list);
      cursor = page.cursor;
    } while (cursor && pages.length < 10);
    const read = pages.flat();
    expect(read.map((p) => p.at)).toEqual(points.map((p) => p.at).reverse());
    expect(read[0]).toMatchObject({ thingId: 'tcu-2', properties: { lat: 35.72, lng: 139.76, speed: 44 } });
    const ofVehicle = await admin.ok('account.tracks', { id: 'driver-2', thingId: VIN, size: 50 });
    expect(ofVehicle.list.map((p: { at: number }) => p.at)).toEqual([points[3]!.at, points[1]!.at]);
    // a cursor of one thing's pages is not another's
    const first = await admin.ok('account.tracks', { id: 'driver-2', thingId: 'tcu-2', size: 1 });
    expect((await admin.call('account.tracks', { id: 'driver-2', size: 1, cursor: first.cursor })).body.errorCode).toBe('400016');
  });

  it('refuses bad input with catalogue errors and answers another organization as missing', async () => {
    const bad = await refusal(app.identify({ accountId: 'driver-3', vehicles: [{ vin: 'NOT-A-VIN' }] }));
    expect(bad.errorCode).toBe('400016');
    expect(bad.message).toContain('A VIN has 17 letters and digits');
    const twice = await refusal(app.identify({ accountId: 'driver-3', vehicles: [{ vin: VIN }, { vin: VIN }] }));
    expect(twice.message).toContain('The same VIN is listed twice.');
    expect((await refusal(app.identify({ accountId: 'driver-3', vehicles: [{ vin: VIN, year: 1800 }] }))).message).toContain('model year');
    // a track point names its thing
    expect((await refusal(app.events({ accountId: 'driver-1', events: [{ type: 'thing.track', at: Date.now() }] }))).message).toContain('thingId');
    expect((await admin.call('account.tracks', { id: 'driver-1', size: 0 })).body.errorCode).toBe('400016');
    const inJapanese = await admin.call('account.save', { id: 'driver-9', vehicles: [{ vin: 'x' }] }, { 'x-lang': 'ja' });
    expect(inJapanese.body).toMatchObject({ errorCode: '400016', errorMessage: expect.stringContaining('VIN は英数字 17 文字です') });
    // the organization's app wrote driver-1; organization 2 has no such account
    expect((await other.call('account.tracks', { id: 'driver-1' })).body.errorCode).toBe('720003');
    expect((await admin.call('account.tracks', { id: 'nobody-here' })).body.errorCode).toBe('720003');
  });
});

describe('the account import', () => {
  /** The text as a byte stream, as a browser reads a file. */
  async function* chunks(text: string) {
    yield new TextEncoder().encode(text);
  }

  it("adds each row's vehicle and device to its account, fails a bad VIN in the reader's language, and stays in its organization", async () => {
    // organization 2 has an account with the same key, and a vehicle of its own
    await other.ok('account.save', { id: 'owner-1', vehicles: [{ vin: VIN, make: 'Mazda' }] });
    await admin.ok('account.save', { id: 'owner-1', vehicles: [{ vin: VIN, make: 'Honda' }], iotDevices: [{ thingId: 'charger-0', type: 'CHARGER' }] });
    const text = [
      'member,VIN,Make,Model,Year,TCU,TCU type,Fitted to',
      `owner-1,${VIN.toLowerCase()},,Accord,2003,,,`,
      `owner-1,${SECOND_VIN},Toyota,Prius,2009,tcu-9,TELEMATICS,${SECOND_VIN}`,
      'owner-2,NOT-A-VIN,Honda,Civic,2010,,,',
      '',
    ].join('\n');
    const head = csvHead(text);
    const created = await admin.ok('dataImport.create', {
      fileName: 'owners.csv',
      totalBytes: text.length,
      columns: head.header,
      splitChar: head.delimiter,
      primaryKeyColumn: 0,
      mappings: ['vehicleVin', 'vehicleMake', 'vehicleModel', 'vehicleYear', 'iotDeviceId', 'iotDeviceType', 'iotDeviceVin'].map((target, i) => ({ column: i + 1, target })),
    });
    for await (const page of uploadPages(chunks(text), { delimiter: head.delimiter, cellMax: IMPORT_CELL_MAX }))
      await admin.ok('dataImport.appendRows', { id: created.id, ...page });
    expect(await admin.ok('dataImport.finish', { id: created.id })).toMatchObject({ status: 'DONE', updated: 2, created: 0, failed: 1 });

    const owner = await admin.ok('account.detail', { id: 'owner-1' });
    // the stored vehicle is updated by its VIN (its make kept), the second added; the stored device kept
    expect(owner.vehicles).toEqual([
      { vin: VIN, make: 'Honda', model: 'Accord', year: 2003 },
      { vin: SECOND_VIN, make: 'Toyota', model: 'Prius', year: 2009 },
    ]);
    expect(owner.iotDevices).toEqual([
      { thingId: 'charger-0', type: 'CHARGER' },
      { thingId: 'tcu-9', type: 'TELEMATICS', vin: SECOND_VIN },
    ]);
    const failures = await admin.call<{ list: { row: number; reason: string; key?: string }[] }>('dataImport.getFailures', { id: created.id }, { 'x-lang': 'ja' });
    expect(failures.payload.list).toEqual([{ row: 4, key: 'owner-2', reason: 'VIN: VIN は英数字 17 文字です（I・O・Q は使えません）。' }]);
    expect((await admin.call('account.detail', { id: 'owner-2' })).body.errorCode).toBe('720003');
    // organization 2's account of the same key is as it was
    expect((await other.ok('account.detail', { id: 'owner-1' })).vehicles).toEqual([{ vin: VIN, make: 'Mazda' }]);
  });
});
