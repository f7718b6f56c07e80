/** One toast area for the whole app; anything can show a message without holding a React ref. */
import type { ToastMessage } from 'primereact/toast';
import type { ReactNode } from 'react';
import { ERROR_TOAST_MS } from '../app/constants';

interface ToastHandle {
  show(message: ToastMessage | ToastMessage[]): void;
  clear(): void;
}

let handle: ToastHandle | null = null;
let queued: ToastMessage[] = [];

export function registerToast(next: ToastHandle | null): void {
  handle = next;
  if (handle && queued.length) {
    handle.show(queued);
    queued = [];
  }
}

function show(message: ToastMessage) {
  if (handle) handle.show(message);
  else queued.push(message);
}

export function showError(detail: ReactNode, opts: { sticky?: boolean; summary?: string } = {}): void {
  show({
    severity: 'error',
    summary: opts.summary,
    detail,
    life: ERROR_TOAST_MS,
    sticky: opts.sticky ?? false,
    closable: true,
  });
}

export function showSuccess(detail: string): void {
  show({ severity: 'success', detail, life: ERROR_TOAST_MS, closable: true });
}

export function clearToasts(): void {
  queued = [];
  handle?.clear();
}
