/** The organization area's public module: what other areas and code outside `functions/services/` may use. */
export { orgCodeGuard } from './organizations';
