/** Page-number listing over admin-sized sets: filter, sort, then slice (page from 0). */
export interface PageQuery {
  page: number;
  size: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

let collator: Intl.Collator | undefined;

export function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(String(a), String(b));
}

export function pageOfItems<T extends object>(items: T[], query: PageQuery, sortable: readonly string[], defaultSort: { field: string; order: 'asc' | 'desc' }): Page<T> {
  const field = query.sortField && sortable.includes(query.sortField) ? query.sortField : defaultSort.field;
  const order = query.sortField && sortable.includes(query.sortField) ? (query.sortOrder ?? 'asc') : defaultSort.order;
  const sorted = [...items].sort((x, y) => {
    const c = compareValues((x as Record<string, unknown>)[field], (y as Record<string, unknown>)[field]);
    return order === 'asc' ? c : -c;
  });
  const start = query.page * query.size;
  return { list: sorted.slice(start, start + query.size), total: items.length, page: query.page, size: query.size };
}

export function matchesText(value: unknown, needle: string | undefined): boolean {
  if (!needle) return true;
  return String(value ?? '')
    .toLowerCase()
    .includes(needle.trim().toLowerCase());
}
