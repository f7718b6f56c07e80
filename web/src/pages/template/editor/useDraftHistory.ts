/**
 * A builder's draft with undo and redo (`../history`), and the keyboard's way to them: Ctrl/Cmd+Z undoes,
 * Ctrl/Cmd+Shift+Z or Ctrl/Cmd+Y redoes. The email builder and the preset builder share both.
 */
import { type Dispatch, useCallback, useEffect, useReducer } from 'react';
import { type History, type HistoryAction, historyReducer, startHistory } from '../history';

export interface DraftHistory<D> {
  history: History<D>;
  dispatch: Dispatch<HistoryAction<D>>;
  /** one edit; `key` names what changed, so typing in one field makes one undo step */
  edit: (next: D, key?: string) => void;
}

export function useDraftHistory<D>(initial: () => D): DraftHistory<D> {
  const [history, dispatch] = useReducer(historyReducer<D>, undefined, () => startHistory(initial()));
  const edit = useCallback((next: D, key?: string) => dispatch({ type: 'edit', value: next, key, at: Date.now() }), []);
  return { history, dispatch, edit };
}

type ShortcutKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'target'>;

// a field keeps its own undo of the text being typed
const isTyping = (target: EventTarget | null) =>
  typeof HTMLElement !== 'undefined' && target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** What a key press asks of the draft's history, if anything. */
export function undoShortcut(e: ShortcutKey): 'undo' | 'redo' | undefined {
  if (!(e.ctrlKey || e.metaKey) || isTyping(e.target)) return undefined;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  return key === 'y' ? 'redo' : undefined;
}

export function useUndoShortcuts<D>(dispatch: Dispatch<HistoryAction<D>>): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const type = undoShortcut(e);
      if (!type) return;
      dispatch({ type });
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);
}
