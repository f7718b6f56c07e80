/**
 * Data access of the data import area: import records (tenant, admin-sized) and their failed rows, kept per import
 * under `<orgId>#<importId>` so one import's report is one partition read in row order.
 */
import type { DataImport, DataImportFailure } from '../../../shared/entities';
import { AppError } from '../../../shared/errors';
import type { Item, TenantStore } from '../../store/store';

export type FailedRow = Omit<DataImportFailure, 'importKey'>;

export function expectsRow(fromRow: number) {
  return {
    ConditionExpression: '#nextRow = :fromRow AND #status = :running',
    ExpressionAttributeNames: { '#nextRow': 'nextRow', '#status': 'status' },
    ExpressionAttributeValues: { ':fromRow': fromRow, ':running': 'RUNNING' },
  };
}

export const stillRunning = {
  ConditionExpression: '#status = :running',
  ExpressionAttributeNames: { '#status': 'status' },
  ExpressionAttributeValues: { ':running': 'RUNNING' },
};

/** Moves an import on (`change` set on it) if `condition` still holds; otherwise 720009. */
export async function updateImport(tenant: TenantStore, record: DataImport, change: Partial<DataImport>, condition: typeof stillRunning): Promise<DataImport> {
  return tenant.update('dataImport', record.id, { ...change, version: record.version + 1 }, condition, '720009');
}

export function requireImport(tenant: TenantStore, id: string): Promise<DataImport> {
  return tenant.require('dataImport', id);
}

export async function saveFailures(tenant: TenantStore, importId: string, failures: readonly FailedRow[]): Promise<void> {
  if (failures.length === 0) return;
  await tenant.keyed('dataImportFailure').putMany(failures.map((item) => ({ rest: importId, item })));
}

/** Failed rows of an import after row `afterRow`, in row order; `nextRow` continues the report. */
export async function failuresAfter(tenant: TenantStore, importId: string, afterRow: number, size: number): Promise<{ list: FailedRow[]; nextRow?: number }> {
  const failures = tenant.keyed('dataImportFailure');
  // rows after `afterRow`: a start key need not name a stored row
  const out = await failures.queryPage(importId, { startKey: failures.key(importId, afterRow), limit: size });
  const list = out.items.map(({ importKey: _k, ...f }: Item) => f as FailedRow);
  return { list, nextRow: out.lastKey ? list.at(-1)?.row : undefined };
}

export function refuse(message: string): never {
  throw new AppError('720009', message);
}
