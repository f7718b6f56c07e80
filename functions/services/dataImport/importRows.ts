/**
 * One page of an import's rows: each row read with the import's plan (shared/import), the accounts it names read in
 * bulk, the changes applied in row order (a later row for the same key wins, and counts as an update), and the results
 * written with BatchWriteItem.
 */
import type { Account, DataImport } from '../../../shared/entities';
import { unsubscriptionId } from '../../../shared/entities';
import { type AccountChange, applyChange, grantedConsentOf, rowChange } from '../../../shared/import/accountImport';
import { DEVICE_IMPORT_MESSAGES, deviceRowChange, type DeviceFields, newDeviceDefaults } from '../../../shared/import/deviceImport';
import { endpointChange, type EndpointChange, withEmail, withPhone } from '../../../shared/import/pinpoint';
import type { TenantStore } from '../../store/store';
import { Accounts } from '../../domain/accounts';
import { organizationSettingOf } from '../../domain/organizationSetting';
import type { FailedRow } from './imports';
import { withParams } from '../../../shared/i18n/say';

export interface PageResult {
  created: number;
  updated: number;
  failures: FailedRow[];
  warnings: FailedRow[];
}

export async function importRows(tenant: TenantStore, record: DataImport, fromRow: number, rows: readonly string[][], stamp: { now: number; actor: string }): Promise<PageResult> {
  if (record.kind === 'DEVICE') return importDeviceRows(tenant, record, fromRow, rows, stamp);
  const failures: FailedRow[] = [];
  const changes: { row: number; change: AccountChange; email?: string; phone?: string; warnings?: string[] }[] = [];
  const optOuts: NonNullable<EndpointChange['optOut']>[] = [];
  const devices: { accountId: string; device: NonNullable<EndpointChange['device']> }[] = [];
  // national phone numbers are read as the country the import screen chose, else the organization's default country's
  const options = { defaultCountry: (record.defaultCountry ?? (await organizationSettingOf(tenant)).defaultCountry) || undefined };
  rows.forEach((cells, i) => {
    const row = fromRow + i;
    // a Pinpoint export's row is one endpoint as a line of JSON
    const read = record.kind === 'PINPOINT_ENDPOINTS' ? endpointChange(cells[0] ?? '', options) : rowChange(cells, record, options);
    if (!read) return;
    if ('change' in read) {
      const endpoint = read as Partial<EndpointChange>;
      changes.push({ row, change: read.change, email: endpoint.email, phone: endpoint.phone, warnings: 'warnings' in read ? read.warnings : undefined });
      if (endpoint.optOut) optOuts.push(endpoint.optOut);
      if (endpoint.device) devices.push({ accountId: read.change.id, device: endpoint.device });
    } else if (record.kind === 'PINPOINT_ENDPOINTS') {
      // a JSON-lines file has no header: its failures are told by line number (rows count from 2)
      failures.push({ row: row - 1, reason: read.reason });
    } else failures.push({ row, reason: read.reason, key: cells[record.primaryKeyColumn]?.trim().slice(0, 64) || undefined });
  });

  const accounts = new Accounts(tenant);
  const stored = await accounts.getMany(changes.map((c) => c.change.id));
  const written = new Map<string, Account>();
  let created = 0;
  let updated = 0;
  const warnings: FailedRow[] = [];
  for (const { row, change, email, phone, warnings: warned } of changes) {
    const base = written.get(change.id) ?? stored.get(change.id);
    const emails = withEmail(base, email);
    const phones = withPhone(base, phone);
    const consent = record.kind === 'ACCOUNT' ? grantedConsentOf(record, base !== undefined, change.set) : {};
    const set = { ...consent, ...change.set, ...(emails ? { emails } : {}), ...(phones ? { phones } : {}) };
    const result = applyChange(base, { ...change, set }, { orgId: tenant.orgId, ...stamp });
    if ('reason' in result) {
      failures.push({ row, reason: result.reason, key: change.id });
      continue;
    }
    if (base) updated++;
    else created++;
    written.set(change.id, result.account);
    if (warned) warnings.push({ row, reason: warned.join(' '), key: change.id, warning: true });
  }
  await accounts.putMany([...written.values()]);
  // push endpoints are the accounts' devices, written once their accounts are
  // one write per device: a later line for the same device wins
  const imported = [...new Map(devices.filter((d) => written.has(d.accountId)).map((d) => [`${d.accountId}\u0000${d.device.deviceId}`, d])).values()];
  if (imported.length) {
    await tenant
      .keyed('device')
      .putMany(
        imported.map(({ accountId, device }) => ({ rest: accountId, item: { ...device, orgId: tenant.orgId, accountId, source: 'IMPORT', dateUpdated: stamp.now } as never })),
      );
  }
  // opted-out addresses go on the unsubscription list, as a recipient's own unsubscribe does
  for (const o of optOuts) {
    await tenant.put('messageUnsubscription', {
      id: unsubscriptionId(o.channel, o.target),
      channelName: o.channel,
      target: o.target.toLowerCase(),
      source: 'UNSUBSCRIBE',
      dateCreated: stamp.now,
    });
  }
  return { created, updated, failures: failures.sort((a, b) => a.row - b.row), warnings };
}

/** A page of a device import: each row one device of an account that must exist (read in bulk). */
async function importDeviceRows(tenant: TenantStore, record: DataImport, fromRow: number, rows: readonly string[][], stamp: { now: number }): Promise<PageResult> {
  const failures: FailedRow[] = [];
  const read: { row: number; accountId: string; device: DeviceFields }[] = [];
  rows.forEach((cells, i) => {
    const row = fromRow + i;
    const result = deviceRowChange(cells, record);
    if (!result) return;
    if ('reason' in result) failures.push({ row, reason: result.reason, key: cells[record.primaryKeyColumn]?.trim().slice(0, 64) || undefined });
    else read.push({ row, ...result });
  });
  const accounts = await new Accounts(tenant).getMany([...new Set(read.map((r) => r.accountId))]);
  const devices = new Map<string, (typeof read)[number]>();
  for (const r of read) {
    if (!accounts.has(r.accountId)) failures.push({ row: r.row, reason: withParams(DEVICE_IMPORT_MESSAGES.noAccount, { id: r.accountId }), key: r.accountId });
    else devices.set(`${r.accountId}\u0000${r.device.deviceId}`, r);
  }
  const list = [...devices.values()];
  const devicesOfOrg = tenant.keyed('device');
  const stored: (Record<string, unknown> | undefined)[] = await devicesOfOrg.getMany(list.map((r) => ({ rest: r.accountId, sort: r.device.deviceId })));
  await devicesOfOrg.putMany(
    list.map((r, i) => ({
      rest: r.accountId,
      item: {
        ...newDeviceDefaults(r.device.platform),
        ...stored[i],
        ...r.device,
        deviceId: r.device.deviceId,
        orgId: tenant.orgId,
        accountId: r.accountId,
        source: 'IMPORT',
        dateUpdated: stamp.now,
      } as never,
    })),
  );
  const updated = stored.filter(Boolean).length;
  return { created: list.length - updated, updated, failures: failures.sort((a, b) => a.row - b.row), warnings: [] };
}
