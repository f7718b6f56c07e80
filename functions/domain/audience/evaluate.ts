/** A rule over a snapshot's columns, with the one evaluator. */
import { compileRule, instantOf, isGroup, lastDaysRange, type Condition, type Rule, type RuleGroup } from '../../../shared/segment';
import { type Column, inputOf } from './columns';

export function ruleFields(group: RuleGroup, into = new Set<string>()): Set<string> {
  for (const node of group.conditions) {
    if (isGroup(node)) ruleFields(node, into);
    else into.add(node.field);
  }
  return into;
}

/** Each distinct value's answer to a condition, kept by the caller for one base (`answers`). */
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
  if (!answers && c.operator === 'withinLastDays') {
    // its answers move with the clock, so they are not kept; a date column has about a value a row, and comparing
    // instants read once per column is what keeps such a count within the second
    const instants = (column.instants ??= Float64Array.from(column.values, (v) => instantOf(c.field, inputOf(c.field, v))));
    const { from, to } = lastDaysRange(c.value, now);
    answers = new Uint8Array(instants.length + 1);
    answers[0] = test({}) ? 1 : 0;
    for (let i = 0; i < instants.length; i++) answers[i + 1] = instants[i]! >= from && instants[i]! <= to ? 1 : 0;
  }
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

export function matchRows(rule: Rule, now: number, ids: readonly string[], columns: ReadonlyMap<string, Column | undefined>, cache?: AnswerCache): Uint8Array {
  return groupMask(rule, now, ids, columns, cache);
}
