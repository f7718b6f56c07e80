import { describe, expect, it } from 'vitest';
import { DAY_MS } from './dates';
import { type AccountInput, compileRule } from './evaluate';
import { type Condition, OPERATORS, type Rule } from './rule';
import { textsInJson } from '../i18n';

const NOW = Date.UTC(2026, 0, 31, 12);
const matches = (c: Condition, account: unknown) => compileRule({ op: 'AND', conditions: [c] }, NOW)(account as AccountInput);

/** Accounts that hold a value of every wrong type, or nothing at all. */
const ODD: unknown[] = [
  {},
  { country: null, emails: null, tags: null, attributes: null, dateCreated: null },
  { country: 81, emails: 'a@b.co', tags: 'vip', attributes: 'plan', dateCreated: 'soon', emailConsent: 'yes' },
  { country: ['JP'], emails: [{}], tags: [1, null], attributes: [], dateCreated: Number.NaN },
  null,
  undefined,
  'JP',
  42,
];

type Case = [condition: Condition, yes: unknown[], no: unknown[]];

const CASES: Case[] = [
  [{ field: 'country', operator: 'equals', value: 'JP' }, [{ country: 'JP' }, { country: 'jp' }], [{ country: 'US' }, ...ODD]],
  [{ field: 'email', operator: 'equals', value: 'Ann@Example.com' }, [{ emails: ['ann@example.COM', 'x@y.co'] }], [{ emails: ['x@y.co', 'ann@example.com'] }, ...ODD]],
  [{ field: 'firstName', operator: 'equals', value: 'Ann' }, [{ firstName: 'Ann' }], [{ firstName: 'ann' }, ...ODD]],
  [{ field: 'emailConsent', operator: 'equals', value: true }, [{ emailConsent: true }], [{ emailConsent: false }, ...ODD]],
  [{ field: 'attributes.score', operator: 'equals', value: 5 }, [{ attributes: { score: 5 } }], [{ attributes: { score: '5' } }, ...ODD]],
  [{ field: 'country', operator: 'notEquals', value: 'JP' }, [{ country: 'US' }, ...ODD], [{ country: 'JP' }, { country: 'Jp' }]],
  [{ field: 'locale', operator: 'in', value: ['ja-JP', 'en-US'] }, [{ locale: 'ja-jp' }, { locale: 'en-US' }], [{ locale: 'ja' }, ...ODD]],
  [
    { field: 'attributes.plan', operator: 'in', value: ['gold', 7] },
    [{ attributes: { plan: 'gold' } }, { attributes: { plan: 7 } }],
    [{ attributes: { plan: 'Gold' } }, { attributes: { plan: '7' } }, ...ODD],
  ],
  [{ field: 'country', operator: 'notIn', value: ['JP', 'KR'] }, [{ country: 'US' }, ...ODD], [{ country: 'kr' }]],
  [
    { field: 'addressPostcode', operator: 'startsWith', value: '〒150-' },
    [{ address: { lines: [], postcode: '150-0001' } }, { address: { lines: [], postcode: '１５０－０００２' } }],
    [{ address: { lines: [], postcode: '1500001' } }, { address: { lines: [] } }, ...ODD],
  ],
  [
    { field: 'addressRegion', operator: 'equals', value: '東京都' },
    [{ address: { lines: [], region: '東京都' } }],
    [{ address: { lines: [], region: '大阪府' } }, { address: 'Tokyo' }, ...ODD],
  ],
  [{ field: 'addressCity', operator: 'in', value: ['渋谷区', '新宿区'] }, [{ address: { lines: [], city: '新宿区' } }], [{ address: { lines: [], city: '港区' } }, ...ODD]],
  [{ field: 'lastName', operator: 'contains', value: 'SON' }, [{ lastName: 'Johnson' }, { lastName: 'son' }], [{ lastName: 'Smith' }, ...ODD]],
  [{ field: 'email', operator: 'contains', value: '@example.com' }, [{ emails: ['a@EXAMPLE.com'] }], [{ emails: ['a@example.co'] }, ...ODD]],
  [
    { field: 'attributes.note', operator: 'notContains', value: 'spam' },
    [{ attributes: { note: 'ok' } }, { attributes: { note: 3 } }, ...ODD],
    [{ attributes: { note: 'SPAM here' } }],
  ],
  [{ field: 'attributes.score', operator: 'gt', value: 10 }, [{ attributes: { score: 10.5 } }], [{ attributes: { score: 10 } }, { attributes: { score: '11' } }, ...ODD]],
  [{ field: 'attributes.score', operator: 'gte', value: 10 }, [{ attributes: { score: 10 } }], [{ attributes: { score: 9 } }, { attributes: { score: true } }, ...ODD]],
  [{ field: 'attributes.score', operator: 'lt', value: 0 }, [{ attributes: { score: -1 } }], [{ attributes: { score: 0 } }, { attributes: { score: null } }, ...ODD]],
  [{ field: 'attributes.score', operator: 'lte', value: 0 }, [{ attributes: { score: 0 } }, { attributes: { score: -0 } }], [{ attributes: { score: 1 } }, ...ODD]],
  [{ field: 'firstName', operator: 'isSet' }, [{ firstName: 'A' }], [{ firstName: '' }, ...ODD]],
  [{ field: 'tags', operator: 'isSet' }, [{ tags: ['a'] }], [{ tags: [] }, ...ODD.filter((a) => a !== ODD[3])]],
  [{ field: 'attributes.plan', operator: 'isSet' }, [{ attributes: { plan: false } }, { attributes: { plan: 0 } }], [{ attributes: { plan: null } }, { attributes: {} }, ...ODD]],
  [{ field: 'email', operator: 'isNotSet' }, [{ emails: [] }, ...ODD], [{ emails: ['a@b.co'] }]],
  [{ field: 'dateCreated', operator: 'before', value: '2026-01-01' }, [{ dateCreated: Date.UTC(2025, 11, 31, 23) }], [{ dateCreated: Date.UTC(2026, 0, 1) }, ...ODD]],
  [
    { field: 'attributes.renewal', operator: 'before', value: Date.UTC(2026, 0, 1) },
    [{ attributes: { renewal: '2025-12-31T23:59:59Z' } }, { attributes: { renewal: '2026-01-01T08:00+09:00' } }],
    [{ attributes: { renewal: '2026-01-01 00:00' } }, { attributes: { renewal: 'Dec 31 2025' } }, ...ODD],
  ],
  [{ field: 'dateUpdated', operator: 'after', value: '2026-01-01T00:00:00Z' }, [{ dateUpdated: Date.UTC(2026, 0, 1, 0, 0, 1) }], [{ dateUpdated: Date.UTC(2026, 0, 1) }, ...ODD]],
  [
    { field: 'dateCreated', operator: 'withinLastDays', value: 30 },
    [{ dateCreated: NOW }, { dateCreated: NOW - 30 * DAY_MS }],
    [{ dateCreated: NOW - 30 * DAY_MS - 1 }, { dateCreated: NOW + 1 }, ...ODD],
  ],
  [{ field: 'tags', operator: 'hasTag', value: 'vip' }, [{ tags: ['a', 'vip'] }], [{ tags: ['VIP'] }, { tags: [] }, ...ODD]],
  [{ field: 'tags', operator: 'notHasTag', value: 'vip' }, [{ tags: ['a'] }, ...ODD], [{ tags: ['vip'] }]],
];

