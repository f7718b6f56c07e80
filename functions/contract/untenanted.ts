/** The one door to the untenanted store from a request. */
import type { Store } from '../store/store';

const UNTENANTED = Symbol('untenanted store');

/** The context with the store behind its door (the router's, once per request); a spread copy keeps it. */
export function withUntenantedStore<T extends object>(ctx: T, store: Store): T {
  return Object.assign(ctx, { [UNTENANTED]: store });
}

export function untenantedStore(ctx: object, why: string): Store {
  const store = (ctx as { [UNTENANTED]?: Store })[UNTENANTED];
  if (!store) throw new Error(`untenantedStore: no store on this context (${why})`);
  return store;
}
