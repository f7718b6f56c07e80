/**
 * The columnar count agrees with the evaluator, account by account: random valid rules over random accounts
 * (values of odd types included) give the same rows through columns, through their encoded bytes, and through
 * rows rebuilt from the columns, as `compileRule` gives on the accounts themselves.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AccountInput, compileRule, type Condition, fieldKind, OPERATORS_BY_KIND, type Rule, type RuleNode, ruleSchema } from '../../../shared/segment';
import { buildColumn, decodeColumn, decodeIds, encodeColumn, encodeIds, fieldsOf, projectAccount, type RowIds, rowOf, rowsOf } from './columns';
import { matchRows } from './evaluate';

const NOW = Date.UTC(2026, 0, 31, 12);
const DAY = 86_400_000;

const date = fc.integer({ min: NOW - 400 * DAY, max: NOW + 30 * DAY });
const junk = fc.constantFrom<unknown>(null, 'soon', 0, true, [], {}, ['JP'], '');
const text = fc.constantFrom('JP', 'jp', 'US', 'ja-JP', 'Ann', 'ann', 'a@example.com', 'A@Example.COM', '150-0001', '１５０－０００２');
const attr = fc.oneof(fc.constantFrom('gold', 'Gold', 'silver'), fc.constantFrom(-1, 0, 5, 10.5), fc.boolean(), fc.constant(null), text);
const account = fc.record(
  {
    country: fc.oneof(text, junk),
    firstName: fc.oneof(text, junk),
    emails: fc.oneof(fc.array(fc.oneof(text, junk), { maxLength: 2 }), junk),
    tags: fc.oneof(fc.uniqueArray(fc.constantFrom('vip', 'VIP', 'new'), { maxLength: 3 }), junk),
    attributes: fc.oneof(fc.dictionary(fc.constantFrom('plan', 'score'), attr, { maxKeys: 2 }), junk),
    address: fc.oneof(fc.record({ region: fc.oneof(text, junk), postcode: fc.oneof(text, junk) }, { requiredKeys: [] }), junk),
    emailConsent: fc.oneof(fc.boolean(), junk),
    dateCreated: fc.oneof(date, junk),
  },
  { requiredKeys: [] },
);

const FIELDS = [
  'id',
  'country',
  'email',
  'firstName',
  'emailConsent',
  'dateCreated',
  'tags',
  'addressRegion',
  'addressPostcode',
  'attributes.plan',
  'attributes.score',
  'attributes.none',
];

function valueFor(field: string, operator: Condition['operator']): fc.Arbitrary<Condition['value']> {
  const kind = fieldKind(field);
  switch (operator) {
    case 'equals':
    case 'notEquals':
      return kind === 'boolean' ? fc.boolean() : kind === 'text' ? text : fc.oneof(fc.constantFrom('gold', 5), fc.boolean());
    case 'in':
    case 'notIn':
      return fc.array<string | number>(kind === 'text' ? text : fc.constantFrom('gold', 5, 0), { minLength: 1, maxLength: 3 });
    case 'contains':
    case 'notContains':
    case 'startsWith':
      return fc.constantFrom('j', 'JP', 'example', '〒150', 'a-0');
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return fc.constantFrom(-1, 0, 5);
    case 'isSet':
    case 'isNotSet':
      return fc.constant(undefined);
    case 'before':
    case 'after':
      return date;
    case 'withinLastDays':
      return fc.integer({ min: 1, max: 400 });
    case 'hasTag':
    case 'notHasTag':
      return fc.constantFrom('vip', 'new');
  }
}

const condition: fc.Arbitrary<Condition> = fc
  .constantFrom(...FIELDS)
  .chain((field) =>
    fc
      .constantFrom(...OPERATORS_BY_KIND[fieldKind(field)!])
      .chain((operator) => valueFor(field, operator).map((value): Condition => (value === undefined ? { field, operator } : { field, operator, value }))),
  );
const { rule } = fc.letrec<{ rule: Rule; node: RuleNode }>((tie) => ({
  rule: fc.record({ op: fc.constantFrom('AND' as const, 'OR' as const), conditions: fc.array(tie('node'), { minLength: 1, maxLength: 5 }) }),
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, condition, tie('rule')),
}));
const validRule = rule.filter((r) => ruleSchema.safeParse(r).success);
const accounts = fc.array(account, { minLength: 1, maxLength: 40 }).map((list) => list.map((a, i) => ({ ...a, id: `a-${String(i).padStart(2, '0')}` }) as AccountInput));

describe('columnar count', () => {
  it('matches the rows compileRule matches, from columns and from their bytes', () => {
    fc.assert(
      fc.property(validRule, accounts, (r, list) => {
        const rows = list.map(projectAccount);
        const ids = rows.map((a) => a.id as string);
        const fields = fieldsOf(rows);
        const columns = new Map(fields.map((f) => [f, buildColumn(f, rows)]));
        const decoded = new Map(fields.map((f) => [f, decodeColumn(encodeColumn(columns.get(f)!))]));
        const { bytes, as } = encodeIds(ids);
        const decodedIds = decodeIds(bytes, as);
        const expected = list.map((a) => (compileRule(r, NOW)(a) ? 1 : 0));
        expect([...matchRows(r, NOW, ids, columns)]).toEqual(expected);
        expect([...matchRows(r, NOW, decodedIds, decoded)]).toEqual(expected);
        // answers kept for the base answer the same the second time
        const answers = new Map<string, Uint8Array>();
        matchRows(r, NOW, decodedIds, decoded, answers);
        expect([...matchRows(r, NOW, decodedIds, decoded, answers)]).toEqual(expected);
        // a compaction's rows read as the accounts did
        expect(rowsOf(decodedIds, decoded).map((a) => (compileRule(r, NOW)(a) ? 1 : 0))).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('a date column compared by instants: before, after and a window of days, at their edges, in the future, as strings and junk', () => {
    const compared = fc.oneof(
      fc.integer({ min: 1, max: 400 }).map((days): Condition => ({ field: 'dateCreated', operator: 'withinLastDays', value: days })),
      fc.tuple(fc.constantFrom('before' as const, 'after' as const), date).map(([operator, at]): Condition => ({ field: 'dateCreated', operator, value: at })),
    );
    fc.assert(
      fc.property(compared, fc.array(fc.oneof(date, junk), { maxLength: 30 }), (c, dates) => {
        const edge = c.operator === 'withinLastDays' ? NOW - (c.value as number) * DAY : (c.value as number);
        const edges = [edge, edge - 1, edge + 1, NOW, NOW + 1, new Date(edge).toISOString(), new Date(NOW + DAY).toISOString(), undefined];
        const list = [...edges, ...dates].map((d, i) => ({ id: `a-${String(i).padStart(2, '0')}`, ...(d === undefined ? {} : { dateCreated: d }) }) as AccountInput);
        const rows = list.map(projectAccount);
        const column = buildColumn('dateCreated', rows);
        const r: Rule = { op: 'AND', conditions: [c] };
        const expected = list.map((a) => (compileRule(r, NOW)(a) ? 1 : 0));
        expect([
          ...matchRows(
            r,
            NOW,
            rows.map((a) => a.id as string),
            new Map([['dateCreated', column]]),
          ),
        ]).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('finds ids by binary search, and picks the narrowest index', () => {
    const ids = ['a', 'b', 'c', 'x'];
    expect(ids.map((id) => rowOf(ids, id))).toEqual([0, 1, 2, 3]);
    expect(rowOf(ids, 'bb')).toBe(-1);
    const many = Array.from({ length: 300 }, (_, i) => ({ id: `${i}`, country: `C${i}` }) as AccountInput);
    expect(buildColumn('country', many).index.BYTES_PER_ELEMENT).toBe(2);
    expect(buildColumn('emailConsent', many).index.BYTES_PER_ELEMENT).toBe(1);
  });

  it('a column of many numbers is stored as numbers, and every operator reads it as the evaluator reads the accounts', () => {
    const numbers = fc.oneof(date, fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, noDefaultInfinity: true }));
    const numeric = fc.oneof(
      fc.integer({ min: 1, max: 400 }).map((days): Condition => ({ field: 'dateCreated', operator: 'withinLastDays', value: days })),
      fc.tuple(fc.constantFrom('before' as const, 'after' as const), date).map(([operator, at]): Condition => ({ field: 'dateCreated', operator, value: at })),
      fc
        .tuple(fc.constantFrom('gt' as const, 'gte' as const, 'lt' as const, 'lte' as const, 'equals' as const, 'notEquals' as const), fc.constantFrom(-1, 0, 5))
        .map(([operator, value]): Condition => ({ field: 'attributes.score', operator, value })),
      fc.constantFrom<Condition>({ field: 'attributes.score', operator: 'isSet' }, { field: 'dateCreated', operator: 'isNotSet' }),
    );
    fc.assert(
      fc.property(numeric, fc.array(fc.option(numbers, { nil: undefined }), { maxLength: 60 }), fc.integer({ min: 0, max: DAY }), fc.boolean(), (c, values, shift, oneText) => {
        // 300 instants over the dates' range (fast-check's values repeat too often to make a column of many), each
        // condition's edges among them; with one text among them, the column is stored as JSON as before
        const spread = Array.from({ length: 300 }, (_, i) => NOW - 400 * DAY + shift + i * 33 * 3_600_000);
        const edge = c.operator === 'withinLastDays' ? NOW - (c.value as number) * DAY : typeof c.value === 'number' ? c.value : 0;
        const list = [edge, edge - 1, edge + 1, NOW, NOW + 1, ...values, ...spread].map((v, i) => {
          const value = oneText && i === 7 ? 'soon' : v;
          return { id: `a-${String(i).padStart(3, '0')}`, ...(value === undefined ? {} : { dateCreated: value, attributes: { score: value } }) } as AccountInput;
        });
        const field = c.field;
        const column = buildColumn(field, list);
        const decoded = decodeColumn(encodeColumn(column));
        expect(decoded.numbers !== undefined).toBe(!oneText && column.values.length >= 256);
        // JSON never kept -0 apart from 0, and no operator tells them apart
        const plain = (list: readonly unknown[]) => list.map((v) => (v === 0 ? 0 : v));
        expect(plain(decoded.values)).toEqual(plain(column.values));
        const r: Rule = { op: 'AND', conditions: [c] };
        const expected = list.map((a) => (compileRule(r, NOW)(a) ? 1 : 0));
        const ids = list.map((a) => a.id as string);
        expect([...matchRows(r, NOW, ids, new Map([[field, decodeColumn(encodeColumn(column))]]))]).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('ids come back in order and are found, whatever characters they hold', () => {
    const readBack = (ids: RowIds) => Array.from({ length: ids.length }, (_, r) => ids.at(r));
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), fc.constantFrom('cust-1', 'a\nb', '', '\uD800', '日本')), { maxLength: 60 }),
        (list) => {
          const ids = [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          const { bytes, as } = encodeIds(ids);
          const back = decodeIds(bytes, as);
          expect(back.length).toBe(ids.length);
          expect(readBack(back)).toEqual(ids);
          expect(ids.map((id) => rowOf(back, id))).toEqual(ids.map((_, r) => r));
          expect(rowOf(back, '\u{10FFFF}not-there')).toBe(-1);
          expect(back.at(ids.length)).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
    // plain ids are kept as lines, one string for all of them
    expect(encodeIds(['a', 'b']).as).toBe('lines');
    expect(encodeIds(['a', 'b\nc']).as).toBe('json');
    expect(encodeIds(['', 'b']).as).toBe('json');
  });
});
