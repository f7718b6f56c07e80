/**
 * An in-memory model of DynamoDB's conditional semantics, answering the document client's commands (`doc.send`)
 * for the requests the delivery ledger makes: conditional Put, Delete and Update, Get, BatchGet, Query (on a table
 * or a global index, with key conditions, filters, projections) and TransactWrite (all-or-nothing, cancelled with
 * a reason per item). Anything it does not model (another command, a function or operator it does not know,
 * return values) throws, so it never answers what DynamoDB would not.
 *
 * It stands in for DynamoDB Local where a test makes thousands of such requests (tests/api/ledgerSchedules.test.ts)
 * and is held to DynamoDB Local by `mirroredDoc`: the same requests go to both and their answers must be equal.
 * Each request is applied at once and whole (a microtask after it is sent): requests never overlap, so the model
 * never answers a TransactionConflict.
 */
import { ConditionalCheckFailedException, DynamoDBServiceException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { ENTITY_LIST, tableName } from '../../shared/entities';

type Item = Record<string, unknown>;
type Names = Record<string, string>;
type Values = Record<string, unknown>;

interface KeySchema {
  partition: string;
  sort?: string;
}
interface TableModel {
  key: KeySchema;
  indexes: Map<string, KeySchema & { keysOnly: boolean }>;
  items: Map<string, Item>;
}

/** A DynamoDB ValidationException as the SDK throws it. */
function validation(message: string): Error {
  return new DynamoDBServiceException({ name: 'ValidationException', $fault: 'client', message, $metadata: {} });
}

function unsupported(what: string): Error {
  return new Error(`dynamoModel: ${what} is not modelled`);
}

// ---------------------------------------------------------------------------------------------------------------
// Expressions

type Token = { t: 'name' | 'value' | 'word' | 'op'; v: string };

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:(#[A-Za-z0-9_]+)|(:[A-Za-z0-9_]+)|([A-Za-z_][A-Za-z0-9_]*)|(<>|<=|>=|[=<>(),+-]))/y;
  let at = 0;
  while (at < expression.length) {
    if (/^\s*$/.test(expression.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(expression);
    if (!m) throw validation(`Invalid expression: syntax error near "${expression.slice(at, at + 20)}"`);
    at = re.lastIndex;
    if (m[1]) tokens.push({ t: 'name', v: m[1] });
    else if (m[2]) tokens.push({ t: 'value', v: m[2] });
    else if (m[3]) tokens.push({ t: 'word', v: m[3] });
    else tokens.push({ t: 'op', v: m[4]! });
  }
  return tokens;
}

/** Resolves `#name` and `:value` references of one request, remembering which were used (DynamoDB refuses unused ones). */
class References {
  readonly usedNames = new Set<string>();
  readonly usedValues = new Set<string>();
  constructor(
    readonly names: Names = {},
    readonly values: Values = {},
  ) {}

  name(token: Token): string {
    if (token.t === 'word') {
      if (RESERVED.has(token.v.toUpperCase())) throw validation(`Attribute name is a reserved keyword; reserved keyword: ${token.v}`);
      return token.v;
    }
    if (token.t !== 'name') throw validation(`Invalid expression: expected an attribute, got "${token.v}"`);
    const name = this.names[token.v];
    if (name === undefined) throw validation(`An expression attribute name used in the document path is not defined; attribute name: ${token.v}`);
    this.usedNames.add(token.v);
    return name;
  }

  value(token: Token): unknown {
    const value = this.values[token.v];
    if (value === undefined) throw validation(`An expression attribute value used in expression is not defined; attribute value: ${token.v}`);
    this.usedValues.add(token.v);
    return value;
  }

  /** DynamoDB refuses names and values the request's expressions do not use. */
  checkAllUsed(): void {
    const unusedNames = Object.keys(this.names).filter((n) => !this.usedNames.has(n));
    if (unusedNames.length > 0) throw validation(`Value provided in ExpressionAttributeNames unused in expressions: keys: {${unusedNames.join(', ')}}`);
    const unusedValues = Object.keys(this.values).filter((v) => !this.usedValues.has(v));
    if (unusedValues.length > 0) throw validation(`Value provided in ExpressionAttributeValues unused in expressions: keys: {${unusedValues.join(', ')}}`);
  }
}

/** The words an expression cannot use as a bare attribute name (those the ledger's tables could meet). */
const RESERVED = new Set(['STATUS', 'NAME', 'COUNT', 'DATE', 'KEY', 'VALUE', 'TIMESTAMP', 'USER', 'SIZE', 'TYPE', 'OR', 'AND', 'NOT', 'BETWEEN', 'IN']);

type Operand = { path: string } | { value: unknown };
type Condition =
  | { op: 'and' | 'or'; left: Condition; right: Condition }
  | { op: 'not'; of: Condition }
  | { op: 'cmp'; cmp: string; left: Operand; right: Operand }
  | { op: 'between'; of: Operand; low: Operand; high: Operand }
  | { op: 'fn'; fn: 'attribute_exists' | 'attribute_not_exists'; path: string }
  | { op: 'fn'; fn: 'begins_with'; path: string; prefix: Operand };

class Parser {
  private i = 0;
  constructor(
    private readonly tokens: Token[],
    private readonly refs: References,
  ) {}

  get done() {
    return this.i >= this.tokens.length;
  }
  peek(): Token | undefined {
    return this.tokens[this.i];
  }
  peekAfter(): Token | undefined {
    return this.tokens[this.i + 1];
  }
  next(): Token {
    const token = this.tokens[this.i++];
    if (!token) throw validation('Invalid expression: unexpected end of expression');
    return token;
  }
  expect(v: string): void {
    const token = this.next();
    if (token.v !== v && token.v.toUpperCase() !== v) throw validation(`Invalid expression: expected "${v}", got "${token.v}"`);
  }
  isWord(word: string): boolean {
    const token = this.peek();
    return token?.t === 'word' && token.v.toUpperCase() === word;
  }

  condition(): Condition {
    let left = this.conjunction();
    while (this.isWord('OR')) {
      this.next();
      left = { op: 'or', left, right: this.conjunction() };
    }
    return left;
  }
  private conjunction(): Condition {
    let left = this.negation();
    while (this.isWord('AND')) {
      this.next();
      left = { op: 'and', left, right: this.negation() };
    }
    return left;
  }
  private negation(): Condition {
    if (this.isWord('NOT')) {
      this.next();
      return { op: 'not', of: this.negation() };
    }
    return this.primary();
  }
  private primary(): Condition {
    const token = this.peek();
    if (token?.v === '(') {
      this.next();
      const inner = this.condition();
      this.expect(')');
      return inner;
    }
    if (token?.t === 'word' && this.tokens[this.i + 1]?.v === '(') {
      const fn = this.next().v;
      this.expect('(');
      if (fn === 'attribute_exists' || fn === 'attribute_not_exists') {
        const path = this.path();
        this.expect(')');
        return { op: 'fn', fn, path };
      }
      if (fn === 'begins_with') {
        const path = this.path();
        this.expect(',');
        const prefix = this.operand();
        this.expect(')');
        return { op: 'fn', fn, path, prefix };
      }
      throw unsupported(`the function ${fn}`);
    }
    const left = this.operand();
    if (this.isWord('BETWEEN')) {
      this.next();
      const low = this.operand();
      this.expect('AND');
      return { op: 'between', of: left, low, high: this.operand() };
    }
    const cmp = this.next();
    if (cmp.t !== 'op' || !['=', '<', '<=', '>', '>='].includes(cmp.v)) throw unsupported(`the comparison "${cmp.v}"`);
    return { op: 'cmp', cmp: cmp.v, left, right: this.operand() };
  }
  operand(): Operand {
    const token = this.peek();
    if (token?.t === 'value') return { value: this.refs.value(this.next()) };
    return { path: this.path() };
  }
  path(): string {
    const name = this.refs.name(this.next());
    const after = this.peek();
    if (after && (after.v === '.' || after.v === '[')) throw unsupported('a nested document path');
    return name;
  }
}

function parseCondition(expression: string, refs: References): Condition {
  const parser = new Parser(tokenize(expression), refs);
  const condition = parser.condition();
  if (!parser.done) throw validation(`Invalid expression: unexpected "${parser.peek()!.v}"`);
  return condition;
}

const typeOf = (v: unknown) => (typeof v === 'number' ? 'N' : typeof v === 'string' ? 'S' : typeof v === 'boolean' ? 'BOOL' : v === null ? 'NULL' : 'other');

/** DynamoDB's order of two values of one scalar type (strings by their UTF-8 bytes); undefined when not comparable. */
function order(a: unknown, b: unknown): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  return undefined;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return false;
  if (typeOf(a) === 'other' || typeOf(b) === 'other') return JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
  return a === b;
}

function evaluate(c: Condition, item: Item): boolean {
  const operandValue = (o: Operand) => ('path' in o ? item[o.path] : o.value);
  switch (c.op) {
    case 'and':
      return evaluate(c.left, item) && evaluate(c.right, item);
    case 'or':
      return evaluate(c.left, item) || evaluate(c.right, item);
    case 'not':
      return !evaluate(c.of, item);
    case 'fn':
      if (c.fn === 'attribute_exists') return item[c.path] !== undefined;
      if (c.fn === 'attribute_not_exists') return item[c.path] === undefined;
      if (c.fn === 'begins_with') {
        const [value, prefix] = [item[c.path], operandValue(c.prefix)];
        return typeof value === 'string' && typeof prefix === 'string' && value.startsWith(prefix);
      }
      return false;
    case 'between': {
      const [v, low, high] = [operandValue(c.of), operandValue(c.low), operandValue(c.high)];
      const [fromLow, toHigh] = [order(v, low), order(v, high)];
      return fromLow !== undefined && toHigh !== undefined && fromLow >= 0 && toHigh <= 0;
    }
    case 'cmp': {
      const [l, r] = [operandValue(c.left), operandValue(c.right)];
      if (c.cmp === '=') return equal(l, r);
      const o = order(l, r);
      if (o === undefined) return false;
      return c.cmp === '<' ? o < 0 : c.cmp === '<=' ? o <= 0 : c.cmp === '>' ? o > 0 : o >= 0;
    }
  }
}

type UpdateAction =
  | { kind: 'set'; path: string; value: { operand: Operand; plus?: { sign: '+' | '-'; operand: Operand } } }
  | { kind: 'remove'; path: string }
  | { kind: 'add'; path: string; value: unknown };

function parseUpdate(expression: string, refs: References): UpdateAction[] {
  const parser = new Parser(tokenize(expression), refs);
  const actions: UpdateAction[] = [];
  const seen = new Set<string>();
  while (!parser.done) {
    const clause = parser.next();
    const verb = clause.t === 'word' ? clause.v.toUpperCase() : '';
    if (!['SET', 'REMOVE', 'ADD'].includes(verb)) throw verb === 'DELETE' ? unsupported('DELETE in an update') : validation(`Invalid UpdateExpression: unexpected "${clause.v}"`);
    if (seen.has(verb)) throw validation(`Invalid UpdateExpression: The "${verb}" section can only be used once in an update expression`);
    seen.add(verb);
    do {
      if (actions.length > 0 && parser.peek()?.v === ',') parser.next();
      const path = parser.path();
      if (verb === 'REMOVE') actions.push({ kind: 'remove', path });
      else if (verb === 'ADD') {
        const operand = parser.operand();
        if (!('value' in operand)) throw validation('Invalid UpdateExpression: ADD takes a value');
        actions.push({ kind: 'add', path, value: operand.value });
      } else {
        parser.expect('=');
        if (parser.peek()?.t === 'word' && parser.peekAfter()?.v === '(') throw unsupported(`the function ${parser.peek()!.v} in SET`);
        const operand = parser.operand();
        const sign = parser.peek()?.v;
        const plus = sign === '+' || sign === '-' ? { sign: parser.next().v as '+' | '-', operand: parser.operand() } : undefined;
        actions.push({ kind: 'set', path, value: { operand, ...(plus ? { plus } : {}) } });
      }
    } while (parser.peek()?.v === ',');
  }
  const paths = actions.map((a) => a.path);
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice !== undefined)
    throw validation(`Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these paths; path one: [${twice}], path two: [${twice}]`);
  return actions;
}

/** The item after `actions`, each reading the item as it was before the update. */
function applyUpdate(before: Item, actions: UpdateAction[]): Item {
  const after: Item = { ...before };
  const operandValue = (o: Operand) => ('path' in o ? before[o.path] : o.value);
  for (const action of actions) {
    if (action.kind === 'remove') delete after[action.path];
    else if (action.kind === 'add') {
      const current = before[action.path];
      if (typeof action.value !== 'number') throw unsupported('ADD of a set');
      if (current !== undefined && typeof current !== 'number') throw validation('An operand in the update expression has an incorrect data type');
      after[action.path] = (current ?? 0) + action.value;
    } else {
      const first = operandValue(action.value.operand);
      if (first === undefined) throw validation('The provided expression refers to an attribute that does not exist in the item');
      if (!action.value.plus) {
        after[action.path] = first;
        continue;
      }
      const second = operandValue(action.value.plus.operand);
      if (second === undefined) throw validation('The provided expression refers to an attribute that does not exist in the item');
      if (typeof first !== 'number' || typeof second !== 'number') throw validation('An operand in the update expression has an incorrect data type');
      after[action.path] = action.value.plus.sign === '+' ? first + second : first - second;
    }
  }
  return after;
}

// ---------------------------------------------------------------------------------------------------------------
// The store

/** A deep copy without undefined values, as the document client marshals them (`removeUndefinedValues`). */
function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, sortedKeys((value as Item)[k])]),
    );
  return value;
}

