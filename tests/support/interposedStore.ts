/**
 * A Store whose DynamoDB requests pass through `before` first: a worker that dies at its k-th request (a crash
 * test throws Killed there), or that lets another actor act between two of its requests (a race test).
 */
import type { LocalHerald } from '../../functions/local/boot';
import { Store } from '../../functions/store/store';

/** A DynamoDB request as the document client sends it: its command name (`TransactWrite`) and its input. */
export interface DynamoRequest {
  name: string;
  input: Record<string, unknown>;
}

export function interposedStore(herald: LocalHerald, before: (request: DynamoRequest, n: number) => void | Promise<void>): Store {
  const doc = herald.rt.aws.doc;
  let n = 0;
  const send = (async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
    await before({ name: command.constructor.name.replace(/Command$/, ''), input: command.input }, n++);
    return (doc.send as (c: unknown) => Promise<unknown>)(command);
  }) as unknown as typeof doc.send;
  const wrapped = Object.assign(Object.create(Object.getPrototypeOf(doc)), doc, { send });
  return new Store({ ...herald.rt, aws: { ...herald.rt.aws, doc: wrapped } });
}

/** Whether a request is a transaction that counts outcomes of a run (the ledger's completion or the sweep's). */
export function countsOutcomes(request: DynamoRequest): boolean {
  if (request.name !== 'TransactWrite') return false;
  const items = (request.input.TransactItems ?? []) as { Update?: { ExpressionAttributeNames?: Record<string, string> } }[];
  return items.some((t) => Object.values(t.Update?.ExpressionAttributeNames ?? {}).some((name) => ['sent', 'failed', 'uncertain'].includes(name)));
}
