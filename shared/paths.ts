/**
 * The portal's HTTP paths, defined once: the router answers them, API Gateway and CloudFront route them, the
 * web client calls them.
 */
export const PATHS = {
  /** every catalogue operation: POST {service, payload} */
  api: '/service/web/api/index',
  /** the auth type and version, before anything else (spec 000 section 7) */
  init: '/service/web/api/index/initRequest',
  /** the browser's app key (and, in AES256 mode, its secret) */
  webConfig: '/service/web/config',
  /** signed tracking links of sent messages: open pixel, click redirect, unsubscribe */
  tracking: '/service/t',
} as const;
