/**
 * A save as most forms do it: busy while it runs, a success toast when it worked, and (through the client) the
 * error toast when it did not. Answers whether it saved, so a form can close or reload.
 */
import { useCallback, useState } from 'react';
import { showSuccess } from '../ui/toastBus';

export function useSave(): { busy: boolean; save: (work: () => Promise<unknown>, done: string | (() => string)) => Promise<boolean> } {
  const [busy, setBusy] = useState(false);
  const save = useCallback(async (work: () => Promise<unknown>, done: string | (() => string)) => {
    setBusy(true);
    try {
      await work();
      // read after the work, so a text that depends on it (a language just chosen) is current
      showSuccess(typeof done === 'function' ? done() : done);
      return true;
    } catch {
      // the client has shown why
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, save };
}
