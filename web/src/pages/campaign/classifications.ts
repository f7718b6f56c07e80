/**
 * The organization's plan tags, categories and groups as options, for the campaign list's filters, the wizard and
 * the base-info dialog. Read quietly: a role that may not read one of them simply gets no choice there.
 */
import useSWR from 'swr';
import { call } from '../../api/client';

export interface Option {
  value: string;
  label: string;
}

const optionsOf = async (service: 'planTag.getAll' | 'planCategory.getAll' | 'planGroup.getAll'): Promise<Option[]> => {
  try {
    const rows = (await call(service, {}, { quiet: true })) as { id: string; name: string }[];
    return rows.map((r) => ({ value: r.id, label: r.name })).sort((a, b) => a.label.localeCompare(b.label));
  } catch {
    return [];
  }
};

export function usePlanClassifications(): { tags: Option[]; categories: Option[]; groups: Option[] } {
  const tags = useSWR(['planTag.getAll', 'options'], () => optionsOf('planTag.getAll'), { dedupingInterval: 10_000 });
  const categories = useSWR(['planCategory.getAll', 'options'], () => optionsOf('planCategory.getAll'), { dedupingInterval: 10_000 });
  const groups = useSWR(['planGroup.getAll', 'options'], () => optionsOf('planGroup.getAll'), { dedupingInterval: 10_000 });
  return { tags: tags.data ?? [], categories: categories.data ?? [], groups: groups.data ?? [] };
}

/** The names of chosen ids, in the order of the options; an id no longer there shows as '--'. */
export function namesOf(options: readonly Option[], ids: readonly string[]): string {
  const names = ids.map((id) => options.find((o) => o.value === id)?.label).filter(Boolean);
  return names.length ? names.join(', ') : '--';
}
