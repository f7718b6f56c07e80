/** Paging, sorting and filter state of a list screen, and its data through SWR. */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { isKeyOf } from '../../api/keys';
import { type ListQuery, type ListService, usePagedList } from '../../api/hooks';
import { type ListState, listStateFromParams, listStateToParams } from './listParams';
import { activeFilters, pageAfterDelete } from './paging';

export interface ListOptions<F> {
  filters: F;
  size?: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  /**
   * Keep paging, sorting and filters in the address and remember them for the browser session under this key:
   * a list left for a detail page (or another screen) and opened again shows the same rows.
   */
  persistKey?: string;
}

const remembered = (key: string): string | null => {
  try {
    return sessionStorage.getItem(`herald.list.${key}`);
  } catch {
    return null;
  }
};
const remember = (key: string, search: string): void => {
  try {
    sessionStorage.setItem(`herald.list.${key}`, search);
  } catch {
    // private mode: the address alone keeps the state
  }
};

/** The list's state: in React state, or (with `persistKey`) in the address. */
function useListState<F extends Record<string, unknown>>(opts: ListOptions<F>): [ListState<F>, (next: ListState<F>) => void] {
  const defaults = useMemo<ListState<F>>(
    () => ({ page: 0, size: opts.size ?? 10, sort: { field: opts.sortField, order: opts.sortOrder }, filters: opts.filters }),
    [opts.size, opts.sortField, opts.sortOrder, opts.filters],
  );
  const [local, setLocal] = useState(defaults);
  const [params, setParams] = useSearchParams();
  const key = opts.persistKey;
  // an address without list parameters (the menu link) opens the list as it was left
  const source = key && params.size === 0 ? new URLSearchParams(remembered(key) ?? '') : params;
  const search = source.toString();
  const fromAddress = useMemo(() => (key ? listStateFromParams(new URLSearchParams(search), defaults) : null), [key, search, defaults]);
  useEffect(() => {
    if (key && params.size === 0 && search) setParams(new URLSearchParams(search), { replace: true });
  }, [key, params.size, search, setParams]);

  const set = useCallback(
    (next: ListState<F>) => {
      if (!key) return setLocal(next);
      const written = listStateToParams(next, defaults);
      remember(key, written.toString());
      setParams(written, { replace: true });
    },
    [key, defaults, setParams],
  );
  return [fromAddress ?? local, set];
}

export function useEntityList<S extends ListService, F extends Record<string, unknown>>(service: S, opts: ListOptions<F>) {
  const [state, setState] = useListState(opts);
  const { page, size, sort, filters } = state;

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

  const setPage = useCallback((next: number, nextSize?: number) => setState({ ...state, page: next, size: nextSize ?? state.size }), [state, setState]);
  const setSort = useCallback((field?: string, order?: 'asc' | 'desc') => setState({ ...state, sort: { field, order }, page: 0 }), [state, setState]);
  const setFilters = useCallback((next: F) => setState({ ...state, filters: next, page: 0 }), [state, setState]);

  /** After deleting rows: other cached pages are out of date; step back a page when this one is now empty. */
  const afterDelete = useCallback(
    async (deleted = 1) => {
      const next = pageAfterDelete(page, rows.length, deleted);
      const isList = isKeyOf(service);
      await mutate((k) => isList(k) && (k as unknown[])[1] !== query, undefined, { revalidate: true });
      if (next !== page) setState({ ...state, page: next });
      else await swr.mutate();
    },
    [page, rows.length, swr, service, query, state, setState],
  );

  return { ...swr, page, size, sort, filters, initialFilters: opts.filters, query, setPage, setSort, setFilters, afterDelete, reload: swr.mutate };
}

export type EntityListState = ReturnType<typeof useEntityList>;
