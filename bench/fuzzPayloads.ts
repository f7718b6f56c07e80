/**
 * Payloads for the catalogue fuzz (bench/fuzz.ts): fast-check arbitraries read from an operation's own zod schema
 * (so that many payloads pass validation and reach the handler), with hostile values mixed in at every level
 * (wrong types, NUL bytes, path tricks, prototype keys, huge strings, deep nesting), and wholly random ones.
 * Fields named like ids take ids seen in earlier answers, so handlers are reached with records that exist.
 */
import fc from 'fast-check';
import type * as z from 'zod';

/** Ids answered so far (any `id` or `...Id` field), shared by every caller: another organization's too. */
export const seenIds = { strings: [] as string[], numbers: [] as number[] };

export function collectIds(value: unknown, depth = 0): void {
  if (depth > 6 || value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    if (/(^id|Id|Ids)$/.test(key)) {
      if (typeof v === 'string' && v.length <= 64 && !seenIds.strings.includes(v)) seenIds.strings.push(v);
      if (typeof v === 'number' && !seenIds.numbers.includes(v)) seenIds.numbers.push(v);
    }
    collectIds(v, depth + 1);
  }
}

const TRICKY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '../../etc/passwd',
  'a//b',
  '/',
  '.',
  '..',
  'a/./b.pdf',
  '%00',
  '%2e%2e%2f',
  '{{preset.x.y}}',
  '{{',
  '}}{{#each}}',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'http://127.0.0.1:1/',
  'http://169.254.169.254/latest/meta-data/',
  'sftp://10.0.0.1:22',
  '1e309',
  '-1',
  'NaN',
  'null',
  '2026-02-30T25:61:00Z',
  'Asia/Nowhere',
  '+0000000000000000000',
  '\uFEFF',
  '\u202E',
  'ｆｕｌｌ',
  '😀'.repeat(40),
  '\\',
  '\'"`',
  '*',
  '[',
  '(?<!',
];

const trickyString = fc.constantFrom(...TRICKY);
const hugeString = fc.integer({ min: 10_000, max: 400_000 }).map((n) => 'x'.repeat(n));
const anyString = fc.oneof(fc.string(), fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 30 }));

