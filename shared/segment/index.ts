export {
  ACCOUNT_FIELDS,
  type AccountField,
  ATTRIBUTE_PREFIX,
  CASE_INSENSITIVE_FIELDS,
  type Condition,
  conditionSchema,
  type FieldKind,
  fieldKind,
  GROUP_OPS,
  isGroup,
  type Operator,
  OPERATORS,
  OPERATORS_BY_KIND,
  type Rule,
  type RuleGroup,
  type RuleNode,
  RULE_LIMITS,
  RULE_MESSAGES,
  ruleSchema,
} from './rule';
export { type AccountInput, type AccountPredicate, compileRule, instantIsValue, instantReader, instantTest, POSTAL_PARTS } from './evaluate';
export { compileSegment, type SegmentAudience, STATIC_LIST_MAX, STATIC_LIST_MESSAGES, staticListSchema } from './members';
export { describeRule } from './describe';
export { DAY_MS, toEpochMs } from './dates';
