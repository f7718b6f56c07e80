import { describe, expect, it } from 'vitest';
import { type ListState, listStateFromParams, listStateToParams } from './listParams';

const defaults: ListState<{ filter: string; name?: string; active?: boolean }> = {
  page: 0,
  size: 10,
  sort: {},
  filters: { filter: 'ALL' },
};

describe('list state in the address', () => {
  it('leaves defaults out', () => {
    expect(listStateToParams(defaults, defaults).toString()).toBe('');
  });

  it('round-trips page, size, sort and filters', () => {
    const state = { page: 2, size: 20, sort: { field: 'name', order: 'desc' as const }, filters: { filter: 'DRAFT', name: 'spring sale', active: false } };
    const params = listStateToParams(state, defaults);
    expect(params.toString()).toBe('filter=DRAFT&name=spring+sale&active=false&page=3&size=20&sort=name&order=desc');
    expect(listStateFromParams(new URLSearchParams(params.toString()), defaults)).toEqual(state);
  });

  it('ignores what it cannot read', () => {
    expect(listStateFromParams(new URLSearchParams('page=-4&size=7&order=sideways'), defaults)).toEqual(defaults);
    expect(listStateFromParams(new URLSearchParams('page=abc'), defaults).page).toBe(0);
  });
});
