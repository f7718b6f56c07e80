/**
 * Properties of the compiled evaluator against a naive interpreter written separately here: same answers on
 * random valid rules and random accounts (odd types included), never a throw, negations as exact complements.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeRule } from './describe';
import { compileRule } from './evaluate';
import { ACCOUNT_FIELDS, type Condition, fieldKind, OPERATORS_BY_KIND, type Rule, type RuleNode, ruleSchema } from './rule';

const NOW = Date.UTC(2026, 0, 31, 12);
const DAY = 86_400_000;

// ---- the naive interpreter -------------------------------------------------------------------------------

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const CASELESS = ['email', 'locale', 'timeZone', 'country'];

function naiveDate(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && ISO_UTC.test(v)) return Date.parse(v);
  return undefined;
}

function naiveRead(account: unknown, field: string): unknown {
  const a: Record<string, unknown> = typeof account === 'object' && account !== null ? (account as Record<string, unknown>) : {};
  if (field.startsWith('attributes.')) {
    const attrs = a.attributes;
    const name = field.split('.')[1];
    return typeof attrs === 'object' && attrs !== null && Object.hasOwn(attrs, name) ? (attrs as Record<string, unknown>)[name] : undefined;
  }
  if (field === 'email') return Array.isArray(a.emails) && typeof a.emails[0] === 'string' ? a.emails[0] : undefined;
  const v = a[field];
  const kind = ACCOUNT_FIELDS[field as keyof typeof ACCOUNT_FIELDS];
  if (kind === 'text') return typeof v === 'string' ? v : undefined;
  if (kind === 'boolean') return typeof v === 'boolean' ? v : undefined;
  if (kind === 'date') return typeof v === 'number' || typeof v === 'string' ? v : undefined;
  return Array.isArray(v) ? v : undefined;
}

function naiveSame(field: string, v: unknown, x: unknown): boolean {
  if (CASELESS.includes(field) && typeof v === 'string' && typeof x === 'string') return v.toLowerCase() === x.toLowerCase();
  return v === x;
}

function naiveCondition(c: Condition, account: unknown): boolean {
  const v = naiveRead(account, c.field);
  const x = c.value;
  const t = naiveDate(v);
  switch (c.operator) {
    case 'equals':
      return naiveSame(c.field, v, x);
    case 'notEquals':
      return !naiveSame(c.field, v, x);
    case 'in':
      return (x as unknown[]).some((item) => naiveSame(c.field, v, item));
    case 'notIn':
      return !(x as unknown[]).some((item) => naiveSame(c.field, v, item));
    case 'contains':
      return typeof v === 'string' && v.toLowerCase().indexOf(String(x).toLowerCase()) >= 0;
    case 'startsWith':
      return (
        typeof v === 'string' &&
        v
          .normalize('NFKC')
          .replace(/^〒\s*/, '')
          .toLowerCase()
          .indexOf(
            String(x)
              .normalize('NFKC')
              .replace(/^〒\s*/, '')
              .toLowerCase(),
          ) === 0
      );
    case 'notContains':
      return !(typeof v === 'string' && v.toLowerCase().indexOf(String(x).toLowerCase()) >= 0);
    case 'gt':
      return typeof v === 'number' && v > (x as number);
    case 'gte':
      return typeof v === 'number' && v >= (x as number);
    case 'lt':
      return typeof v === 'number' && v < (x as number);
    case 'lte':
      return typeof v === 'number' && v <= (x as number);
    case 'isSet':
      return !(v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0));
    case 'isNotSet':
      return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
    case 'before':
      return t !== undefined && t < naiveDate(x)!;
    case 'after':
      return t !== undefined && t > naiveDate(x)!;
    case 'withinLastDays':
      return t !== undefined && NOW - t <= (x as number) * DAY && t <= NOW;
    case 'hasTag':
      return Array.isArray(v) && v.indexOf(x) >= 0;
    case 'notHasTag':
      return !(Array.isArray(v) && v.indexOf(x) >= 0);
  }
}

function naive(node: RuleNode, account: unknown): boolean {
  if ('conditions' in node) {
    const results = node.conditions.map((n) => naive(n, account));
    return node.op === 'AND' ? results.every(Boolean) : results.some(Boolean);
  }
  return naiveCondition(node, account);
}

// ---- generators -------------------------------------------------------------------------------------------

const isoDate = fc.integer({ min: NOW - 400 * DAY, max: NOW + 30 * DAY }).chain((t) => fc.constantFrom(t, new Date(t).toISOString()));
const junk = fc.constantFrom<unknown>(null, 'soon', 0, -1, true, false, [], {}, ['JP'], Number.NaN, '');
const text = fc.constantFrom('JP', 'jp', 'US', 'kr', 'ja-JP', 'ja-jp', 'en-US', 'Ann', 'ann', 'Johnson', 'a@example.com', 'A@Example.COM');
const plan = fc.constantFrom('gold', 'platinum', 'Gold', 'silver');
const num = fc.constantFrom(-1, 0, 5, 10, 10.5);
const tag = fc.constantFrom('vip', 'VIP', 'new', 'churn');

