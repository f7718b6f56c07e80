import { describe, expect, it } from 'vitest';
import { matchesText, pageOfItems } from './paging';

const rows = [
  { name: 'beta', n: 2, at: 30 },
  { name: 'Alpha', n: 10, at: 10 },
  { name: 'gamma', n: 1, at: 20 },
  { name: 'delta', at: 40 },
];

describe('page-number listing', () => {
  it('sorts by an allowed field, case-insensitively, numbers as numbers, missing values last', () => {
    const byName = pageOfItems(rows, { page: 0, size: 10, sortField: 'name', sortOrder: 'asc' }, ['name', 'n'], { field: 'at', order: 'asc' });
    expect(byName.list.map((r) => r.name)).toEqual(['Alpha', 'beta', 'delta', 'gamma']);
    const byN = pageOfItems(rows, { page: 0, size: 10, sortField: 'n', sortOrder: 'desc' }, ['name', 'n'], { field: 'at', order: 'asc' });
    expect(byN.list.map((r) => r.n)).toEqual([undefined, 10, 2, 1]);
  });
  it('ignores a sort field that is not allowed and uses the default', () => {
    const r = pageOfItems(rows, { page: 0, size: 10, sortField: 'secret' }, ['name'], { field: 'at', order: 'desc' });
    expect(r.list.map((x) => x.at)).toEqual([40, 30, 20, 10]);
  });
  it('slices pages from 0 and reports the total', () => {
    const p1 = pageOfItems(rows, { page: 1, size: 3 }, [], { field: 'at', order: 'asc' });
    expect(p1).toEqual({ list: [rows[3]], total: 4, page: 1, size: 3 });
    expect(pageOfItems(rows, { page: 5, size: 3 }, [], { field: 'at', order: 'asc' }).list).toEqual([]);
  });
  it('matches text filters case-insensitively and trims the needle', () => {
    expect(matchesText('Herald Admin', '  admin ')).toBe(true);
    expect(matchesText(undefined, 'x')).toBe(false);
    expect(matchesText('anything', undefined)).toBe(true);
  });
});
