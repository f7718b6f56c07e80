import { describe, expect, it } from 'vitest';
import { type Account, ACCOUNT_MESSAGES } from '../entities/account';
import { type AccountChange, applyChange, type ImportPlan, importPlanSchema, parseBoolean, rowChange } from './accountImport';
import { guessMappings } from './guess';
import { IOT_DEVICE_FIELDS, THING_MESSAGES, VEHICLE_FIELDS } from './iotImport';

const plan: ImportPlan = importPlanSchema.parse({
  columns: ['customer_id', 'email', 'first name', 'country', 'tags', 'opt in', 'plan', 'score', 'joined'],
  primaryKeyColumn: 0,
  mappings: [
    { column: 1, target: 'email' },
    { column: 2, target: 'firstName' },
    { column: 3, target: 'country' },
    { column: 4, target: 'tags' },
    { column: 5, target: 'emailConsent' },
    { column: 6, target: 'attribute', attribute: 'plan' },
    { column: 7, target: 'attribute', attribute: 'score', type: 'number' },
    { column: 8, target: 'attribute', attribute: 'joined', type: 'date' },
  ],
});
const stamp = { orgId: 3, now: 1_000, actor: 'u1' };

describe('rowChange', () => {
  it('reads each mapped cell for its field; empty cells change nothing', () => {
    expect(rowChange(['C1', 'A@Example.com;b@example.com', 'Aiko', 'jp', 'vip; new', 'yes', 'gold', '1,200.5', '2026-01-31'], plan)).toEqual({
      change: {
        id: 'C1',
        set: { emails: ['A@Example.com', 'b@example.com'], firstName: 'Aiko', country: 'JP', tags: ['vip', 'new'], emailConsent: true },
        attributes: { plan: 'gold', score: 1200.5, joined: '2026-01-31T00:00:00.000Z' },
      },
    });
    expect(rowChange(['C2', '', '', '', '', '', '', '', ''], plan)).toEqual({ change: { id: 'C2', set: {}, attributes: {} } });
  });

  it('names every bad cell by its column, with the spec texts where it has them', () => {
    expect(rowChange(['', 'nope', 'x', 'JPN', '', 'maybe', '', 'ten', '2026-02-30'], plan)).toEqual({
      reason: [
        "The field 'customer_id' is required.",
        'email: Please enter the correct email address.',
        `country: ${ACCOUNT_MESSAGES.country}`,
        'opt in: The value must be true or false (also yes/no, 1/0).',
        'score: The value must be a number.',
        'joined: The value must be a date such as 2026-01-31 or 2026-01-31T09:00:00Z.',
      ].join(' '),
    });
    expect(rowChange(['C1', 'a@b.co'], plan)).toEqual({ reason: 'The row has 2 columns; the header has 9.' });
    expect(rowChange([], plan)).toBeUndefined();
  });

  it('applies the key case transform', () => {
    const lower = { ...plan, keyCase: 'LOWER' as const };
    expect(rowChange(['Jane@Example.COM', '', '', '', '', '', '', '', ''], lower)).toMatchObject({ change: { id: 'jane@example.com' } });
  });
});

describe('applyChange', () => {
  it('creates version 1, then merges later changes into the stored account', () => {
    const first = applyChange(undefined, { id: 'C1', set: { firstName: 'Aiko', country: 'JP' }, attributes: { plan: 'gold' } }, stamp);
    expect(first).toMatchObject({ account: { orgId: 3, id: 'C1', version: 1, dateCreated: 1_000, firstName: 'Aiko', country: 'JP', emails: [], tags: [] } });
    const base = (first as { account: Account }).account;
    const second = applyChange(base, { id: 'C1', set: { country: 'US' }, attributes: { score: 5 } }, { ...stamp, now: 2_000, actor: 'u2' });
    expect(second).toMatchObject({
      account: { version: 2, dateCreated: 1_000, dateUpdated: 2_000, createdBy: 'u1', updatedBy: 'u2', firstName: 'Aiko', country: 'US', attributes: { plan: 'gold', score: 5 } },
    });
  });

  it('refuses a result that is no valid account', () => {
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`a${i}`, i]));
    expect(applyChange(undefined, { id: 'C1', set: {}, attributes: many }, stamp)).toEqual({ reason: `attributes: ${ACCOUNT_MESSAGES.tooManyAttributes}` });
  });
});

