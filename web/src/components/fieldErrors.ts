/**
 * Field errors after an edit: the edited fields' errors go at once (a corrected field stops saying it is wrong
 * while the person types); the others stay until the next submit checks again.
 */
export function clearedErrors<E extends object>(errors: E, fields: readonly string[]): E {
  const stale = fields.filter((f) => (errors as Record<string, unknown>)[f]);
  if (stale.length === 0) return errors;
  const next = { ...errors } as Record<string, unknown>;
  for (const f of stale) delete next[f];
  return next as E;
}

/** The fields whose values differ between two versions of a form. */
export function changedFields<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T & string)[]).filter((k) => before[k] !== after[k]);
}
