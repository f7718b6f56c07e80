/**
 * Undo and redo over whole drafts. Edits of one field in quick succession (typing) make one step, so undo takes
 * back a word or a sentence, not a letter.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** what the last edit changed, and when: the next edit of the same thing within COALESCE_MS joins its step */
  last?: { key: string; at: number };
}

export const MAX_STEPS = 100;
export const COALESCE_MS = 1000;

export type HistoryAction<T> = { type: 'edit'; value: T; key?: string; at: number } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; value: T };

export function startHistory<T>(value: T): History<T> {
  return { past: [], present: value, future: [] };
}

export function historyReducer<T>(h: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'edit': {
      if (action.value === h.present) return h;
      const joins = action.key !== undefined && h.last?.key === action.key && action.at - h.last.at < COALESCE_MS;
      const last = action.key === undefined ? undefined : { key: action.key, at: action.at };
      if (joins) return { ...h, present: action.value, future: [], last };
      return { past: [...h.past, h.present].slice(-MAX_STEPS), present: action.value, future: [], last };
    }
    case 'undo': {
      if (h.past.length === 0) return h;
      return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
    }
    case 'redo': {
      if (h.future.length === 0) return h;
      return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
    }
    case 'reset':
      return startHistory(action.value);
  }
}