describe('import plan', () => {
  it('refuses a field mapped twice, an attribute without a name, and columns the file lacks', () => {
    const issues = (p: object) => importPlanSchema.safeParse(p).error?.issues.map((i) => i.message) ?? [];
    const base = { columns: ['id', 'a', 'b'], primaryKeyColumn: 0 };
    expect(
      issues({
        ...base,
        mappings: [
          { column: 1, target: 'email' },
          { column: 2, target: 'email' },
        ],
      }),
    ).toEqual(["Only one column may fill 'email'."]);
    expect(issues({ ...base, mappings: [{ column: 1, target: 'attribute' }] })).toEqual(['Please input the attribute name!']);
    expect(issues({ ...base, primaryKeyColumn: 5, mappings: [{ column: 7, target: 'tags' }] })).toHaveLength(2);
  });

  it('guesses the usual headers', () => {
    expect(guessMappings(['Customer ID', 'E-mail', 'First Name', 'Country', 'Plan', '2nd'])).toEqual({
      primaryKeyColumn: 0,
      mappings: [
        { column: 1, target: 'email', type: 'text' },
        { column: 2, target: 'firstName', type: 'text' },
        { column: 3, target: 'country', type: 'text' },
        { column: 4, target: 'attribute', attribute: 'Plan', type: 'text' },
        { column: 5, target: 'attribute', attribute: 'nd', type: 'text' },
      ],
    });
  });
});

describe('parseBoolean', () => {
  it('takes yes and no in English, Japanese and Chinese, and 1/0', () => {
    for (const yes of ['true', 'TRUE', 'yes', 'Yes', 'y', '1', 'はい', '是', ' はい ', 'ＹＥＳ', '１']) expect(parseBoolean(yes), yes).toBe(true);
    for (const no of ['false', 'False', 'no', 'NO', 'n', '0', 'いいえ', '否', '０']) expect(parseBoolean(no), no).toBe(false);
  });

  it('refuses anything else', () => {
    for (const other of ['', 'maybe', 'はいはい', '不', '2', 'ja']) expect(parseBoolean(other), other).toBeUndefined();
  });

  it('lets a ja file set consent with はい/いいえ', () => {
    expect(rowChange(['c-1', 'a@b.co', 'Ann', 'JP', '', 'はい', '', '', ''], plan)).toMatchObject({ change: { set: { emailConsent: true } } });
    expect(rowChange(['c-2', 'b@b.co', '', '', '', 'いいえ', '', '', ''], plan)).toMatchObject({ change: { set: { emailConsent: false } } });
  });
});

