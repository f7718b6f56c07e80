/** Named condition pieces, and how a failed one is told apart. */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { ErrorCode } from '../../shared/errors';
import type { Item, TransactItem } from './storeTypes';

/** A condition piece (see CONDITIONS): it names attributes, never the key. */
export type Condition = { ConditionExpression: string; ExpressionAttributeNames?: Record<string, string>; ExpressionAttributeValues?: Item };

export const CONDITIONS = {
  isNew: (key: string) => ({ ConditionExpression: 'attribute_not_exists(#k)', ExpressionAttributeNames: { '#k': key } }),
  exists: (key: string) => ({ ConditionExpression: 'attribute_exists(#k)', ExpressionAttributeNames: { '#k': key } }),
  versionIs: (version: number) => ({
    ConditionExpression: '#v = :v',
    ExpressionAttributeNames: { '#v': 'version' },
    ExpressionAttributeValues: { ':v': version },
  }),
};

export function isConditionFailure(e: unknown): boolean {
  return e instanceof ConditionalCheckFailedException || e instanceof TransactionCanceledException;
}

/** A transaction item as DynamoDB takes it: without the error code Herald answers when its condition fails. */
export const requestItem = ({ failCode: _f, ...item }: TransactItem & { failCode?: ErrorCode }): TransactItem => item;
