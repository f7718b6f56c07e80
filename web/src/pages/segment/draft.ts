/**
 * The rule editor's working copy: every value as typed, so a half-made condition can be shown, and the rule it
 * makes, checked with the one rule schema (shared/segment) so the editor says what the server would.
 */
import type { Lang } from '../../../../shared/errors';
import { safeParseIn } from '../../components/schemaErrors';
import {
  ACCOUNT_FIELDS,
  type AccountField,
  ATTRIBUTE_PREFIX,
  fieldKind,
  type FieldKind,
  isGroup,
  type Operator,
  OPERATORS_BY_KIND,
  type Rule,
  type RuleGroup,
  type RuleNode,
  ruleSchema,
} from '../../../../shared/segment';

export type FieldChoice = AccountField | 'attribute';
export const FIELD_CHOICES: readonly FieldChoice[] = [...(Object.keys(ACCOUNT_FIELDS) as AccountField[]), 'attribute'];

export interface DraftCondition {
  key: string;
  field: FieldChoice;
  attribute: string;
  operator: Operator;
  value: string;
  /** the segment tag the field was chosen by, while editing (the rule keeps the column only) */
  tagId?: string;
}
export interface DraftGroup {
  key: string;
  op: RuleGroup['op'];
  conditions: DraftNode[];
}
export type DraftNode = DraftCondition | DraftGroup;

export const isDraftGroup = (n: DraftNode): n is DraftGroup => 'conditions' in n;

let counter = 0;
const nextKey = () => `n${++counter}`;

/** The kind of a choice; an attribute before it has a name is still an attribute. */
export const kindOf = (field: FieldChoice): FieldKind => (field === 'attribute' ? 'attribute' : fieldKind(field)!);
export const operatorsOf = (field: FieldChoice): readonly Operator[] => OPERATORS_BY_KIND[kindOf(field)];
export const takesValue = (op: Operator) => op !== 'isSet' && op !== 'isNotSet';

export function newCondition(field: FieldChoice = 'country'): DraftCondition {
  return { key: nextKey(), field, attribute: '', operator: operatorsOf(field)[0], value: '' };
}
export function newGroup(op: RuleGroup['op'] = 'AND'): DraftGroup {
  return { key: nextKey(), op, conditions: [newCondition()] };
}

/** A typed number in its usual spelling is a number; anything else (a zip code such as 01234) stays text. */
function scalarOf(text: string): string | number | boolean {
  const t = text.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  return t !== '' && String(Number(t)) === t ? Number(t) : t;
}

function conditionValue(c: DraftCondition): unknown {
  const kind = kindOf(c.field);
  const text = c.value.trim();
  switch (c.operator) {
    case 'isSet':
    case 'isNotSet':
      return undefined;
    case 'in':
    case 'notIn': {
      const items = text
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      return kind === 'attribute'
        ? items.map((v) => {
            const s = scalarOf(v);
            return typeof s === 'boolean' ? v : s;
          })
        : items;
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
    case 'withinLastDays':
      return text === '' ? undefined : Number(text);
    case 'equals':
    case 'notEquals':
      if (kind === 'boolean') return text === '' ? undefined : text === 'true';
      return kind === 'attribute' ? scalarOf(text) : text;
    default:
      return text;
  }
}

export function toRule(group: DraftGroup): unknown {
  return {
    op: group.op,
    conditions: group.conditions.map((n) =>
      isDraftGroup(n) ? toRule(n) : { field: n.field === 'attribute' ? `${ATTRIBUTE_PREFIX}${n.attribute.trim()}` : n.field, operator: n.operator, value: conditionValue(n) },
    ),
  };
}

function textOf(operator: Operator, value: unknown): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if ((operator === 'before' || operator === 'after') && typeof value === 'number') return new Date(value).toISOString().slice(0, 10);
  return String(value);
}

export function fromRule(rule: Rule): DraftGroup {
  const node = (n: RuleNode): DraftNode => {
    if (isGroup(n)) return { key: nextKey(), op: n.op, conditions: n.conditions.map(node) };
    const attribute = n.field.startsWith(ATTRIBUTE_PREFIX);
    return {
      key: nextKey(),
      field: attribute ? 'attribute' : (n.field as AccountField),
      attribute: attribute ? n.field.slice(ATTRIBUTE_PREFIX.length) : '',
      operator: n.operator,
      value: textOf(n.operator, n.value),
    };
  };
  return node(rule) as DraftGroup;
}

/** The rule, or the first problem of each condition (by its key) and of the whole rule. */
export function checkDraft(group: DraftGroup, lang?: Lang): { rule: Rule } | { problems: Map<string, string> } {
  const parsed = safeParseIn(ruleSchema, toRule(group), lang);
  if (parsed.success) return { rule: parsed.data };
  const problems = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    let node: DraftNode = group;
    for (let i = 0; i + 1 < issue.path.length && isDraftGroup(node) && issue.path[i] === 'conditions'; i += 2) {
      const child: DraftNode | undefined = node.conditions[issue.path[i + 1] as number];
      if (!child) break;
      node = child;
    }
    if (!problems.has(node.key)) problems.set(node.key, issue.message);
  }
  return { problems };
}

export function depthOf(group: DraftGroup): number {
  return 1 + Math.max(0, ...group.conditions.map((n) => (isDraftGroup(n) ? depthOf(n) : 0)));
}
