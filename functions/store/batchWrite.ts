/** BatchWriteItem over any number of requests: 25 a call, `parallel` calls at once, unprocessed ones retried. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { Item, Key } from './storeTypes';

export type WriteRequest = { PutRequest: { Item: Item } } | { DeleteRequest: { Key: Key } };

export interface BatchWriteOutcome {
  begun: WriteRequest[][];
  failed: Set<WriteRequest[]>;
  error?: unknown;
}

export async function writeInBatches(doc: DynamoDBDocumentClient, table: string, requests: readonly WriteRequest[], parallel = 1): Promise<BatchWriteOutcome> {
  const batches = Array.from({ length: Math.ceil(requests.length / 25) }, (_, i) => requests.slice(i * 25, i * 25 + 25));
  const outcome: BatchWriteOutcome = { begun: [], failed: new Set() };
  let next = 0;
  const worker = async () => {
    while (next < batches.length && outcome.error === undefined) {
      const batch = batches[next++]!;
      outcome.begun.push(batch);
      try {
        let pending: Record<string, WriteRequest[]> | undefined = { [table]: batch };
        for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
          if (attempt === 8) throw new Error(`writeMany: ${table} left items unprocessed`);
          if (attempt > 0) await new Promise((r) => setTimeout(r, 2 ** attempt * 10));
          const out: BatchWriteCommandOutput = await doc.send(new BatchWriteCommand({ RequestItems: pending }));
          pending = out.UnprocessedItems as typeof pending;
        }
      } catch (e) {
        outcome.failed.add(batch);
        outcome.error ??= e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, batches.length) }, worker));
  return outcome;
}