describe('each operator', () => {
  for (const [condition, yes, no] of CASES) {
    const name = `${condition.field} ${condition.operator} ${JSON.stringify(condition.value ?? '')}`;
    it(name, () => {
      for (const account of yes) expect(matches(condition, account), JSON.stringify(account)).toBe(true);
      for (const account of no) expect(matches(condition, account), JSON.stringify(account) ?? 'undefined').toBe(false);
    });
  }

  it('covers every operator', () => {
    expect(new Set(CASES.map(([c]) => c.operator))).toEqual(new Set(OPERATORS));
  });

  it('reads only own attributes, never the prototype', () => {
    const c: Condition = { field: 'attributes.constructor', operator: 'isSet' };
    expect(matches(c, { attributes: {} })).toBe(false);
    expect(matches(c, { attributes: { constructor: 'x' } })).toBe(true);
    expect(matches({ field: 'attributes.toString', operator: 'isNotSet' }, { attributes: {} })).toBe(true);
  });
});

describe('groups', () => {
  const vip: Condition = { field: 'tags', operator: 'hasTag', value: 'vip' };
  const jp: Condition = { field: 'country', operator: 'equals', value: 'JP' };
  const recent: Condition = { field: 'dateCreated', operator: 'withinLastDays', value: 7 };

  it('AND needs every part, OR any part', () => {
    const and = compileRule({ op: 'AND', conditions: [vip, jp] }, NOW);
    const or = compileRule({ op: 'OR', conditions: [vip, jp] }, NOW);
    const accounts = [{ tags: ['vip'], country: 'JP' }, { tags: ['vip'], country: 'US' }, { tags: [], country: 'JP' }, {}];
    expect(accounts.map(and)).toEqual([true, false, false, false]);
    expect(accounts.map(or)).toEqual([true, true, true, false]);
  });

  it('nests to four levels', () => {
    const rule: Rule = {
      op: 'OR',
      conditions: [
        {
          op: 'AND',
          conditions: [jp, { op: 'OR', conditions: [vip, { op: 'AND', conditions: [recent, { field: 'emailConsent', operator: 'equals', value: true }] }] }],
        },
        { field: 'country', operator: 'equals', value: 'KR' },
      ],
    };
    const p = compileRule(rule, NOW);
    expect(p({ country: 'JP', tags: ['vip'] })).toBe(true);
    expect(p({ country: 'JP', dateCreated: NOW - DAY_MS, emailConsent: true })).toBe(true);
    expect(p({ country: 'JP', dateCreated: NOW - DAY_MS, emailConsent: false })).toBe(false);
    expect(p({ country: 'JP', dateCreated: NOW - 8 * DAY_MS, emailConsent: true })).toBe(false);
    expect(p({ country: 'KR' })).toBe(true);
    expect(p({})).toBe(false);
  });

  it('counts withinLastDays from the given now, as a number or a Date', () => {
    const rule: Rule = { op: 'AND', conditions: [recent] };
    const account = { dateCreated: Date.UTC(2026, 0, 1) };
    expect(compileRule(rule, Date.UTC(2026, 0, 8))(account)).toBe(true);
    expect(compileRule(rule, new Date(Date.UTC(2026, 0, 8, 0, 0, 1)))(account)).toBe(false);
  });

  it('refuses an invalid rule when compiling, with the schema messages', () => {
    const bad = { op: 'AND', conditions: [{ field: 'country', operator: 'gt', value: 1 }] } as unknown as Rule;
    // the error's message is its issues as JSON, each text by key
    const thrown = (rule: unknown) => {
      try {
        compileRule(rule as never, NOW);
      } catch (e) {
        return textsInJson((e as Error).message, 'en');
      }
      return '';
    };
    expect(thrown(bad)).toContain("The operator 'gt' does not apply to the field 'country'.");
    expect(thrown({ op: 'AND', conditions: [] })).toContain('Please add filtering criteria');
  });
});
