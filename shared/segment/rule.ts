/** One schema for the segment screen, live counts, sends and triggers. */
import * as z from 'zod';
import { ACCOUNT_LIMITS, ATTRIBUTE_NAME } from '../entities/account';
import { toEpochMs } from './dates';
import { say, withParams } from '../i18n/say';

export const RULE_LIMITS = { depth: 4, conditions: 50, values: 1000, text: 256, days: 3650 } as const;

export const GROUP_OPS = ['AND', 'OR'] as const;
export const OPERATORS = [
  'equals',
  'notEquals',
  'in',
  'notIn',
  'contains',
  'notContains',
  'startsWith',
  'gt',
  'gte',
  'lt',
  'lte',
  'isSet',
  'isNotSet',
  'before',
  'after',
  'withinLastDays',
  'hasTag',
  'notHasTag',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type FieldKind = 'text' | 'boolean' | 'date' | 'tags' | 'attribute';

export const ACCOUNT_FIELDS = {
  id: 'text',
  email: 'text',
  phone: 'text',
  lineUserId: 'text',
  firstName: 'text',
  lastName: 'text',
  locale: 'text',
  timeZone: 'text',
  country: 'text',
  addressRegion: 'text',
  addressCity: 'text',
  addressPostcode: 'text',
  emailConsent: 'boolean',
  smsConsent: 'boolean',
  pushConsent: 'boolean',
  lineConsent: 'boolean',
  dateCreated: 'date',
  dateUpdated: 'date',
  tags: 'tags',
} as const satisfies Record<string, FieldKind>;
export type AccountField = keyof typeof ACCOUNT_FIELDS;

export const CASE_INSENSITIVE_FIELDS: ReadonlySet<string> = new Set(['email', 'locale', 'timeZone', 'country', 'addressPostcode']);

export const ATTRIBUTE_PREFIX = 'attributes.';

/** Attributes are untyped, so every operator but the tag ones applies. */
export const OPERATORS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  text: ['equals', 'notEquals', 'in', 'notIn', 'contains', 'notContains', 'startsWith', 'isSet', 'isNotSet'],
  boolean: ['equals', 'notEquals', 'isSet', 'isNotSet'],
  date: ['before', 'after', 'withinLastDays', 'isSet', 'isNotSet'],
  tags: ['hasTag', 'notHasTag', 'isSet', 'isNotSet'],
  attribute: OPERATORS.filter((o) => o !== 'hasTag' && o !== 'notHasTag'),
};

export const RULE_MESSAGES = {
  // spec 001 section 5
  empty: say('form.ruleEmpty'),
  fieldRequired: say('form.ruleField'),
  operatorRequired: say('form.ruleOperator'),
  valuesRequired: say('form.ruleValues'),
  groupOp: say('form.ruleGroupOp'),
  depth: say('form.ruleDepth', { max: RULE_LIMITS.depth }),
  tooMany: say('form.ruleTooMany', { max: RULE_LIMITS.conditions }),
  fieldUnknown: say('form.ruleFieldUnknown'),
  operatorNotForField: say('form.ruleOperatorNotForField'),
  valueType: say('form.ruleValueType'),
  noValue: say('form.ruleNoValue'),
  text: say('form.ruleText', { max: RULE_LIMITS.text }),
  boolean: say('form.ruleBoolean'),
  scalar: say('form.ruleScalar'),
  textList: say('form.ruleTextList', { max: RULE_LIMITS.values }),
  list: say('form.ruleList', { max: RULE_LIMITS.values }),
  number: say('import.number'),
  date: say('form.ruleDate'),
  days: say('form.ruleDays', { max: RULE_LIMITS.days }),
  tag: say('form.ruleTag', { max: ACCOUNT_LIMITS.tagLength }),
} as const;

function fill(message: string, params: Record<string, string>): string {
  return withParams(message, params);
}

export function fieldKind(field: string): FieldKind | undefined {
  if (field.startsWith(ATTRIBUTE_PREFIX)) {
    return ATTRIBUTE_NAME.test(field.slice(ATTRIBUTE_PREFIX.length)) ? 'attribute' : undefined;
  }
  return Object.hasOwn(ACCOUNT_FIELDS, field) ? ACCOUNT_FIELDS[field as AccountField] : undefined;
}

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const conditionValue = z.union([scalar, z.array(z.union([z.string(), z.number()]))], {
  error: RULE_MESSAGES.valueType,
});

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= max;
}