function project(item: Item, projection: string | undefined, refs: References): Item {
  if (!projection) return item;
  const parser = new Parser(tokenize(projection), refs);
  const wanted: string[] = [];
  do {
    if (wanted.length > 0) parser.expect(',');
    wanted.push(parser.path());
  } while (!parser.done);
  return Object.fromEntries(wanted.filter((w) => item[w] !== undefined).map((w) => [w, item[w]]));
}

export class DynamoModel {
  private readonly tables = new Map<string, TableModel>();
  /** requests answered, by command */
  readonly answered = new Map<string, number>();

  /** The registry's tables under `prefix`, empty. */
  constructor(prefix: string) {
    for (const def of ENTITY_LIST) {
      const key = { partition: def.partitionKey.name, ...(def.sortKey ? { sort: def.sortKey.name } : {}) };
      const indexes = new Map(
        (def.indexes ?? []).map((i) => [i.name, { partition: i.partitionKey.name, ...(i.sortKey ? { sort: i.sortKey.name } : {}), keysOnly: i.projection === 'KEYS_ONLY' }]),
      );
      this.tables.set(tableName(prefix, def), { key, indexes, items: new Map() });
    }
  }

  /** Puts items as they are (a table's state copied from DynamoDB Local). */
  load(table: string, items: readonly Item[]): void {
    const t = this.table(table);
    for (const item of items) t.items.set(this.place(t, item), copy(item));
  }