const attrValue = fc.oneof(plan, num, fc.boolean(), fc.constant(null), isoDate, text);
const account = fc.record(
  {
    country: fc.oneof(text, junk),
    locale: fc.oneof(text, junk),
    firstName: fc.oneof(text, junk),
    emails: fc.oneof(fc.array(fc.oneof(text, junk), { maxLength: 2 }), junk),
    tags: fc.oneof(fc.uniqueArray(tag, { maxLength: 3 }), junk),
    attributes: fc.oneof(fc.dictionary(fc.constantFrom('plan', 'score', 'renewal', 'constructor'), attrValue, { maxKeys: 4 }), junk),
    emailConsent: fc.oneof(fc.boolean(), junk),
    dateCreated: fc.oneof(isoDate, junk),
  },
  { requiredKeys: [] },
);
const anyAccount = fc.oneof({ weight: 9, arbitrary: account }, { weight: 1, arbitrary: junk });

const FIELDS = ['country', 'email', 'firstName', 'locale', 'emailConsent', 'dateCreated', 'tags'];
const ATTRIBUTES = ['attributes.plan', 'attributes.score', 'attributes.renewal', 'attributes.constructor'];

function valueFor(field: string, operator: Condition['operator']): fc.Arbitrary<Condition['value']> {
  const kind = fieldKind(field);
  switch (operator) {
    case 'equals':
    case 'notEquals':
      if (kind === 'boolean') return fc.boolean();
      return kind === 'text' ? fc.oneof(text, plan) : fc.oneof(plan, num, fc.boolean());
    case 'in':
    case 'notIn':
      return fc.array<string | number>(kind === 'text' ? fc.oneof(text, plan) : fc.oneof(plan, num), { minLength: 1, maxLength: 3 });
    case 'contains':
    case 'notContains':
    case 'startsWith':
      return fc.constantFrom('j', 'JP', 'son', 'old', '@example.com', 'a');
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return num;
    case 'isSet':
    case 'isNotSet':
      return fc.constant(undefined);
    case 'before':
    case 'after':
      return isoDate;
    case 'withinLastDays':
      return fc.integer({ min: 1, max: 400 });
    case 'hasTag':
    case 'notHasTag':
      return tag;
  }
}

const condition: fc.Arbitrary<Condition> = fc
  .constantFrom(...FIELDS, ...ATTRIBUTES)
  .chain((field) =>
    fc
      .constantFrom(...OPERATORS_BY_KIND[fieldKind(field)!])
      .chain((operator) => valueFor(field, operator).map((value): Condition => (value === undefined ? { field, operator } : { field, operator, value }))),
  );

const { rule } = fc.letrec<{ rule: Rule; node: RuleNode }>((tie) => ({
  rule: fc.record({ op: fc.constantFrom('AND' as const, 'OR' as const), conditions: fc.array(tie('node'), { minLength: 1, maxLength: 4 }) }),
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, condition, tie('rule')),
}));
const validRule = rule.filter((r) => ruleSchema.safeParse(r).success);

// ---- properties -------------------------------------------------------------------------------------------

describe('compiled rules agree with a naive interpreter', () => {
  it('on random valid rules and random accounts, never throwing', () => {
    fc.assert(
      fc.property(validRule, fc.array(anyAccount, { minLength: 1, maxLength: 20 }), (r, accounts) => {
        const predicate = compileRule(r, NOW);
        for (const a of accounts) expect(predicate(a as never)).toBe(naive(r, a));
      }),
      { numRuns: 500 },
    );
  });

  it('negative operators are the complements of the positive ones', () => {
    const pairs = { notEquals: 'equals', notIn: 'in', notContains: 'contains', isNotSet: 'isSet', notHasTag: 'hasTag' } as const;
    const negative = condition.filter((c) => Object.hasOwn(pairs, c.operator));
    fc.assert(
      fc.property(negative, anyAccount, (c, a) => {
        const positive = { ...c, operator: pairs[c.operator as keyof typeof pairs] };
        const no = compileRule({ op: 'AND', conditions: [c] }, NOW)(a as never);
        const yes = compileRule({ op: 'AND', conditions: [positive] }, NOW)(a as never);
        expect(no).toBe(!yes);
      }),
      { numRuns: 500 },
    );
  });

  it('a group of one is its content, and the schema and summary take every generated rule', () => {
    fc.assert(
      fc.property(validRule, anyAccount, (r, a) => {
        const wrapped: Rule = { op: r.op === 'AND' ? 'OR' : 'AND', conditions: [r] };
        if (ruleSchema.safeParse(wrapped).success) {
          expect(compileRule(wrapped, NOW)(a as never)).toBe(compileRule(r, NOW)(a as never));
        }
        expect(ruleSchema.parse(JSON.parse(JSON.stringify(r)))).toEqual(r);
        expect(describeRule(r).length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});
