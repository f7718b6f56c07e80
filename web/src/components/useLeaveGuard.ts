/**
 * Unsaved work asks before it is left: another screen of the portal through the app's confirmation, closing or
 * reloading the tab through the browser's own.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import type { useConfirm } from './useConfirm';

type Ask = ReturnType<typeof useConfirm>[1];

export function useLeaveGuard(dirty: boolean, ask: Ask, texts: { header: string; message: string; accept: string }): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void ask({ header: texts.header, message: texts.message, acceptLabel: texts.accept, danger: true }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, ask, texts.header, texts.message, texts.accept]);
  useUnloadWarning(dirty);
}

/** The browser's own question before a tab with unsaved work is closed or reloaded. */
export function useUnloadWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
