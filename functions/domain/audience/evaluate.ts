/** A rule over a snapshot's columns, with the one evaluator. */
import { compileRule, instantIsValue, instantReader, instantTest, isGroup, toEpochMs, type Condition, type Rule, type RuleGroup } from '../../../shared/segment';
import { type Column, inputOf, type RowIds, valueCount } from './columns';

export function ruleFields(group: RuleGroup, into = new Set<string>()): Set<string> {
  for (const node of group.conditions) {
    if (isGroup(node)) ruleFields(node, into);
    else into.add(node.field);
  }
  return into;
}

/** Each value's instant as a date condition reads it (NaN: none), kept with the column. */
export function instantsOf(field: string, column: Column): Float64Array {
  // epoch milliseconds are their own instants (toEpochMs of a finite number is the number)
  if (!column.instants && column.numbers && instantIsValue(field)) column.instants = column.numbers;
  if (!column.instants) {
    const reader = instantReader(field);
    // the value itself where the getter returns it: an account object built per value was most of the time
    const instantOf = instantIsValue(field) ? toEpochMs : (v: unknown) => reader(inputOf(field, v));
    const instants = new Float64Array(column.values.length);
    for (let i = 0; i < instants.length; i++) instants[i] = instantOf(column.values[i]);
    column.instants = instants;
  }
  return column.instants;
}

/** Each distinct value's answer to a condition, kept by the caller for one base (`answers`). */
export type AnswerCache = Map<string, Uint8Array>;
const ANSWERS_KEPT = 256;

function conditionMask(c: Condition, now: number, ids: RowIds, column: Column | undefined, cache?: AnswerCache): Uint8Array {
  const test = compileRule({ op: 'AND', conditions: [c] }, now);
  const rows = ids.length;
  const out = new Uint8Array(rows);
  if (c.field === 'id') {
    for (let r = 0; r < rows; r++) out[r] = test({ id: ids.at(r) }) ? 1 : 0;
    return out;
  }
  if (!column) return out.fill(test({}) ? 1 : 0);
  const key = c.operator === 'withinLastDays' ? undefined : JSON.stringify([c.field, c.operator, c.value]);
  let answers = key ? cache?.get(key) : undefined;
  if (!answers) {
    answers = new Uint8Array(valueCount(column) + 1);
    answers[0] = test({}) ? 1 : 0;
    // a date column has about a value an account: its instants, read once per column, are compared as numbers
    const onInstant = instantTest(c.operator, c.value, now);
    if (onInstant) {
      const instants = instantsOf(c.field, column);
      for (let i = 0; i < instants.length; i++) answers[i + 1] = onInstant(instants[i]!) ? 1 : 0;
    } else {
      for (let i = 0; i < column.values.length; i++) answers[i + 1] = test(inputOf(c.field, column.values[i])) ? 1 : 0;
    }
    if (key && cache) {
      if (cache.size >= ANSWERS_KEPT) cache.clear();
      cache.set(key, answers);
    }
  }
  const index = column.index;
  for (let r = 0; r < rows; r++) out[r] = answers[index[r]];
  return out;
}

function groupMask(group: RuleGroup, now: number, ids: RowIds, columns: ReadonlyMap<string, Column | undefined>, cache?: AnswerCache): Uint8Array {
  let out: Uint8Array | undefined;
  for (const node of group.conditions) {
    const mask = isGroup(node) ? groupMask(node, now, ids, columns, cache) : conditionMask(node, now, ids, columns.get(node.field), cache);
    if (!out) out = mask;
    else if (group.op === 'AND') for (let r = 0; r < out.length; r++) out[r] &= mask[r];
    else for (let r = 0; r < out.length; r++) out[r] |= mask[r];
  }
  return out ?? new Uint8Array(ids.length);
}

export function matchRows(rule: Rule, now: number, ids: RowIds, columns: ReadonlyMap<string, Column | undefined>, cache?: AnswerCache): Uint8Array {
  return groupMask(rule, now, ids, columns, cache);
}
