import { describe, expect, it } from 'vitest';
import { type Account, ACCOUNT_MESSAGES } from '../entities/account';
import { applyChange, type ImportPlan, importPlanSchema, parseBoolean, rowChange } from './accountImport';
import { guessMappings } from './guess';

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
