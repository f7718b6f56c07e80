import { describe, expect, it } from 'vitest';
import { COALESCE_MS, historyReducer, MAX_STEPS, startHistory } from './history';

describe('history', () => {
  it('undoes and redoes whole steps; a new edit drops the redo steps', () => {
    let h = startHistory('a');
    h = historyReducer(h, { type: 'edit', value: 'b', at: 0 });
    h = historyReducer(h, { type: 'edit', value: 'c', at: 10_000 });
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe('b');
    h = historyReducer(h, { type: 'undo' });
    expect(h.present).toBe('a');
    expect(historyReducer(h, { type: 'undo' })).toBe(h);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present).toBe('b');
    h = historyReducer(h, { type: 'edit', value: 'x', at: 20_000 });
    expect(h.future).toEqual([]);
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
  });

  it('joins quick edits of one field into one step, not edits of different fields or slow ones', () => {
    let h = startHistory('');
    h = historyReducer(h, { type: 'edit', value: 'H', key: 'name', at: 0 });
    h = historyReducer(h, { type: 'edit', value: 'Hi', key: 'name', at: 300 });
    h = historyReducer(h, { type: 'edit', value: 'Hi!', key: 'name', at: 600 });
    expect(h.past).toEqual(['']);
    h = historyReducer(h, { type: 'edit', value: 'Hi!?', key: 'subject', at: 700 });
    expect(h.past).toEqual(['', 'Hi!']);
    h = historyReducer(h, { type: 'edit', value: 'Hi!?.', key: 'subject', at: 700 + COALESCE_MS });
    expect(h.past).toEqual(['', 'Hi!', 'Hi!?']);
  });

  it('keeps at most MAX_STEPS steps and ignores an edit that changes nothing', () => {
    let h = startHistory(0);
    for (let i = 1; i <= MAX_STEPS + 20; i++) h = historyReducer(h, { type: 'edit', value: i, at: i * 10_000 });
    expect(h.past).toHaveLength(MAX_STEPS);
    expect(historyReducer(h, { type: 'edit', value: h.present, at: 0 })).toBe(h);
    expect(historyReducer(h, { type: 'reset', value: 5 })).toEqual(startHistory(5));
  });
});
