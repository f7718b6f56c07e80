/** Open dialogs register a closer, so the route guard can close every one of them (spec 000 section 2, step 1). */
import { useEffect } from 'react';

const closers = new Set<() => void>();

export function closeAllDialogs(): void {
  for (const close of [...closers]) close();
}

/** Registers `close` while `open` is true. */
export function useCloseOnNavigation(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    closers.add(close);
    return () => {
      closers.delete(close);
    };
  }, [open, close]);
}
