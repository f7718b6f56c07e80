/**
 * The one door to the untenanted store from a request. Handlers get named capabilities and the tenant store
 * (context.ts); the few modules that truly work across organizations (sign-in, account and membership writes,
 * organization administration) ask here by name, each listed with its reason in `untenanted.test.ts`.
 */
import type { Store } from '../store/store';

const UNTENANTED = Symbol('untenanted store');

/** The context with the store behind its door (the router's, once per request); a spread copy keeps it. */
export function withUntenantedStore<T extends object>(ctx: T, store: Store): T {
  return Object.assign(ctx, { [UNTENANTED]: store });
}

/** The untenanted store a request carries; `why` says what crosses organizations (read with the allow-list). */
export function untenantedStore(ctx: object, why: string): Store {
  const store = (ctx as { [UNTENANTED]?: Store })[UNTENANTED];
  if (!store) throw new Error(`untenantedStore: no store on this context (${why})`);
  return store;
}
