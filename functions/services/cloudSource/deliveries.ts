/** Removing deliveries: one from its history row, or all of a deleted source's (a job). */
import type { Store, TenantStore } from '../../store/store';

export async function removeDelivery(tenant: TenantStore, sourceId: string, id: string): Promise<void> {
  const records = tenant.keyed('cloudSourceRecord');
  const rest = `${sourceId}#${id}`;
  const rows = await records.list(rest, ['row']);
  await records.deleteMany(rows.map((r) => ({ rest, sort: r.row })));
  await tenant.keyed('cloudSourceHistory').delete(sourceId, id);
}

/** A deleted source's deliveries and their records (the `cloudSourceRemove` job). */
export async function removeSourceDeliveries(store: Store, orgId: number, sourceId: string): Promise<void> {
  for await (const page of store.forOrg(orgId).keyed('cloudSourceHistory').pages(sourceId, ['id'])) {
    for (const d of page) await removeDelivery(store.forOrg(orgId), sourceId, d.id);
  }
}
