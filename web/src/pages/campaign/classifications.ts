/**
 * The organization's plan tags, categories and groups as options, for the campaign list's filters, the wizard and
 * the base-info dialog: the generic screens' reference choices (a role that may not read one gets no choice there).
 */
import { type RefOption, useRefOptions } from '../generic/refs';

const ENTITIES = ['planTag', 'planCategory', 'planGroup'] as const;

export function usePlanClassifications(): { tags: RefOption[]; categories: RefOption[]; groups: RefOption[] } {
  const options = useRefOptions(ENTITIES);
  return { tags: options.planTag ?? [], categories: options.planCategory ?? [], groups: options.planGroup ?? [] };
}

/** The names of chosen ids, in the order of the options; an id no longer there shows as '--'. */
export function namesOf(options: readonly RefOption[], ids: readonly string[]): string {
  const names = ids.map((id) => options.find((o) => o.value === id)?.label).filter(Boolean);
  return names.length ? names.join(', ') : '--';
}
