/**
 * Reference fields of the generic screens (`ref` and `refs` in the registry): the organization's records of the
 * named entity, by their title field, for the form's choices and the list's cells.
 */
import useSWR from 'swr';
import { ENTITIES } from '../../../../shared/entities';
import type { ServiceName } from '../../../../shared/services';
import { call } from '../../api/client';
import { permissionsHeld } from '../../api/session';

export interface RefOption {
  value: string;
  label: string;
}

/** The choices of every entity the given fields name, keyed by entity. */
export function useRefOptions(entities: readonly string[]): Record<string, RefOption[]> {
  // an entity the role may not read is not asked for (a refused request would only say so): it offers no choices
  const held = permissionsHeld();
  const readable = (entity: string) => {
    const read = (ENTITIES[entity as keyof typeof ENTITIES] as { permissions?: { read: string | null } }).permissions?.read;
    return !read || held.includes(read);
  };
  const unique = [...new Set(entities)].filter(readable).sort();
  const { data } = useSWR(
    unique.length ? ['refs', ...unique] : null,
    async () =>
      Object.fromEntries(
        await Promise.all(
          unique.map(async (entity) => {
            const titleField = (ENTITIES[entity as keyof typeof ENTITIES] as { crud?: { titleField: string } }).crud?.titleField ?? 'name';
            // a failed read (a request cut short while the page loads) rejects the whole set, which SWR asks again
            // for (the app turns retries off by default; these reads are safe to repeat); an empty list kept in its
            // place would leave the cells blank until the next visit
            const rows = (await call(`${entity}.getAll` as ServiceName, {} as never, { quiet: true })) as unknown as Record<string, unknown>[];
            return [entity, rows.map((r) => ({ value: String(r.id), label: String(r[titleField] ?? r.title ?? r.id) }))] as const;
          }),
        ),
      ),
    { dedupingInterval: 5_000, shouldRetryOnError: true, errorRetryInterval: 1_000, errorRetryCount: 6 },
  );
  return data ?? {};
}
