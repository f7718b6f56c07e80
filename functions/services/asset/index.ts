/** The asset area's public module: what other areas and code outside `functions/services/` may use. */
export { assetKey, assetPrefix, MAX_ASSET_KEY_BYTES, MAX_ASSET_NAME_BYTES } from './assets';
