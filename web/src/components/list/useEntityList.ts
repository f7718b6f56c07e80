/** Paging, sorting and filter state of a list screen, and its data through SWR. */
import { useCallback, useMemo, useState } from 'react';
import { mutate } from 'swr';
import { isKeyOf } from '../../api/keys';
import { type ListQuery, type ListService, usePagedList } from '../../api/hooks';
import { activeFilters, pageAfterDelete } from './paging';

export interface ListOptions<F> {
  filters: F;
  size?: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}

export function useEntityList<S extends ListService, F extends Record<string, unknown>>(service: S, opts: ListOptions<F>) {
  const [page, setPageNumber] = useState(0);
  const [size, setSize] = useState(opts.size ?? 10);
  const [sort, setSortState] = useState<{ field?: string; order?: 'asc' | 'desc' }>({ field: opts.sortField, order: opts.sortOrder });
  const [filters, setFilterState] = useState<F>(opts.filters);

  const query = useMemo(
    () =>
      ({
        page,
        size,
        ...(sort.field ? { sortField: sort.field, sortOrder: sort.order ?? 'asc' } : {}),
        ...activeFilters(filters),
      }) as unknown as ListQuery<S>,
    [page, size, sort, filters],
  );
  const swr = usePagedList(service, query);
  const rows = (swr.data as { list?: unknown[] } | undefined)?.list ?? [];

  const setPage = useCallback((next: number, nextSize?: number) => {
    setPageNumber(next);
    if (nextSize) setSize(nextSize);
  }, []);
  const setSort = useCallback((field?: string, order?: 'asc' | 'desc') => {
    setSortState({ field, order });
    setPageNumber(0);
  }, []);
  const setFilters = useCallback((next: F) => {
    setFilterState(next);
    setPageNumber(0);
  }, []);

  /** After deleting rows: other cached pages are out of date; step back a page when this one is now empty. */
  const afterDelete = useCallback(
    async (deleted = 1) => {
      const next = pageAfterDelete(page, rows.length, deleted);
      const isList = isKeyOf(service);
      await mutate((k) => isList(k) && (k as unknown[])[1] !== query, undefined, { revalidate: true });
      if (next !== page) setPageNumber(next);
      else await swr.mutate();
    },
    [page, rows.length, swr, service, query],
  );

  return { ...swr, page, size, sort, filters, query, setPage, setSort, setFilters, afterDelete, reload: swr.mutate };
}

export type EntityListState = ReturnType<typeof useEntityList>;
