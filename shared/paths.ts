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
  /** uploads (spec 000 section 7): JSON with base64 (`index`, `index/uploadS3`) or a multipart form (`indexForm`, `index/uploadS3Form`) */
  upload: '/service/web/upload/index',
  /** an organization's public assets: /service/a/<orgId>/<folder>/<name> */
  assets: '/service/a',
  /** signed tracking links of sent messages: open pixel, click redirect, unsubscribe */
  tracking: '/service/t',
  /** a recipient-action trigger's inbound webhook: POST /service/hook/v1/<orgId>/<planId> (functions/sdk/triggerHook.ts) */
  hooks: '/service/hook/v1',
  /** an organization's Twilio provider's webhooks: POST /service/twilio/<orgId>/<providerId>/(status|inbound) */
  twilio: '/service/twilio',
} as const;
