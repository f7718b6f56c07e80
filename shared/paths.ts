/** Defined once: the router answers these paths, API Gateway and CloudFront route them, the web client calls them. */
export const PATHS = {
  api: '/service/web/api/index',
  /** spec 000 section 7 */
  init: '/service/web/api/index/initRequest',
  webConfig: '/service/web/config',
  /** spec 000 section 7 */
  upload: '/service/web/upload/index',
  assets: '/service/a',
  tracking: '/service/t',
  hooks: '/service/hook/v1',
  twilio: '/service/twilio',
} as const;
