/** Removing deliveries: one from its history row, or all of a deleted source's (a job). */
import { cloudHistoryKeyOf, cloudRecordKeyOf } from '../../../shared/entities';
import type { Store } from '../../store/store';

/** A delivery and its records. */
export async function removeDelivery(store: Store, orgId: number, sourceId: string, id: string): Promise<void> {
  const recordKey = cloudRecordKeyOf(orgId, sourceId, id);
  const records = await store.queryAll('cloudSourceRecord', { name: 'recordKey', value: recordKey }, undefined, ['row']);
  await store.deleteMany('cloudSourceRecord', records.map((r) => ({ recordKey, row: r.row })));
  await store.delete('cloudSourceHistory', { historyKey: cloudHistoryKeyOf(orgId, sourceId), id });
}

/**
 * A deleted source's deliveries and their records (the `cloudSourceRemove` job): a loop of five minutes leaves
 * a hundred thousand deliveries a year, too many to remove while the delete is answered.
 */
export async function removeSourceDeliveries(store: Store, orgId: number, sourceId: string): Promise<void> {
  for await (const page of store.queryPages('cloudSourceHistory', { name: 'historyKey', value: cloudHistoryKeyOf(orgId, sourceId) }, undefined, ['id'])) {
    for (const d of page) await removeDelivery(store, orgId, sourceId, d.id);
  }
}
