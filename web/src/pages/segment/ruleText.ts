/** A rule in one line of the portal's language, for the segment list. */
import type { TFunction } from 'i18next';
import { ATTRIBUTE_PREFIX, type Condition, isGroup, type RuleGroup } from '../../../../shared/segment';

function conditionText(c: Condition, t: TFunction): string {
  const field = c.field.startsWith(ATTRIBUTE_PREFIX) ? c.field.slice(ATTRIBUTE_PREFIX.length) : t(`segment.fieldOption.${c.field}`);
  const op = t(`segment.operatorOption.${c.operator}`);
  const value = c.value === undefined ? '' : Array.isArray(c.value) ? c.value.join(', ') : typeof c.value === 'boolean' ? t(c.value ? 'common.yes' : 'common.no') : String(c.value);
  return [field, op, value].filter(Boolean).join(' ');
}

export function ruleText(group: RuleGroup, t: TFunction, nested = false): string {
  const parts = group.conditions.map((n) => (isGroup(n) ? ruleText(n, t, true) : conditionText(n, t)));
  const text = parts.join(` ${t(`segment.join.${group.op}`)} `);
  return nested && parts.length > 1 ? `(${text})` : text;
}
