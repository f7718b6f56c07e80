/** The route guard's question when a page needs permissions the user lacks: switch account, or go back. */
import { useSyncExternalStore } from 'react';

export type GuardChoice = 'switch' | 'cancel';

interface Pending {
  titleKey: string;
  resolve: (choice: GuardChoice) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function publish(next: Pending | null) {
  pending = next;
  for (const l of listeners) l();
}

export function askSwitchAccount(titleKey: string, signal?: AbortSignal): Promise<GuardChoice> {
  pending?.resolve('cancel');
  return new Promise<GuardChoice>((resolve) => {
    const entry: Pending = {
      titleKey,
      resolve: (choice) => {
        if (pending === entry) publish(null);
        resolve(choice);
      },
    };
    // Another navigation took over: the question is moot.
    signal?.addEventListener('abort', () => entry.resolve('cancel'), { once: true });
    publish(entry);
  });
}

export function answerGuardConfirm(choice: GuardChoice): void {
  pending?.resolve(choice);
}

export function useGuardConfirm(): Pending | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => pending,
  );
}
