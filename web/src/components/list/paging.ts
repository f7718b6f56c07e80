/**
 * Spec 000 section 4: when the last item of a page is deleted, the page number steps back by one
 * (never below the first page).
 */
export function pageAfterDelete(page: number, rowsOnPage: number, deleted = 1): number {
  return rowsOnPage - deleted <= 0 && page > 0 ? page - 1 : page;
}

/** Drops empty filter values so they are not sent. */
export function activeFilters<F extends Record<string, unknown>>(filters: F): Partial<F> {
  const out: Partial<F> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    (out as Record<string, unknown>)[k] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}
