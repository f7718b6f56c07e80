/**
 * Data access of the data import area: import records (tenant, admin-sized) and their failed rows, kept per
 * import under `<orgId>#<importId>` so one import's report is one partition read in row order.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type DataImport, type DataImportFailure, importKeyOf } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { Item, Store, TenantStore } from '../../store/store';

export type FailedRow = Omit<DataImportFailure, 'importKey'>;

/** Named condition: the import still runs and expects its next page at `fromRow`. */
export function expectsRow(fromRow: number) {
  return {
    ConditionExpression: '#nextRow = :fromRow AND #status = :running',
    ExpressionAttributeNames: { '#nextRow': 'nextRow', '#status': 'status' },
    ExpressionAttributeValues: { ':fromRow': fromRow, ':running': 'RUNNING' },
  };
}

/** Named condition: the import still runs. */
export const stillRunning = {
  ConditionExpression: '#status = :running',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':running': 'RUNNING' },
};

/** Moves an import on (`change` set on it) if `condition` still holds; otherwise 720009. */
export async function updateImport(tenant: TenantStore, record: DataImport, change: Partial<DataImport>, condition: typeof stillRunning): Promise<DataImport> {
  const next = await tenant.store.update('dataImport', { orgId: tenant.orgId, id: record.id }, { ...change, version: record.version + 1 }, condition, '720009');
  return next as DataImport;
}

export function requireImport(tenant: TenantStore, id: string): Promise<DataImport> {
  return tenant.require('dataImport', id);
}

export async function saveFailures(store: Store, orgId: number, importId: string, failures: readonly FailedRow[]): Promise<void> {
  if (failures.length === 0) return;
  const importKey = importKeyOf(orgId, importId);
  await store.putMany(
    'dataImportFailure',
    failures.map((f) => ({ importKey, ...f })),
  );
}

/** Failed rows of an import after row `afterRow`, in row order; `nextRow` continues the report. */
export async function failuresAfter(store: Store, orgId: number, importId: string, afterRow: number, size: number): Promise<{ list: FailedRow[]; nextRow?: number }> {
  const out = await store.rt.aws.doc.send(
    new QueryCommand({
      TableName: store.table('dataImportFailure'),
      KeyConditionExpression: '#k = :k AND #row > :after',
      ExpressionAttributeNames: { '#k': 'importKey', '#row': 'row' },
      ExpressionAttributeValues: { ':k': importKeyOf(orgId, importId), ':after': afterRow },
      Limit: size,
    }),
  );
  const list = (out.Items ?? []).map(({ importKey: _k, ...f }: Item) => f as FailedRow);
  return { list, nextRow: out.LastEvaluatedKey ? list.at(-1)?.row : undefined };
}

export function refuse(message: string): never {
  throw new AppError('720009', message);
}
