/**
 * A list's paging, sorting and filters as address parameters (`?filter=DRAFT&page=2&sort=name&order=asc`), so a
 * list left for a detail page and come back to, or reloaded, shows the same rows. Values equal to the list's
 * defaults are left out of the address.
 */
export interface ListState<F> {
  page: number;
  size: number;
  sort: { field?: string; order?: 'asc' | 'desc' };
  filters: F;
}

const RESERVED = new Set(['page', 'size', 'sort', 'order']);
const SIZES = new Set([10, 20, 50]);

export function listStateToParams<F extends Record<string, unknown>>(state: ListState<F>, defaults: ListState<F>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters)) {
    if (RESERVED.has(k) || v === undefined || v === null || v === '' || v === defaults.filters[k]) continue;
    out.set(k, String(v));
  }
  if (state.page > 0) out.set('page', String(state.page + 1));
  if (state.size !== defaults.size) out.set('size', String(state.size));
  if (state.sort.field && (state.sort.field !== defaults.sort.field || state.sort.order !== defaults.sort.order)) {
    out.set('sort', state.sort.field);
    out.set('order', state.sort.order ?? 'asc');
  }
  return out;
}

const parseValue = (v: string): unknown => (v === 'true' ? true : v === 'false' ? false : v);

/** Reads what `listStateToParams` wrote; anything unreadable falls back to the default. */
export function listStateFromParams<F extends Record<string, unknown>>(params: URLSearchParams, defaults: ListState<F>): ListState<F> {
  const filters: Record<string, unknown> = { ...defaults.filters };
  for (const [k, v] of params) if (!RESERVED.has(k)) filters[k] = parseValue(v);
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const field = params.get('sort');
  const order = params.get('order');
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page - 1 : 0,
    size: SIZES.has(size) ? size : defaults.size,
    sort: field ? { field, order: order === 'desc' ? 'desc' : 'asc' } : defaults.sort,
    filters: filters as F,
  };
}
