/** Organization records: the code guard and the id counter, shared by the handlers and the first-start seed. */
import type { Store } from '../../store/store';

/** The unique-key item that keeps organization codes unique. */
export const orgCodeGuard = (code: string) => `orgCode#${code.toUpperCase()}`;

/** Organization ids are small numbers (1 is the default organization), taken from an atomic counter. */
export async function nextOrganizationId(store: Store): Promise<number> {
  return store.increment('uniqueKey', { id: 'counter#organization' });
}