  /** Every item of a table. */
  scan(table: string): Item[] {
    return [...this.table(table).items.values()].map(copy);
  }

  /** The sort key of a table or of one of its indexes. */
  sortKeyOf(table: string, index?: string): string | undefined {
    const t = this.table(table);
    return index ? t.indexes.get(index)?.sort : t.key.sort;
  }

  /** The document client's `send`: answers a lib-dynamodb command a microtask later, as a request answers later. */
  async send(command: { constructor: { name: string }; input: object }): Promise<unknown> {
    await Promise.resolve();
    const name = command.constructor.name.replace(/Command$/, '');
    this.answered.set(name, (this.answered.get(name) ?? 0) + 1);
    const input = copy(command.input) as Record<string, any>;
    if (input.ReturnValues && input.ReturnValues !== 'NONE') throw unsupported('ReturnValues');
    if (input.ReturnValuesOnConditionCheckFailure && input.ReturnValuesOnConditionCheckFailure !== 'NONE') throw unsupported('ReturnValuesOnConditionCheckFailure');
    switch (name) {
      case 'Put':
      case 'Delete':
      case 'Update': {
        const write = this.prepare(name, input);
        if (!write.holds) throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
        write.apply();
        return {};
      }
      case 'Get': {
        const t = this.table(input.TableName);
        this.checkKey(t, input.Key);
        const refs = new References(input.ExpressionAttributeNames);
        const found = t.items.get(this.place(t, input.Key));
        // the projection is read (and its names counted as used) whether or not the item is there, as DynamoDB does
        const projected = project(found ? copy(found) : {}, input.ProjectionExpression, refs);
        const item = found ? projected : undefined;
        refs.checkAllUsed();
        return item ? { Item: item } : {};
      }
      case 'BatchGet': {
        const Responses: Record<string, Item[]> = {};
        for (const [table, read] of Object.entries(input.RequestItems as Record<string, { Keys: Item[]; ProjectionExpression?: string; ExpressionAttributeNames?: Names }>)) {
          const t = this.table(table);
          const refs = new References(read.ExpressionAttributeNames);
          Responses[table] = [];
          for (const key of read.Keys) {
            this.checkKey(t, key);
            const found = t.items.get(this.place(t, key));
            const projected = project(found ? copy(found) : {}, read.ProjectionExpression, refs);
            if (found) Responses[table].push(projected);
          }
          refs.checkAllUsed();
        }
        return { Responses, UnprocessedKeys: {} };
      }
      case 'Query':
        return this.query(input);
      case 'TransactWrite':
        return this.transactWrite(input.TransactItems);
      default:
        throw unsupported(`the command ${name}`);
    }
  }

