/**
 * The asset area's public module: what other areas and code outside `functions/services/` may use.
 * Everything else in this folder is the area's own; its operations reach the dispatch table through `handlers.ts`.
 */
export { assetKey, assetPrefix, MAX_ASSET_KEY_BYTES, MAX_ASSET_NAME_BYTES } from './assets';
