/** The account stream's records become one delta per organization; a failed write reports its first record. */
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { StoragePort } from '../../platform/storage';
import { changesByOrganization, recordChanges } from './streamLambda';

const record = (seq: string, pk: string, id: string, image?: Record<string, unknown>): DynamoDBRecord =>
  ({
    eventName: image ? 'MODIFY' : 'REMOVE',
    dynamodb: { SequenceNumber: seq, Keys: { pk: { S: pk }, id: { S: id } }, ...(image ? { NewImage: image } : {}) },
  }) as DynamoDBRecord;

const RECORDS = [
  record('100', '1#3', 'a', {
    pk: { S: '1#3' },
    id: { S: 'a' },
    country: { S: 'JP' },
    emailConsent: { BOOL: true },
    dateCreated: { N: '1700000000000' },
    tags: { L: [{ S: 'vip' }] },
    attributes: { M: { score: { N: '5' }, note: { NULL: true } } },
    emails: { L: [{ S: 'a@example.com' }, { S: 'b@example.com' }] },
  }),
  record('101', '2#0', 'b', { pk: { S: '2#0' }, id: { S: 'b' }, country: { S: 'US' } }),
  record('102', '1#7', 'c'),
];

function memoryStorage(fail?: (key: string) => boolean): StoragePort & { puts: Map<string, string> } {
  const puts = new Map<string, string>();
  return {
    puts,
    async put(key, body) {
      if (fail?.(key)) throw new Error('refused');
      puts.set(key, String(body));
    },
  } as StoragePort & { puts: Map<string, string> };
}

describe('account stream', () => {
  it('groups changes by organization, reading each image as the document client does', () => {
    const byOrg = changesByOrganization(RECORDS);
    expect([...byOrg.keys()]).toEqual([1, 2]);
    expect(byOrg.get(1)).toEqual({
      first: '100',
      changes: [
        {
          id: 'a',
          account: {
            pk: '1#3',
            id: 'a',
            country: 'JP',
            emailConsent: true,
            dateCreated: 1_700_000_000_000,
            tags: ['vip'],
            attributes: { score: 5, note: null },
            emails: ['a@example.com', 'b@example.com'],
          },
        },
        { id: 'c' },
      ],
    });
  });

  it("writes one delta per organization, under its own id, projected; a failed one reports its organization's first record", async () => {
    const storage = memoryStorage();
    expect(await recordChanges(storage, RECORDS)).toEqual({ batchItemFailures: [] });
    const keys = [...storage.puts.keys()].sort();
    expect(keys.map((k) => k.split('/').slice(0, 3).join('/'))).toEqual(['audience/1/delta', 'audience/2/delta']);
    const one = JSON.parse(storage.puts.get(keys[0])!);
    expect(one).toEqual([{ id: 'a', account: expect.not.objectContaining({ pk: '1#3' }) }, { id: 'c' }]);
    expect(one[0].account.emails).toEqual(['a@example.com']);
    const failing = memoryStorage((key) => key.startsWith('audience/2/'));
    expect(await recordChanges(failing, RECORDS)).toEqual({ batchItemFailures: [{ itemIdentifier: '101' }] });
  });
});
