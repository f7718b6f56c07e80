import { describe, expect, it } from 'vitest';
import { activeFilters, pageAfterDelete } from './paging';

describe('pageAfterDelete', () => {
  it('steps back a page when the only row of a later page is deleted', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
  });
  it('stays on the page while rows remain', () => {
    expect(pageAfterDelete(3, 2)).toBe(3);
  });
  it('never goes below the first page', () => {
    expect(pageAfterDelete(0, 1)).toBe(0);
  });
  it('steps back after a bulk delete that empties the page', () => {
    expect(pageAfterDelete(2, 5, 5)).toBe(1);
  });
});

describe('activeFilters', () => {
  it('drops empty values and trims text', () => {
    expect(activeFilters({ keyword: '  ann ', roleId: '', status: undefined, active: false })).toEqual({ keyword: 'ann', active: false });
  });
});
