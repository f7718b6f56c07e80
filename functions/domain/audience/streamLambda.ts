// The account table's stream on AWS (NEW_IMAGE). An organization whose delta cannot be written reports its first
// record as failed, so the stream retries from there (a delta written twice changes nothing).
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { ACCOUNT_PARTITION_KEY, accountOrgOf } from '../../../shared/entities/account';
import { lazyS3Storage } from '../../platform/awsPorts';
import type { StoragePort } from '../../platform/storage';
import { type AccountChange, writeDelta } from './snapshot';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;
type Value = Image[string];

function plain(v: Value): unknown {
  if (v.S !== undefined) return v.S;
  if (v.N !== undefined) return Number(v.N);
  if (v.BOOL !== undefined) return v.BOOL;
  if (v.NULL) return null;
  if (v.L) return v.L.map(plain);
  if (v.M) return Object.fromEntries(Object.entries(v.M).map(([k, x]) => [k, plain(x)]));
  if (v.SS) return v.SS;
  if (v.NS) return v.NS.map(Number);
  return undefined;
}

/** The changes of a batch by organization (read from the `${orgId}#${shard}` key), in stream order. */
export function changesByOrganization(records: readonly DynamoDBRecord[]): Map<number, { changes: AccountChange[]; first: string }> {
  const out = new Map<number, { changes: AccountChange[]; first: string }>();
  for (const record of records) {
    const keys = record.dynamodb?.Keys;
    const orgId = accountOrgOf(keys?.[ACCOUNT_PARTITION_KEY]?.S);
    const id = keys?.id?.S;
    if (orgId === undefined || !id) continue;
    const image = record.eventName === 'REMOVE' ? undefined : record.dynamodb?.NewImage;
    const account = image ? (plain({ M: image }) as AccountChange['account']) : undefined;
    const entry = out.get(orgId) ?? { changes: [], first: record.dynamodb?.SequenceNumber ?? '' };
    entry.changes.push(account ? { id, account } : { id });
    out.set(orgId, entry);
  }
  return out;
}

export async function recordChanges(storage: StoragePort, records: readonly DynamoDBRecord[]): Promise<DynamoDBBatchResponse> {
  const failed: string[] = [];
  await Promise.all(
    [...changesByOrganization(records)].map(async ([orgId, { changes, first }]) => {
      try {
        await writeDelta(storage, orgId, changes);
      } catch {
        failed.push(first);
      }
    }),
  );
  // the stream retries from the lowest sequence number reported
  failed.sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  return { batchItemFailures: failed.slice(0, 1).map((itemIdentifier) => ({ itemIdentifier })) };
}

let storage: StoragePort | undefined;

export function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  storage ??= lazyS3Storage({ region: process.env.AWS_REGION ?? 'us-east-1', bucket: process.env.HERALD_STORAGE_BUCKET ?? '' });
  return recordChanges(storage, event.Records);
}