/** An object whose own keys reach prototypes when used as an index. */
const protoKeyed = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.jsonValue({ maxDepth: 2 }))
  .map(([key, v]) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(v) ?? 'null'}, "x": 1}`) as unknown);
const deep = fc.integer({ min: 20, max: 2000 }).map((n) => {
  let v: unknown = 'bottom';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

/** A value of any kind, meant to be wrong wherever it lands. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  trickyString,
  anyString,
  { arbitrary: hugeString, weight: 1 },
  fc.constantFrom(0, -1, 1.5, -0, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.oneof(trickyString, fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
  protoKeyed,
  deep,
);

function checksOf(schema: z.ZodType): { def: Record<string, any> }[] {
  return ((schema._zod.def as { checks?: { _zod: { def: Record<string, any> } }[] }).checks ?? []).map((c) => ({ def: c._zod.def }));
}

function stringFor(schema: z.ZodType, key: string): fc.Arbitrary<unknown> {
  const def = schema._zod.def as { pattern?: RegExp };
  let min = 0;
  let max = 40;
  let pattern = def.pattern;
  for (const { def: c } of checksOf(schema)) {
    if (c.check === 'min_length') min = c.minimum;
    if (c.check === 'max_length') max = Math.min(c.maximum, 200);
    if (c.check === 'length_equals') min = max = c.length;
    if (c.check === 'string_format' && c.pattern) pattern = c.pattern;
  }
  const options: fc.Arbitrary<unknown>[] = [fc.string({ minLength: Math.min(min, max), maxLength: Math.max(min, max) }), trickyString];
  if (pattern && !pattern.flags.includes('u')) {
    try {
      options.push(fc.stringMatching(pattern).filter((s) => s.length <= 500));
    } catch {
      // a pattern fast-check cannot read: plain strings only
    }
  }
  if (/(^id|Id)$/.test(key)) options.push(fc.nat().map((i) => seenIds.strings[i % Math.max(1, seenIds.strings.length)] ?? 'missing'));
  return fc.oneof(...options);
}

function numberFor(schema: z.ZodType, key: string): fc.Arbitrary<unknown> {
  let min = -1000;
  let max = 100_000;
  let integer = false;
  for (const { def: c } of checksOf(schema)) {
    if (c.check === 'greater_than') min = Number(c.value);
    if (c.check === 'less_than') max = Number(c.value);
    if (c.check === 'number_format' && /int/.test(c.format)) integer = true;
  }
  const [lo, hi] = [Math.max(min, -1e9), Math.min(max, 1e9)];
  const options: fc.Arbitrary<unknown>[] = [integer || hi - lo > 10 ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true })];
  if (/(^id|Id)$/.test(key)) options.push(fc.nat().map((i) => seenIds.numbers[i % Math.max(1, seenIds.numbers.length)] ?? 1));
  return fc.oneof(...options);
}

/** Values the schema takes, mostly; `hostile` in place of one now and then, at any depth. */
export function fromSchema(schema: z.ZodType, key = '', depth = 0): fc.Arbitrary<unknown> {
  const exact = shaped(schema, key, depth);
  return fc.oneof({ arbitrary: exact, weight: 19 }, { arbitrary: hostile, weight: 1 });
}

function shaped(schema: z.ZodType, key: string, depth: number): fc.Arbitrary<unknown> {
  const def = schema._zod.def as Record<string, any>;
  if (depth > 8) return fc.constant(undefined);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, fromSchema(v, k, depth + 1)]));
      return fc.record(fields, { requiredKeys: [] });
    }
    case 'string':
      return stringFor(schema, key);
    case 'number':
    case 'int':
      return numberFor(schema, key);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'array':
      return fc.array(fromSchema(def.element, key, depth + 1), { maxLength: 6 });
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => fromSchema(item, key, depth + 1)));
    case 'record':
      return fc.dictionary(fc.oneof(fc.string({ maxLength: 12 }), trickyString), fromSchema(def.valueType, key, depth + 1), { maxKeys: 4 });
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => shaped(option, key, depth + 1)));
    case 'intersection':
      return fc.tuple(shaped(def.left, key, depth + 1), shaped(def.right, key, depth + 1)).map(([a, b]) => (isObject(a) && isObject(b) ? { ...a, ...b } : a));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return fc.oneof(shaped(def.innerType, key, depth), fc.constant(def.type === 'nullable' ? null : undefined));
    case 'pipe':
      return shaped(def.in, key, depth);
    case 'lazy':
      return shaped(def.getter(), key, depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A payload for the operation whose payload schema is `schema`: shaped by it mostly, random otherwise. */
export function payloadFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: shaped(schema, '', 0), weight: 6 },
    { arbitrary: fromSchema(schema), weight: 2 },
    { arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: true, withObjectString: true }), weight: 1 },
    { arbitrary: hostile, weight: 1 },
  );
}

/** Every path to a value inside `value` (objects and arrays), the root included. */
function pathsOf(value: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (at.length > 30) return out;
  if (Array.isArray(value)) for (const [i, v] of value.entries()) pathsOf(v, [...at, i], out);
  else if (isObject(value)) for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  return out;
}

/** A payload that was accepted, with one value in it (or a new key beside it) replaced by a tricky or hostile one. */
export const mutation = fc.record({ pick: fc.nat(), value: fc.oneof(trickyString, hostile), newKey: fc.oneof(fc.constant(undefined), trickyString) });

export function mutate(accepted: unknown, { pick, value, newKey }: { pick: number; value: unknown; newKey: string | undefined }): unknown {
  // as it was sent: JSON keeps a `__proto__` key an own key, and reads deep nesting without recursing
  const copy = JSON.parse(JSON.stringify(accepted) ?? 'null') as unknown;
  const paths = pathsOf(copy).filter((p) => p.length > 0);
  if (paths.length === 0) return value;
  const path = paths[pick % paths.length]!;
  let parent: any = copy;
  for (const step of path.slice(0, -1)) parent = parent[step];
  if (newKey !== undefined && isObject(parent)) Object.defineProperty(parent, newKey, { value, enumerable: true, configurable: true, writable: true });
  else parent[path.at(-1)!] = value;
  return copy;
}
