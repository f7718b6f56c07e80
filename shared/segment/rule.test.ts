import { describe, expect, it } from 'vitest';
import { type Condition, OPERATORS, OPERATORS_BY_KIND, RULE_LIMITS, RULE_MESSAGES, type Rule, ruleSchema } from './rule';

/** The messages a raw rule answers, as `path: message`. */
function problems(raw: unknown): string[] {
  const result = ruleSchema.safeParse(raw);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const one = (c: unknown) => ({ op: 'AND', conditions: [c] });
const valueProblems = (field: string, operator: string, value?: unknown) => problems(one({ field, operator, value }));

function nested(depth: number): unknown {
  let node: unknown = { field: 'country', operator: 'isSet' };
  for (let i = 0; i < depth; i++) node = { op: i % 2 ? 'OR' : 'AND', conditions: [node] };
  return node;
}

describe('rule structure', () => {
  it('accepts a nested rule and keeps its shape', () => {
    const rule: Rule = {
      op: 'AND',
      conditions: [
        { field: 'country', operator: 'equals', value: 'JP' },
        { op: 'OR', conditions: [{ field: 'tags', operator: 'hasTag', value: 'vip' }] },
      ],
    };
    expect(ruleSchema.parse(rule)).toEqual(rule);
  });

  it('answers the spec texts for a missing rule, an empty group, a missing field or operator', () => {
    expect(problems(undefined)).toEqual([`: ${RULE_MESSAGES.empty}`]);
    expect(problems({ op: 'AND', conditions: [] })).toEqual([`conditions: ${RULE_MESSAGES.empty}`]);
    expect(problems({ op: 'AND' })).toEqual([`conditions: ${RULE_MESSAGES.empty}`]);
    expect(problems(one({ operator: 'equals', value: 'x' }))).toEqual([`conditions.0.field: ${RULE_MESSAGES.fieldRequired}`]);
    expect(problems(one({ field: ' ', operator: 'isSet' }))).toEqual([`conditions.0.field: ${RULE_MESSAGES.fieldRequired}`]);
    expect(problems(one({ field: 'country' }))).toEqual([`conditions.0.operator: ${RULE_MESSAGES.operatorRequired}`]);
    expect(problems(one({ field: 'country', operator: 'like' }))).toEqual([`conditions.0.operator: ${RULE_MESSAGES.operatorRequired}`]);
    expect(problems(one({ op: 'AND', conditions: [] }))).toEqual([`conditions.0.conditions: ${RULE_MESSAGES.empty}`]);
  });

  it('names the group operator, with the path of the nested group', () => {
    expect(problems({ op: 'XOR', conditions: [{ field: 'country', operator: 'isSet' }] })).toEqual([`op: ${RULE_MESSAGES.groupOp}`]);
    const rule = {
      op: 'AND',
      conditions: [
        { field: 'country', operator: 'isSet' },
        { op: 'and', conditions: [{ field: 'country', operator: 'isSet' }] },
      ],
    };
    expect(problems(rule)).toEqual([`conditions.1.op: ${RULE_MESSAGES.groupOp}`]);
  });

  it('rejects unknown fields and malformed attribute names', () => {
    for (const field of ['nope', 'attributes.', 'attributes.__proto__', 'attributes.a b', 'constructor', 'toString']) {
      expect(valueProblems(field, 'isSet')).toEqual([`conditions.0.field: Unknown field '${field}': use an account field, tags or attributes.<name>.`]);
    }
    expect(valueProblems('attributes.plan_2', 'isSet')).toEqual([]);
  });

  it('allows each kind of field only its operators', () => {
    expect(valueProblems('country', 'gt', 1)).toEqual([`conditions.0.operator: The operator 'gt' does not apply to the field 'country'.`]);
    expect(valueProblems('tags', 'equals', 'vip')).toEqual([`conditions.0.operator: The operator 'equals' does not apply to the field 'tags'.`]);
    expect(valueProblems('dateCreated', 'equals', 1)).toHaveLength(1);
    expect(valueProblems('emailConsent', 'contains', 'x')).toHaveLength(1);
    expect(valueProblems('attributes.x', 'hasTag', 'vip')).toHaveLength(1);
    expect(OPERATORS_BY_KIND.attribute).toHaveLength(OPERATORS.length - 2);
  });

  it('nests groups at most four levels deep', () => {
    expect(problems(nested(RULE_LIMITS.depth))).toEqual([]);
    expect(problems(nested(RULE_LIMITS.depth + 1))).toEqual([`: ${RULE_MESSAGES.depth}`]);
    expect(problems(nested(RULE_LIMITS.depth + 2))).toEqual([`conditions.0: ${RULE_MESSAGES.depth}`]);
  });

  it('stops a hostile depth without walking it', () => {
    const started = performance.now();
    expect(problems(nested(50_000))).toEqual([`conditions.0: ${RULE_MESSAGES.depth}`]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('counts conditions across groups, at most fifty', () => {
    const group = (n: number) => ({ op: 'OR', conditions: Array.from({ length: n }, () => ({ field: 'country', operator: 'isSet' })) });
    expect(problems({ op: 'AND', conditions: [group(25), group(25)] })).toEqual([]);
    expect(problems({ op: 'AND', conditions: [group(25), group(26)] })).toEqual([`: ${RULE_MESSAGES.tooMany}`]);
    expect(problems(group(51))).toEqual([`conditions: ${RULE_MESSAGES.tooMany}`]);
  });
});

describe('values per operator', () => {
  const bad = (message: string) => [`conditions.0.value: ${message}`];
  const cases: [field: string, operator: Condition['operator'], good: unknown[], wrong: [unknown, string][]][] = [
    [
      'country',
      'equals',
      ['JP'],
      [
        [1, RULE_MESSAGES.text],
        ['', RULE_MESSAGES.text],
        [undefined, RULE_MESSAGES.text],
      ],
    ],
    [
      'emailConsent',
      'notEquals',
      [true, false],
      [
        ['true', RULE_MESSAGES.boolean],
        [1, RULE_MESSAGES.boolean],
      ],
    ],
    [
      'attributes.plan',
      'equals',
      ['gold', 3, false],
      [
        [undefined, RULE_MESSAGES.scalar],
        [' ', RULE_MESSAGES.text],
        [['a'], RULE_MESSAGES.scalar],
      ],
    ],
    [
      'country',
      'in',
      [['JP', 'US']],
      [
        [[], RULE_MESSAGES.valuesRequired],
        ['JP', RULE_MESSAGES.valuesRequired],
        [['JP', 1], RULE_MESSAGES.textList],
      ],
    ],
    [
      'attributes.plan',
      'notIn',
      [['gold', 2]],
      [
        [undefined, RULE_MESSAGES.valuesRequired],
        [['a', ''], RULE_MESSAGES.list],
      ],
    ],
    [
      'firstName',
      'contains',
      ['an'],
      [
        [1, RULE_MESSAGES.text],
        ['x'.repeat(RULE_LIMITS.text + 1), RULE_MESSAGES.text],
      ],
    ],
    ['lastName', 'notContains', ['son'], [[' ', RULE_MESSAGES.text]]],
    [
      'addressPostcode',
      'startsWith',
      ['150-', '〒150'],
      [
        ['', RULE_MESSAGES.text],
        [150, RULE_MESSAGES.text],
      ],
    ],
    [
      'attributes.score',
      'gt',
      [0, -1.5],
      [
        ['5', RULE_MESSAGES.number],
        [undefined, RULE_MESSAGES.number],
      ],
    ],
    ['attributes.score', 'gte', [0], [[[1], RULE_MESSAGES.number]]],
    ['attributes.score', 'lt', [10], [[true, RULE_MESSAGES.number]]],
    ['attributes.score', 'lte', [10], [[null, RULE_MESSAGES.valueType]]],
    ['country', 'isSet', [undefined], [['JP', "The operator 'isSet' takes no value."]]],
    ['tags', 'isNotSet', [undefined], [[false, "The operator 'isNotSet' takes no value."]]],
    [
      'dateCreated',
      'before',
      ['2026-01-31', '2026-01-31T09:00:00Z', '2026-01-31T09:00:00.5+09:00', 1_700_000_000_000],
      [
        ['2026-02-30', RULE_MESSAGES.date],
        ['yesterday', RULE_MESSAGES.date],
        [true, RULE_MESSAGES.date],
        [undefined, RULE_MESSAGES.date],
      ],
    ],
    ['attributes.renewal', 'after', ['2026-01-31 10:00'], [['31/01/2026', RULE_MESSAGES.date]]],
    [
      'dateCreated',
      'withinLastDays',
      [1, 30, RULE_LIMITS.days],
      [
        [0, RULE_MESSAGES.days],
        [1.5, RULE_MESSAGES.days],
        [RULE_LIMITS.days + 1, RULE_MESSAGES.days],
        ['7', RULE_MESSAGES.days],
      ],
    ],
    [
      'tags',
      'hasTag',
      ['vip'],
      [
        ['', RULE_MESSAGES.tag],
        [['vip'], RULE_MESSAGES.tag],
        ['x'.repeat(65), RULE_MESSAGES.tag],
      ],
    ],
    ['tags', 'notHasTag', ['vip'], [[undefined, RULE_MESSAGES.tag]]],
  ];

  for (const [field, operator, good, wrong] of cases) {
    it(`${field} ${operator}`, () => {
      for (const value of good) expect(valueProblems(field, operator, value)).toEqual([]);
      for (const [value, message] of wrong) expect(valueProblems(field, operator, value)).toEqual(bad(message));
    });
  }

  it('covers every operator', () => {
    expect(new Set(cases.map((c) => c[1]))).toEqual(new Set(OPERATORS));
  });

  it('refuses values of no rule type, and lists over 1000 values', () => {
    expect(valueProblems('country', 'equals', { a: 1 })).toEqual(bad(RULE_MESSAGES.valueType));
    expect(
      valueProblems(
        'country',
        'in',
        Array.from({ length: RULE_LIMITS.values }, (_, i) => `c${i}`),
      ),
    ).toEqual([]);
    expect(
      valueProblems(
        'country',
        'in',
        Array.from({ length: RULE_LIMITS.values + 1 }, (_, i) => `c${i}`),
      ),
    ).toEqual(bad(RULE_MESSAGES.textList));
  });
});
