/**
 * A list read a page at a time by cursor (deliveries, failed rows, values, events): the first page through SWR, so
 * it can be followed or refreshed, and later pages appended on demand. A new key starts again from the first page.
 */
import { useCallback, useEffect, useState } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';

export function useCursorPages<P, T, C>(
  key: readonly unknown[],
  fetchPage: (cursor: C | undefined) => Promise<P>,
  shape: { items: (page: P) => T[]; next: (page: P) => C | undefined },
  config?: SWRConfiguration<P>,
) {
  const first = useSWR(key, () => fetchPage(undefined), config);
  const [later, setLater] = useState<P[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const keyText = JSON.stringify(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies(keyText): a new key drops the pages read under the old one
  useEffect(() => setLater([]), [keyText]);

  const last = later.at(-1) ?? first.data;
  const cursor = last === undefined ? undefined : shape.next(last);
  const rows = [...(first.data ? shape.items(first.data) : []), ...later.flatMap(shape.items)];

  async function more() {
    setLoadingMore(true);
    try {
      const page = await fetchPage(cursor);
      setLater((pages) => [...pages, page]);
    } catch {
      // the client's toast says why
    } finally {
      setLoadingMore(false);
    }
  }

  const { mutate } = first;
  const refresh = useCallback(async () => {
    setLater([]);
    await mutate();
  }, [mutate]);

  return { rows, first, hasMore: cursor !== undefined, loadingMore, more, refresh };
}
