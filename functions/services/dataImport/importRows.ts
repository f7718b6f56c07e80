/**
 * One page of an import's rows: each row read with the import's plan (shared/import), the accounts it names read
 * in bulk, the changes applied in row order (a later row for the same key wins, and counts as an update), and
 * the results written with BatchWriteItem. Answers the counts and the failed rows.
 */
import type { Account, DataImport } from '../../../shared/entities';
import { type AccountChange, applyChange, rowChange } from '../../../shared/import/accountImport';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../account';
import type { FailedRow } from './imports';

export interface PageResult {
  created: number;
  updated: number;
  failures: FailedRow[];
}

export async function importRows(
  tenant: TenantStore,
  record: DataImport,
  fromRow: number,
  rows: readonly string[][],
  stamp: { now: number; actor: string },
): Promise<PageResult> {
  const failures: FailedRow[] = [];
  const changes: { row: number; change: AccountChange }[] = [];
  rows.forEach((cells, i) => {
    const row = fromRow + i;
    const read = rowChange(cells, record);
    if (!read) return;
    if ('change' in read) changes.push({ row, change: read.change });
    else failures.push({ row, reason: read.reason, key: cells[record.primaryKeyColumn]?.trim().slice(0, 64) || undefined });
  });

  const accounts = new Accounts(tenant);
  const stored = await accounts.getMany(changes.map((c) => c.change.id));
  const written = new Map<string, Account>();
  let created = 0;
  let updated = 0;
  for (const { row, change } of changes) {
    const base = written.get(change.id) ?? stored.get(change.id);
    const result = applyChange(base, change, { orgId: tenant.orgId, ...stamp });
    if ('reason' in result) {
      failures.push({ row, reason: result.reason, key: change.id });
      continue;
    }
    if (base) updated++;
    else created++;
    written.set(change.id, result.account);
  }
  await accounts.putMany([...written.values()]);
  return { created, updated, failures: failures.sort((a, b) => a.row - b.row) };
}