describe('phones, LINE user id and postal address (issue 20)', () => {
  const contactPlan: ImportPlan = importPlanSchema.parse({
    columns: ['id', 'phone', 'line', 'name', 'street', 'street 2', 'city', 'prefecture', 'zip', 'address country'],
    primaryKeyColumn: 0,
    mappings: [
      { column: 1, target: 'phone' },
      { column: 2, target: 'lineUserId' },
      { column: 3, target: 'addressName' },
      { column: 4, target: 'addressLine1' },
      { column: 5, target: 'addressLine2' },
      { column: 6, target: 'addressCity' },
      { column: 7, target: 'addressRegion' },
      { column: 8, target: 'addressPostcode' },
      { column: 9, target: 'addressCountry' },
    ],
  });
  const line = `U${'0123456789abcdef'.repeat(2)}`;

  it('reads phones with the default country, the LINE id and each address part', () => {
    const row = ['C1', '090-1234-5678; +1 206 555 0100', line, 'Aiko Sato', '1-2-3 Shibuya', '', 'Shibuya-ku', 'Tokyo', '150-0002', 'jp'];
    expect(rowChange(row, contactPlan, { defaultCountry: 'JP' })).toEqual({
      change: {
        id: 'C1',
        set: { phones: ['+819012345678', '+12065550100'], lineUserId: line },
        address: { recipientName: 'Aiko Sato', line1: '1-2-3 Shibuya', city: 'Shibuya-ku', region: 'Tokyo', postcode: '150-0002', country: 'JP' },
        attributes: {},
      },
    });
  });

  it('an unreadable phone keeps the row: the account is changed without it, and the phone column is named in a warning', () => {
    const row = (phone: string, lineId = '', name = 'Aiko Sato') => ['C1', phone, lineId, name, '', '', '', '', '', ''];
    const warned = { change: { id: 'C1', set: {}, address: { recipientName: 'Aiko Sato' }, attributes: {} }, warnings: [`phone: ${ACCOUNT_MESSAGES.phone}`] };
    expect(rowChange(row('call me'), contactPlan, { defaultCountry: 'JP' })).toEqual(warned);
    // a national number without a country to read it in
    expect(rowChange(row('090-1234-5678'), contactPlan)).toEqual(warned);
    expect(rowChange(row('090-1234-5678'), contactPlan, { defaultCountry: 'JP' })).toMatchObject({ change: { set: { phones: ['+819012345678'] } } });
    // full-width digits from a Japanese sheet read as the same number
    expect(rowChange(row('０９０－１２３４－５６７８'), contactPlan, { defaultCountry: 'JP' })).toMatchObject({ change: { set: { phones: ['+819012345678'] } } });
    // a row that fails for another reason names every bad cell, the phone's too
    expect(rowChange(row('call me', 'U123'), contactPlan, { defaultCountry: 'JP' })).toEqual({ reason: `phone: ${ACCOUNT_MESSAGES.phone} line: ${ACCOUNT_MESSAGES.lineUserId}` });
    expect(rowChange(row('+819012345678', 'U123'), contactPlan)).toEqual({ reason: `line: ${ACCOUNT_MESSAGES.lineUserId}` });
  });

  it('an address part changes only that part; lines keep their places', () => {
    const first = applyChange(undefined, { id: 'C1', set: {}, address: { line1: 'A st', line2: 'Flat 2', city: 'Osaka' }, attributes: {} }, stamp) as { account: Account };
    expect(first.account.address).toEqual({ lines: ['A st', 'Flat 2'], city: 'Osaka' });
    const second = applyChange(first.account, { id: 'C1', set: {}, address: { line1: 'B st', postcode: '530-0001' }, attributes: {} }, stamp) as { account: Account };
    expect(second.account.address).toEqual({ lines: ['B st', 'Flat 2'], city: 'Osaka', postcode: '530-0001' });
  });

  it('guesses the usual headers', () => {
    const { mappings } = guessMappings(['id', 'Mobile', 'LINE user id', 'Address 1', 'City', 'State', 'Zip']);
    expect(mappings.map((m) => m.target)).toEqual(['phone', 'lineUserId', 'addressLine1', 'addressCity', 'addressRegion', 'addressPostcode']);
  });
});