  private table(name: string): TableModel {
    const t = this.tables.get(name);
    if (!t) throw new DynamoDBServiceException({ name: 'ResourceNotFoundException', $fault: 'client', message: 'Cannot do operations on a non-existent table', $metadata: {} });
    return t;
  }

  private place(t: TableModel, key: Item): string {
    return JSON.stringify([key[t.key.partition], t.key.sort ? key[t.key.sort] : null]);
  }

  private checkKey(t: TableModel, key: Item): void {
    const names = [t.key.partition, ...(t.key.sort ? [t.key.sort] : [])];
    if (Object.keys(key).length !== names.length || names.some((n) => !['S', 'N'].includes(typeOf(key[n])))) {
      throw validation('The provided key element does not match the schema');
    }
  }

  /** A Put, Delete or Update (alone or in a transaction): whether its condition holds on the current item, and its write. */
  private prepare(kind: string, input: Record<string, any>): { table: string; place: string; holds: boolean; apply: () => void } {
    const t = this.table(input.TableName);
    const refs = new References(input.ExpressionAttributeNames, input.ExpressionAttributeValues);
    const key: Item = kind === 'Put' ? Object.fromEntries([t.key.partition, t.key.sort].filter((k): k is string => !!k).map((k) => [k, input.Item?.[k]])) : input.Key;
    this.checkKey(t, key);
    const place = this.place(t, key);
    const current = t.items.get(place);
    const condition = input.ConditionExpression ? parseCondition(input.ConditionExpression, refs) : undefined;
    let next: Item | undefined;
    if (kind === 'Put') {
      for (const [index, schema] of t.indexes) {
        for (const attr of [schema.partition, schema.sort]) {
          const v = attr ? input.Item[attr] : undefined;
          if (v !== undefined && !['S', 'N'].includes(typeOf(v)))
            throw validation(`One or more parameter values were invalid: Type mismatch for Index Key ${attr} (index ${index})`);
        }
      }
      next = input.Item;
    } else if (kind === 'Update') {
      const actions = parseUpdate(input.UpdateExpression ?? '', refs);
      if (actions.some((a) => a.path === t.key.partition || a.path === t.key.sort))
        throw validation('One or more parameter values were invalid: Cannot update attribute; this attribute is part of the key');
      next = { ...applyUpdate(current ?? {}, actions), ...key };
    } else if (kind !== 'Delete' && kind !== 'ConditionCheck') throw unsupported(`the write ${kind}`);
    refs.checkAllUsed();
    const holds = condition ? evaluate(condition, current ?? {}) : true;
    const apply = () => {
      if (kind === 'Delete') t.items.delete(place);
      else if (next) t.items.set(place, next);
    };
    return { table: input.TableName, place, holds, apply };
  }

