/** The one rule evaluator. A predicate never throws whatever an account holds, and each negative operator is its positive's exact complement. */
import type { Account } from '../entities/account';
import { DAY_MS, toEpochMs } from './dates';
import {
  ACCOUNT_FIELDS,
  type AccountField,
  ATTRIBUTE_PREFIX,
  CASE_INSENSITIVE_FIELDS,
  type Condition,
  isGroup,
  type Operator,
  type Rule,
  type RuleGroup,
  ruleSchema,
} from './rule';

export type AccountInput = Readonly<Partial<Account>>;
export type AccountPredicate = (account: AccountInput) => boolean;

type Getter = (account: AccountInput) => unknown;
type Test = (value: unknown) => boolean;

const NO_ACCOUNT: AccountInput = {};

export const POSTAL_PARTS = { addressRegion: 'region', addressCity: 'city', addressPostcode: 'postcode' } as const;

/** A wrong-typed account field reads as missing; attributes are untyped and read as they are. */
function getterOf(field: string): Getter {
  if (field.startsWith(ATTRIBUTE_PREFIX)) {
    const name = field.slice(ATTRIBUTE_PREFIX.length);
    return (a) => {
      const attrs = a.attributes;
      return typeof attrs === 'object' && attrs !== null && Object.hasOwn(attrs, name) ? attrs[name] : undefined;
    };
  }
  if (field in POSTAL_PARTS) {
    const part = POSTAL_PARTS[field as keyof typeof POSTAL_PARTS];
    return (a) => {
      const value = typeof a.address === 'object' && a.address !== null ? a.address[part] : undefined;
      return typeof value === 'string' ? value : undefined;
    };
  }
  if (field === 'email' || field === 'phone') {
    const list = field === 'email' ? 'emails' : 'phones';
    return (a) => {
      const values = a[list];
      return Array.isArray(values) && typeof values[0] === 'string' ? values[0] : undefined;
    };
  }
  const key = field as Exclude<AccountField, 'email' | 'phone' | keyof typeof POSTAL_PARTS>;
  switch (ACCOUNT_FIELDS[key]) {
    case 'text':
      return (a) => (typeof a[key] === 'string' ? a[key] : undefined);
    case 'boolean':
      return (a) => (typeof a[key] === 'boolean' ? a[key] : undefined);
    case 'date':
      return (a) => (typeof a[key] === 'number' || typeof a[key] === 'string' ? a[key] : undefined);
    case 'tags':
      return (a) => (Array.isArray(a[key]) ? a[key] : undefined);
  }
}

function isPresent(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
}

function equalsTest(value: unknown, caseInsensitive: boolean): Test {
  if (caseInsensitive && typeof value === 'string') {
    const lower = value.toLowerCase();
    return (v) => typeof v === 'string' && (v === value || v.toLowerCase() === lower);
  }
  return (v) => v === value;
}

function inTest(values: readonly (string | number)[], caseInsensitive: boolean): Test {
  if (caseInsensitive) {
    const set = new Set(values.map((v) => String(v).toLowerCase()));
    return (v) => typeof v === 'string' && (set.has(v) || set.has(v.toLowerCase()));
  }
  const set = new Set<unknown>(values);
  return (v) => (typeof v === 'string' || typeof v === 'number') && set.has(v);
}

function positiveTest(operator: Operator, value: Condition['value'], caseInsensitive: boolean, now: number): Test {
  switch (operator) {
    case 'equals':
    case 'notEquals':
      return equalsTest(value, caseInsensitive);
    case 'in':
    case 'notIn':
      return inTest(Array.isArray(value) ? value : [], caseInsensitive);
    case 'contains': // always ignores case
    case 'notContains': {
      const needle = String(value).toLowerCase();
      return (v) => typeof v === 'string' && v.toLowerCase().includes(needle);
    }
    case 'startsWith': {
      // ignores case and full-width forms as typed in Japan
      const plain = (t: string) =>
        t
          .normalize('NFKC')
          .replace(/^〒\s*/, '')
          .toLowerCase();
      const prefix = plain(String(value));
      return (v) => typeof v === 'string' && plain(v).startsWith(prefix);
    }
    case 'gt': {
      const x = Number(value);
      return (v) => typeof v === 'number' && v > x;
    }
    case 'gte': {
      const x = Number(value);
      return (v) => typeof v === 'number' && v >= x;
    }
    case 'lt': {
      const x = Number(value);
      return (v) => typeof v === 'number' && v < x;
    }
    case 'lte': {
      const x = Number(value);
      return (v) => typeof v === 'number' && v <= x;
    }
    case 'isSet':
    case 'isNotSet':
      return isPresent;
    case 'before':
    case 'after':
    case 'withinLastDays': {
      const onInstant = instantTest(operator, value, now)!;
      return (v) => onInstant(toEpochMs(v));
    }
    case 'hasTag':
    case 'notHasTag':
      return (v) => Array.isArray(v) && v.includes(value);
  }
}

const NEGATIVE: ReadonlySet<Operator> = new Set(['notEquals', 'notIn', 'notContains', 'isNotSet', 'notHasTag']);

function compileCondition(c: Condition, now: number): AccountPredicate {
  const get = getterOf(c.field);
  const test = positiveTest(c.operator, c.value, CASE_INSENSITIVE_FIELDS.has(c.field), now);
  return NEGATIVE.has(c.operator) ? (a) => !test(get(a)) : (a) => test(get(a));
}

function compileGroup(group: RuleGroup, now: number): AccountPredicate {
  const parts = group.conditions.map((n) => (isGroup(n) ? compileGroup(n, now) : compileCondition(n, now)));
  if (parts.length === 1) return parts[0];
  const n = parts.length;
  if (group.op === 'AND') {
    return (a) => {
      for (let i = 0; i < n; i++) if (!parts[i](a)) return false;
      return true;
    };
  }
  return (a) => {
    for (let i = 0; i < n; i++) if (parts[i](a)) return true;
    return false;
  };
}

/** A condition on a date (before, after, within the last days) as a test of the value's instant (NaN: none). */
export function instantTest(operator: Operator, value: unknown, now: number): ((t: number) => boolean) | undefined {
  switch (operator) {
    case 'before': {
      const x = toEpochMs(value);
      return (t) => t < x;
    }
    case 'after': {
      const x = toEpochMs(value);
      return (t) => t > x;
    }
    case 'withinLastDays': {
      const from = now - Number(value) * DAY_MS;
      return (t) => t >= from && t <= now;
    }
    default:
      return undefined;
  }
}

/** What a date condition compares of an account: its field's instant (NaN without one). */
export function instantReader(field: string): (account: AccountInput) => number {
  const get = getterOf(field);
  return (account) => toEpochMs(get(account));
}

/**
 * Whether `instantReader(field)` reads an account holding value v in the field as `toEpochMs(v)`: an attribute's
 * getter returns the value as it is, a date field's returns it or nothing for types `toEpochMs` reads as NaN anyway.
 */
export const instantIsValue = (field: string): boolean => field.startsWith(ATTRIBUTE_PREFIX) || ACCOUNT_FIELDS[field as AccountField] === 'date';

/** An invalid rule throws here, never while testing accounts. */
export function compileRule(rule: Rule, now: number | Date): AccountPredicate {
  const root = compileGroup(ruleSchema.parse(rule), typeof now === 'number' ? now : now.getTime());
  return (account) => root(typeof account === 'object' && account !== null ? account : NO_ACCOUNT);
}
