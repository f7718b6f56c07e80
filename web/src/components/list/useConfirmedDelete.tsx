/** Deleting a row from a list: ask first, delete, say so, then apply the list's step-back-a-page rule. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../ui/toastBus';
import { useConfirm } from '../useConfirm';
import type { EntityListState } from './useEntityList';

export interface DeleteRequest {
  header: string;
  message: string;
  /** the delete call; a failure is already shown by the client's error toast */
  run: () => Promise<unknown>;
  done: string;
  /** other caches the delete makes stale */
  after?: () => void;
  /** rows deleted at once (1 unless said) */
  count?: number;
}

export function useConfirmedDelete(list: Pick<EntityListState, 'afterDelete'>): [ReactNode, (r: DeleteRequest) => Promise<void>] {
  const { t } = useTranslation();
  const [confirmElement, ask] = useConfirm();
  async function remove(r: DeleteRequest) {
    if (!(await ask({ header: r.header, message: r.message, acceptLabel: t('common.delete'), danger: true }))) return;
    try {
      await r.run();
    } catch {
      return;
    }
    showSuccess(r.done);
    await list.afterDelete(r.count ?? 1);
    r.after?.();
  }
  return [confirmElement, remove];
}