function valueProblem(kind: FieldKind, operator: Operator, value: unknown): string | undefined {
  switch (operator) {
    case 'isSet':
    case 'isNotSet':
      return value === undefined ? undefined : fill(RULE_MESSAGES.noValue, { operator });
    case 'equals':
    case 'notEquals':
      if (kind === 'boolean') return typeof value === 'boolean' ? undefined : RULE_MESSAGES.boolean;
      if (typeof value === 'string' || kind === 'text') {
        return isText(value, RULE_LIMITS.text) ? undefined : RULE_MESSAGES.text;
      }
      return typeof value === 'number' || typeof value === 'boolean' ? undefined : RULE_MESSAGES.scalar;
    case 'in':
    case 'notIn': {
      if (!Array.isArray(value) || value.length === 0) return RULE_MESSAGES.valuesRequired;
      const ok = (v: unknown) => isText(v, RULE_LIMITS.text) || (kind === 'attribute' && typeof v === 'number');
      if (value.length <= RULE_LIMITS.values && value.every(ok)) return undefined;
      return kind === 'text' ? RULE_MESSAGES.textList : RULE_MESSAGES.list;
    }
    case 'contains':
    case 'notContains':
    case 'startsWith':
      return isText(value, RULE_LIMITS.text) ? undefined : RULE_MESSAGES.text;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return typeof value === 'number' ? undefined : RULE_MESSAGES.number;
    case 'before':
    case 'after':
      return Number.isNaN(toEpochMs(value)) ? RULE_MESSAGES.date : undefined;
    case 'withinLastDays':
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= RULE_LIMITS.days ? undefined : RULE_MESSAGES.days;
    case 'hasTag':
    case 'notHasTag':
      return isText(value, ACCOUNT_LIMITS.tagLength) ? undefined : RULE_MESSAGES.tag;
  }
}

export const conditionSchema = z
  .object({
    field: z.string({ error: RULE_MESSAGES.fieldRequired }).trim().min(1, RULE_MESSAGES.fieldRequired),
    operator: z.enum(OPERATORS, { error: RULE_MESSAGES.operatorRequired }),
    value: conditionValue.optional(),
  })
  .superRefine((c, ctx) => {
    if (!c.field) return; // already answered 'The field is required.'
    const kind = fieldKind(c.field);
    const params = { field: c.field, operator: c.operator };
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message: fill(message, params) });
    if (!kind) return fail('field', RULE_MESSAGES.fieldUnknown);
    if (!OPERATORS_BY_KIND[kind].includes(c.operator)) return fail('operator', RULE_MESSAGES.operatorNotForField);
    const problem = valueProblem(kind, c.operator, c.value);
    if (problem) fail('value', problem);
  });
export type Condition = z.infer<typeof conditionSchema>;

export interface RuleGroup {
  op: (typeof GROUP_OPS)[number];
  conditions: RuleNode[];
}
export type RuleNode = Condition | RuleGroup;

export function isGroup(node: RuleNode): node is RuleGroup {
  return 'conditions' in node;
}

function isGroupShape(value: unknown): value is { conditions: unknown } {
  return typeof value === 'object' && value !== null && 'conditions' in value;
}

/** counting no further than `limit + 1`, so a hostile tree costs nothing */
function rawDepth(value: unknown, limit: number): number {
  if (!isGroupShape(value) || !Array.isArray(value.conditions)) return 0;
  if (limit < 0) return 1;
  let deepest = 0;
  for (const child of value.conditions) deepest = Math.max(deepest, rawDepth(child, limit - 1));
  return 1 + deepest;
}

/** Told apart by shape so each answers its own messages instead of a union's "Invalid input". */
const nodeSchema: z.ZodType<RuleNode> = z.lazy(() =>
  z.unknown().transform((value, ctx): RuleNode => {
    const group = isGroupShape(value);
    if (group && rawDepth(value, RULE_LIMITS.depth) > RULE_LIMITS.depth) {
      ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.depth });
      return z.NEVER;
    }
    const result = group ? groupSchema.safeParse(value) : conditionSchema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  }),
);

const groupSchema: z.ZodType<RuleGroup> = z.object(
  {
    op: z.enum(GROUP_OPS, { error: RULE_MESSAGES.groupOp }),
    conditions: z.array(nodeSchema, { error: RULE_MESSAGES.empty }).min(1, RULE_MESSAGES.empty).max(RULE_LIMITS.conditions, RULE_MESSAGES.tooMany),
  },
  { error: RULE_MESSAGES.empty },
);

function depthOf(group: RuleGroup): number {
  return 1 + Math.max(0, ...group.conditions.map((n) => (isGroup(n) ? depthOf(n) : 0)));
}

function countConditions(group: RuleGroup): number {
  return group.conditions.reduce((n, c) => n + (isGroup(c) ? countConditions(c) : 1), 0);
}

export const ruleSchema = groupSchema.superRefine((rule, ctx) => {
  if (depthOf(rule) > RULE_LIMITS.depth) ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.depth });
  if (countConditions(rule) > RULE_LIMITS.conditions) ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.tooMany });
});
export type Rule = RuleGroup;