  private transactWrite(items: Record<string, any>[]): unknown {
    if (!Array.isArray(items) || items.length === 0 || items.length > 100) throw validation('1 validation error detected: Value at transactItems failed to satisfy constraint');
    const writes = items.map((entry) => {
      const kinds = Object.keys(entry);
      if (kinds.length !== 1) throw validation('TransactItems can only contain one of Check, Put, Update or Delete');
      return this.prepare(kinds[0]!, entry[kinds[0]!]);
    });
    const places = writes.map((w) => `${w.table}\u0000${w.place}`);
    if (new Set(places).size !== places.length) throw validation('Transaction request cannot include multiple operations on one item');
    if (writes.some((w) => !w.holds)) {
      const CancellationReasons = writes.map((w) => (w.holds ? { Code: 'None' } : { Code: 'ConditionalCheckFailed', Message: 'The conditional request failed' }));
      throw new TransactionCanceledException({
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${CancellationReasons.map((r) => r.Code).join(', ')}]`,
        $metadata: {},
        CancellationReasons,
      });
    }
    for (const w of writes) w.apply();
    return {};
  }

  private query(input: Record<string, any>): unknown {
    const t = this.table(input.TableName);
    const schema = input.IndexName ? t.indexes.get(input.IndexName) : { ...t.key, keysOnly: false };
    if (!schema) throw validation('The table does not have the specified index');
    if (input.ConsistentRead && input.IndexName) throw validation('Consistent reads are not supported on global secondary indexes');
    const refs = new References(input.ExpressionAttributeNames, input.ExpressionAttributeValues);
    const keyCondition = parseCondition(input.KeyConditionExpression, refs);
    const keyAttrs = new Set([schema.partition, schema.sort]);
    const onKeys = (c: Condition): boolean =>
      c.op === 'and'
        ? onKeys(c.left) && onKeys(c.right)
        : c.op === 'cmp'
          ? 'path' in c.left && keyAttrs.has(c.left.path) && 'value' in c.right
          : c.op === 'between'
            ? 'path' in c.of && c.of.path === schema.sort
            : c.op === 'fn' && c.fn === 'begins_with' && c.path === schema.sort;
    if (!onKeys(keyCondition)) throw validation('Query key condition not supported');
    const filter = input.FilterExpression ? parseCondition(input.FilterExpression, refs) : undefined;
    const forward = input.ScanIndexForward ?? true;
    // an index holds only the items that carry its keys (a sparse index)
    let matched = [...t.items.values()].filter((item) => [schema.partition, schema.sort].every((a) => !a || item[a] !== undefined) && evaluate(keyCondition, item));
    const primary = (item: Item) => this.place(t, item);
    matched.sort((a, b) => (schema.sort ? (order(a[schema.sort], b[schema.sort]) ?? 0) : 0) || (primary(a) < primary(b) ? -1 : primary(a) > primary(b) ? 1 : 0));
    if (!forward) matched.reverse();
    const keyOf = (item: Item) => Object.fromEntries([t.key.partition, t.key.sort, schema.partition, schema.sort].filter((a): a is string => !!a).map((a) => [a, item[a]]));
    if (input.ExclusiveStartKey) {
      const start = JSON.stringify(sortedKeys(input.ExclusiveStartKey));
      const at = matched.findIndex((item) => JSON.stringify(sortedKeys(keyOf(item))) === start);
      matched = at === -1 ? [] : matched.slice(at + 1);
    }
    let lastKey: Item | undefined;
    if (input.Limit !== undefined && matched.length >= input.Limit) {
      matched = matched.slice(0, input.Limit);
      lastKey = matched.length > 0 ? keyOf(matched[matched.length - 1]!) : undefined;
    }
    const scanned = matched.length;
    const kept = filter ? matched.filter((item) => evaluate(filter, item)) : matched;
    const visible = (item: Item) => (schema.keysOnly ? keyOf(item) : item);
    const counting = input.Select === 'COUNT';
    if (counting && input.ProjectionExpression) throw validation('Cannot specify the AttributesToGet or ProjectionExpression when choosing to get only the Count');
    const items = counting ? undefined : kept.map((item) => project(copy(visible(item)), input.ProjectionExpression, refs));
    refs.checkAllUsed();
    return { ...(items ? { Items: items } : {}), Count: kept.length, ScannedCount: scanned, ...(lastKey ? { LastEvaluatedKey: lastKey } : {}) };
  }
}

/** A request's answer or failure, in the terms both sides can be compared in. */
function outcomeOf(command: string, sortKey: string | undefined, settled: { ok: true; value: unknown } | { ok: false; error: unknown }): unknown {
  if (!settled.ok) {
    const e = settled.error as { name?: string; CancellationReasons?: { Code?: string }[] };
    return { error: e.name, ...(e.CancellationReasons ? { reasons: e.CancellationReasons.map((r) => r.Code) } : {}) };
  }
  const { $metadata: _m, ...answer } = (settled.value ?? {}) as Record<string, any>;
  if (command === 'BatchGet') {
    // DynamoDB answers a batch's items in no particular order
    const responses = Object.fromEntries(
      Object.entries((answer.Responses ?? {}) as Record<string, Item[]>).map(([t, items]) => [t, items.map((i) => JSON.stringify(sortedKeys(i))).sort()]),
    );
    return { Responses: responses, UnprocessedKeys: answer.UnprocessedKeys ?? {} };
  }
  if (command === 'Query' && answer.Items) {
    // items of one sort key value come in no order DynamoDB promises: their sort keys in order, and the items as a set
    return {
      ...answer,
      Items: (answer.Items as Item[]).map((i) => JSON.stringify(sortedKeys(i))).sort(),
      sortOrder: sortKey ? (answer.Items as Item[]).map((i) => i[sortKey] ?? null) : [],
    };
  }
  return sortedKeys(answer);
}

/**
 * A document client whose every request goes to DynamoDB Local (`doc`, whose answer the caller gets) and then to
 * the model; each pair of answers that differ is added to `differences`.
 */
export function mirroredDoc<D extends { send: (...args: any[]) => Promise<any> }>(doc: D, model: DynamoModel, differences: string[]): D {
  const send = async (command: { constructor: { name: string }; input: object }) => {
    const name = command.constructor.name.replace(/Command$/, '');
    const asSent = JSON.stringify(command.input);
    const real = await doc.send(command).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const modelled = await model.send(command).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    const input = command.input as { TableName?: string; IndexName?: string };
    const sortKey = name === 'Query' ? model.sortKeyOf(input.TableName!, input.IndexName) : undefined;
    const [a, b] = [JSON.stringify(outcomeOf(name, sortKey, real)), JSON.stringify(outcomeOf(name, sortKey, modelled))];
    if (a !== b) differences.push(`${name} ${asSent.slice(0, 600)}\n  DynamoDB Local: ${a.slice(0, 600)}\n  model:          ${b.slice(0, 600)}`);
    if (!real.ok) throw real.error;
    return real.value;
  };
  return Object.assign(Object.create(Object.getPrototypeOf(doc)), doc, { send }) as D;
}
