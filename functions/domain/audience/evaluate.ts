/**
 * A rule over a snapshot's columns, with the one evaluator: each condition is compiled by `compileRule` alone and
 * asked once per distinct value of its field (inputOf, see columns.ts), and every account takes its value's
 * answer. AND and OR combine the answers as the compiled rule does. Predicates are pure, so the result is the
 * evaluator's, account by account (tests/api/audienceSnapshot.test.ts holds the two equal).
 */
import { compileRule, isGroup, type Condition, type Rule, type RuleGroup } from '../../../shared/segment';
import { type Column, inputOf } from './columns';

/** The rule fields a rule tests. */
export function ruleFields(group: RuleGroup, into = new Set<string>()): Set<string> {
  for (const node of group.conditions) {
    if (isGroup(node)) ruleFields(node, into);
    else into.add(node.field);
  }
  return into;
}

/**
 * Each distinct value's answer to a condition, kept by the caller for one base (`answers`): an edit changes one
 * condition, so the others are not asked again. A condition that counts back from now is asked each time.
 */
export type AnswerCache = Map<string, Uint8Array>;
const ANSWERS_KEPT = 256;

function conditionMask(c: Condition, now: number, ids: readonly string[], column: Column | undefined, cache?: AnswerCache): Uint8Array {
  const test = compileRule({ op: 'AND', conditions: [c] }, now);
  const rows = ids.length;
  const out = new Uint8Array(rows);
  if (c.field === 'id') {
    for (let r = 0; r < rows; r++) out[r] = test({ id: ids[r] }) ? 1 : 0;
    return out;
  }
  if (!column) return out.fill(test({}) ? 1 : 0);
  const key = c.operator === 'withinLastDays' ? undefined : JSON.stringify([c.field, c.operator, c.value]);
  let answers = key ? cache?.get(key) : undefined;
  if (!answers) {
    answers = new Uint8Array(column.values.length + 1);
    answers[0] = test({}) ? 1 : 0;
    for (let i = 0; i < column.values.length; i++) answers[i + 1] = test(inputOf(c.field, column.values[i])) ? 1 : 0;
    if (key && cache) {
      if (cache.size >= ANSWERS_KEPT) cache.clear();
      cache.set(key, answers);
    }
  }
  const index = column.index;
  for (let r = 0; r < rows; r++) out[r] = answers[index[r]];
  return out;
}

function groupMask(group: RuleGroup, now: number, ids: readonly string[], columns: ReadonlyMap<string, Column | undefined>, cache?: AnswerCache): Uint8Array {
  let out: Uint8Array | undefined;
  for (const node of group.conditions) {
    const mask = isGroup(node) ? groupMask(node, now, ids, columns, cache) : conditionMask(node, now, ids, columns.get(node.field), cache);
    if (!out) out = mask;
    else if (group.op === 'AND') for (let r = 0; r < out.length; r++) out[r] &= mask[r];
    else for (let r = 0; r < out.length; r++) out[r] |= mask[r];
  }
  return out ?? new Uint8Array(ids.length);
}

/** 1 for each row the rule matches (the rule is valid: the count's payload schema checked it). */
export function matchRows(rule: Rule, now: number, ids: readonly string[], columns: ReadonlyMap<string, Column | undefined>, cache?: AnswerCache): Uint8Array {
  return groupMask(rule, now, ids, columns, cache);
}
