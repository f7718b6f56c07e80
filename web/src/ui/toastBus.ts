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
/** The app root's call to load the toast area (not part of the sign-in page's code until a message comes). */
let wanted: (() => void) | null = null;

/** `listener` runs when a message waits for a toast area (now, if one already does); returns the unsubscribe. */
export function whenToastWanted(listener: () => void): () => void {
  wanted = listener;
  if (queued.length) listener();
  return () => {
    if (wanted === listener) wanted = null;
  };
}

export function registerToast(next: ToastHandle | null): void {
  handle = next;
  if (handle && queued.length) {
    handle.show(queued);
    queued = [];
  }
}

function show(message: ToastMessage) {
  if (handle) handle.show(message);
  else {
    queued.push(message);
    wanted?.();
  }
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