describe('vehicles and IoT devices', () => {
  const VIN = '1HGCM82633A004352';
  const SECOND_VIN = 'JTDKB20U993123456';
  // a column per part, in the order of the import fields
  const thingPlan: ImportPlan = importPlanSchema.parse({
    columns: ['id', 'VIN', 'Make', 'Model', 'Year', 'TCU id', 'TCU name', 'TCU type', 'fitted to'],
    primaryKeyColumn: 0,
    mappings: [...VEHICLE_FIELDS, ...IOT_DEVICE_FIELDS].map((target, i) => ({ column: i + 1, target })),
  });
  const PARTS = ['vin', 'make', 'model', 'year', 'id', 'name', 'type', 'fitted'] as const;
  const row = (cells: Partial<Record<(typeof PARTS)[number], string>>, key = 'D1') => [key, ...PARTS.map((p) => cells[p] ?? '')];
  const changeOf = (cells: Parameters<typeof row>[0], key?: string) => (rowChange(row(cells, key), thingPlan) as { change: AccountChange }).change;
  const applied = (existing: Account | undefined, change: AccountChange) => applyChange(existing, change, stamp) as { account: Account };

  it('reads one vehicle and one device a row: the VIN upper case, the year a number, full-width digits too', () => {
    expect(
      changeOf({ vin: ` ${VIN.toLowerCase()} `, make: 'Honda', model: 'Accord', year: '２００３', id: 'tcu-1', name: '車載器', type: 'TELEMATICS', fitted: VIN.toLowerCase() }),
    ).toEqual({
      id: 'D1',
      set: {},
      attributes: {},
      vehicle: { vin: VIN, make: 'Honda', model: 'Accord', year: 2003 },
      iotDevice: { thingId: 'tcu-1', name: '車載器', type: 'TELEMATICS', vin: VIN },
    });
    // empty cells give no part; a row without vehicle or device cells changes neither list
    expect(changeOf({ vin: VIN })).toEqual({ id: 'D1', set: {}, attributes: {}, vehicle: { vin: VIN } });
    expect(applied(undefined, changeOf({})).account).not.toHaveProperty('vehicles');
  });

  it("refuses a bad VIN or year with the entity's messages, and parts without the VIN or id that names them", () => {
    expect(rowChange(row({ vin: '1HGCM82633A00435I', make: 'Honda' }), thingPlan)).toEqual({ reason: `VIN: ${ACCOUNT_MESSAGES.vin}` });
    expect(rowChange(row({ vin: 'NOT-A-VIN', year: '03' }), thingPlan)).toEqual({ reason: `VIN: ${ACCOUNT_MESSAGES.vin} Year: ${ACCOUNT_MESSAGES.vehicleYear}` });
    expect(rowChange(row({ vin: VIN, year: '1850' }), thingPlan)).toEqual({ reason: `Year: ${ACCOUNT_MESSAGES.vehicleYear}` });
    expect(rowChange(row({ vin: VIN, year: '2003.5' }), thingPlan)).toEqual({ reason: `Year: ${ACCOUNT_MESSAGES.vehicleYear}` });
    expect(rowChange(row({ id: 'tcu-1', fitted: 'WRONG' }), thingPlan)).toEqual({ reason: `fitted to: ${ACCOUNT_MESSAGES.vin}` });
    expect(rowChange(row({ make: 'Honda', model: 'Accord' }), thingPlan)).toEqual({ reason: `Make: ${THING_MESSAGES.vehicleNeedsVin}` });
    expect(rowChange(row({ vin: VIN, type: 'CHARGER' }), thingPlan)).toEqual({ reason: `TCU type: ${THING_MESSAGES.iotDeviceNeedsId}` });
    expect(rowChange(row({ make: 'x'.repeat(65), vin: VIN }), thingPlan)).toEqual({ reason: 'Make: The value is longer than 64 characters.' });
  });

  it('adds or updates by VIN and id; the account keeps its other vehicles and devices; an empty cell keeps a part', () => {
    const first = applied(undefined, changeOf({ vin: VIN, make: 'Honda', model: 'Accord', year: '2003', id: 'tcu-1', name: 'TCU' })).account;
    // a second row for the same account: another vehicle, and a device fitted to the first vehicle
    const second = applied(first, changeOf({ vin: SECOND_VIN, make: 'Toyota', id: 'charger-1', type: 'CHARGER', fitted: VIN })).account;
    expect(second.vehicles).toEqual([
      { vin: VIN, make: 'Honda', model: 'Accord', year: 2003 },
      { vin: SECOND_VIN, make: 'Toyota' },
    ]);
    expect(second.iotDevices).toEqual([
      { thingId: 'tcu-1', name: 'TCU' },
      { thingId: 'charger-1', type: 'CHARGER', vin: VIN },
    ]);
    // a later row for a known VIN (lower case) and device updates what it gives; its empty cells change nothing
    const third = applied(second, changeOf({ vin: VIN.toLowerCase(), year: '2004', id: 'tcu-1', type: 'TELEMATICS' })).account;
    expect(third.vehicles).toEqual([
      { vin: VIN, make: 'Honda', model: 'Accord', year: 2004 },
      { vin: SECOND_VIN, make: 'Toyota' },
    ]);
    expect(third.iotDevices?.[0]).toEqual({ thingId: 'tcu-1', name: 'TCU', type: 'TELEMATICS' });
    expect(third.version).toBe(3);
  });

  it("refuses the eleventh vehicle and the fifty-first device with the entity's messages", () => {
    const vin = (i: number) => `1HGCM82633A${String(i).padStart(6, '0')}`;
    let account: Account | undefined;
    for (let i = 0; i < 10; i++) account = applied(account, changeOf({ vin: vin(i) })).account;
    expect(applyChange(account, changeOf({ vin: vin(10) }), stamp)).toEqual({ reason: `vehicles: ${ACCOUNT_MESSAGES.tooManyVehicles}` });
    // a known VIN is still updated
    expect(applied(account, changeOf({ vin: vin(3), make: 'Honda' })).account.vehicles?.[3]).toEqual({ vin: vin(3), make: 'Honda' });
    for (let i = 0; i < 50; i++) account = applied(account, changeOf({ id: `thing-${i}` })).account;
    expect(applyChange(account, changeOf({ id: 'thing-50' }), stamp)).toEqual({ reason: `iotDevices: ${ACCOUNT_MESSAGES.tooManyIotDevices}` });
  });

  it('refuses a plan with make, model, year or device parts but no VIN or device id column', () => {
    const issues = (mappings: object[]) => importPlanSchema.safeParse({ columns: ['id', 'a', 'b'], primaryKeyColumn: 0, mappings }).error?.issues.map((i) => i.message) ?? [];
    expect(issues([{ column: 1, target: 'vehicleModel' }])).toEqual([THING_MESSAGES.vehicleNeedsVin]);
    expect(
      issues([
        { column: 1, target: 'iotDeviceName' },
        { column: 2, target: 'vehicleVin' },
      ]),
    ).toEqual([THING_MESSAGES.iotDeviceNeedsId]);
    expect(
      issues([
        { column: 1, target: 'vehicleVin' },
        { column: 2, target: 'vehicleYear' },
      ]),
    ).toEqual([]);
  });

  it('guesses VIN, make, model and year, and a device beside its id; a lone "Model" or "Year" is an attribute', () => {
    const targets = (header: string[]) => guessMappings(header).mappings.map((m) => (m.target === 'attribute' ? `attribute:${m.attribute}` : m.target));
    expect(targets(['Customer ID', 'VIN', 'Make', 'Model', 'Year', 'Thing ID', 'Device name', 'Device type'])).toEqual([
      'vehicleVin',
      'vehicleMake',
      'vehicleModel',
      'vehicleYear',
      'iotDeviceId',
      'iotDeviceName',
      'iotDeviceType',
    ]);
    expect(targets(['会員ID', '車両識別番号', 'メーカー', '車種', '年式'])).toEqual(['vehicleVin', 'vehicleMake', 'vehicleModel', 'vehicleYear']);
    expect(targets(['用户ID', '车架号', '品牌', '车型', '年款'])).toEqual(['vehicleVin', 'vehicleMake', 'vehicleModel', 'vehicleYear']);
    expect(targets(['id', 'Model', 'Year', 'Device name'])).toEqual(['attribute:Model', 'attribute:Year', 'attribute:Device_name']);
  });
});
